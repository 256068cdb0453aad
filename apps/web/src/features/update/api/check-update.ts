// /api/main/update: is this build (APP_VERSION) current, optionally or necessarily
// behind? (API.md)
import { queryOptions } from '@tanstack/react-query';
import { APP_VERSION } from '@olive/protocol/app';
import type { UpdateData } from '@olive/protocol/calls';
import { callApi } from '../../../lib/api.ts';

export const checkUpdate = () => callApi<UpdateData>('/api/main/update', { version: APP_VERSION });

type UpdateReply = Awaited<ReturnType<typeof checkUpdate>>;
let handedOver: UpdateReply | undefined;

/**
 * The reply of the check behind Home (background-check.ts), for the update screen it opens
 * when a release is waiting: that screen's check takes it instead of asking again.
 */
export function handOverCheck(reply: UpdateReply): void {
  handedOver = reply;
}

export const updateCheckQuery = () =>
  queryOptions({
    queryKey: ['update-check', APP_VERSION],
    queryFn: () => {
      const reply = handedOver;
      handedOver = undefined;
      return reply ?? checkUpdate();
    },
    staleTime: 0,
    gcTime: 0,
  });
