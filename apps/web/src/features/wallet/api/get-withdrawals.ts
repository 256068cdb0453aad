// /api/user/withdrawlist: the investor's withdrawals, newest first. While one is on its
// way (approved or broadcast) the list is asked again every 3 s so its state and
// confirmations move on screen; one waiting for review is checked every 15 s.
import { useInfiniteQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/api.ts';
import type { Network } from '../utils/networks.ts';

export type WithdrawalStatus =
  'pending_review' | 'approved' | 'broadcast' | 'confirmed' | 'rejected' | 'failed';

export interface Withdrawal {
  withdrawal_id: string;
  network: Network;
  address: string;
  amount: string;
  fee: string;
  receive_amount: string;
  status: WithdrawalStatus;
  tx_hash: string;
  confirmations: number;
  reason: string;
  created_at: string;
  updated_at: string;
}

export interface WithdrawalPage {
  list: Withdrawal[];
  page: number;
  limit: number;
  total: number;
}

export const WITHDRAWALS_LIMIT = 10;
export const withdrawalsKey = ['wallet', 'withdrawals'] as const;

export const getWithdrawals = (page: number, limit = WITHDRAWALS_LIMIT) =>
  callData<WithdrawalPage>('/api/user/withdrawlist', { page, limit });

export const isMoving = (w: Withdrawal) => w.status === 'approved' || w.status === 'broadcast';
export const isFinal = (w: Withdrawal) =>
  w.status === 'confirmed' || w.status === 'rejected' || w.status === 'failed';

export function useWithdrawals() {
  return useInfiniteQuery({
    queryKey: withdrawalsKey,
    queryFn: ({ pageParam }) => getWithdrawals(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.limit < last.total && last.list.length > 0 ? last.page + 1 : undefined,
    refetchInterval: (query) => {
      const all = query.state.data?.pages.flatMap((p) => p.list) ?? [];
      if (all.some(isMoving)) return 3000;
      if (all.some((w) => w.status === 'pending_review')) return 15_000;
      return false;
    },
  });
}
