// /api/main/downapp: the installable web app plus the store links an operator set.
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/api.ts';

export interface AppDownload {
  pwa: boolean;
  android_url: string;
  ios_url: string;
}

export function useAppDownload() {
  return useQuery({
    queryKey: ['content', 'downapp'] as const,
    queryFn: () => callData<AppDownload>('/api/main/downapp'),
  });
}
