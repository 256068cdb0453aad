// Proof of reserves calls (issue 16): the latest snapshots (public). The caller's inclusion
// proof is fetched by the check itself (run-check.ts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/api.ts';

export interface ReserveSnapshot {
  snapshot_id: string;
  taken_at: string;
  liabilities: string;
  reserves: string | null;
  ratio: string | null;
  root: string;
  anchor_tx: string | null;
  anchor_network: string | null;
  leaf_count: number;
  file: string;
  networks: {
    network: string;
    block: string;
    reserves: string;
    custody: string;
    ratio: string | null;
  }[];
}

export type { InclusionProof } from '../verify.ts';

export const reservesQuery = () =>
  queryOptions({
    queryKey: ['reserves'],
    queryFn: () => callData<{ list: ReserveSnapshot[] }>('/api/main/reserves'),
  });

export function useReserves() {
  return useQuery(reservesQuery());
}
