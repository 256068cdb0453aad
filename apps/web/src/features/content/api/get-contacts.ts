// /api/main/callme: customer-service contacts (a group or a person, each a link), the same
// list /api/user/cslist gives a signed-in investor.
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/api.ts';

export interface SupportContact {
  id: string;
  kind: 'group' | 'person';
  channel: string;
  label: string;
  url: string;
  hours: string;
}

export function useContacts() {
  return useQuery({
    queryKey: ['content', 'contacts'] as const,
    queryFn: async () => (await callData<{ list: SupportContact[] }>('/api/main/callme')).list,
  });
}
