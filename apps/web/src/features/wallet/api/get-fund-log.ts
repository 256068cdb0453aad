// /api/user/usdtlog: Fund Details, every change of the balance with the balance after
// it, newest first. A filter chip is a group of entry kinds; see merge-pages.ts.
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../lib/api.ts';
import { nextMerged, startCursor, type MergeCursor } from '../utils/merge-pages.ts';

export interface FundRecord {
  id: string;
  kind: string;
  /** Signed change of the balance ("-25.5"). */
  amount: string;
  balance_after: string;
  created_at: string;
  memo: string;
  /** What it records in its current state, translated by the server. */
  description: string;
  /** The current state of what it records, when it has one (a withdrawal's status). */
  state?: string;
}

interface FundLogPage {
  list: FundRecord[];
  page: number;
  limit: number;
  total: number;
}

export const FUND_LOG_LIMIT = 20;

/**
 * The chips and the entry kinds behind them (apps/server ledger kinds that touch the
 * balance); "all" reads the unfiltered list.
 */
export const FUND_FILTERS = {
  all: [''],
  deposits: ['deposit'],
  withdrawals: ['withdrawal_freeze', 'withdrawal_release'],
  robots: ['robot_fund', 'robot_return', 'robot_settle', 'robot_profit_share'],
  mining: ['mining_rent', 'mining_payout'],
  commissions: ['commission', 'commission_release', 'commission_reversal'],
  adjustments: ['adjustment_credit', 'adjustment_debit'],
} as const satisfies Record<string, readonly string[]>;

export type FundFilter = keyof typeof FUND_FILTERS;

/** The fund log under every filter. */
export const FUND_LOG_KEY = ['wallet', 'usdtlog'] as const;
export const fundLogKey = (filter: FundFilter) => [...FUND_LOG_KEY, filter] as const;

export const getFundLogPage = (kind: string, page: number, limit: number) =>
  callData<FundLogPage>('/api/user/usdtlog', { page, limit, kind: kind || undefined });

export function useFundLog(filter: FundFilter) {
  return useInfiniteQuery({
    queryKey: fundLogKey(filter),
    queryFn: ({ pageParam }) => nextMerged(pageParam, FUND_LOG_LIMIT, getFundLogPage),
    initialPageParam: startCursor(FUND_FILTERS[filter]) as MergeCursor,
    getNextPageParam: (last) => last.next ?? undefined,
  });
}

/** The fund log asked again under every filter, when a balance moved. */
export function useInvalidateFundLog() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: FUND_LOG_KEY });
}
