// /api/main/update: is this build (APP_VERSION) current, optionally or necessarily
// behind? (API.md)
import { queryOptions } from '@tanstack/react-query';
import { APP_VERSION, type UpdateData } from '@olive/protocol';
import { callApi } from '../../../lib/api.ts';

export const checkUpdate = () => callApi<UpdateData>('/api/main/update', { version: APP_VERSION });

export const updateCheckQuery = () =>
  queryOptions({
    queryKey: ['update-check', APP_VERSION],
    queryFn: checkUpdate,
    staleTime: 0,
    gcTime: 0,
  });
