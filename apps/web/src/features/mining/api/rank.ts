// /api/user/minerrank: users by mining earnings (public); /api/main/production: Home's
// production information (network figures and today's output per TH/s); /api/main/hashprice.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/api.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { getUserId } from '../../../lib/session.ts';

export type RankPeriod = 'all' | '7d' | '30d';

export interface RankRow {
  rank: number;
  nickname: string;
  demo: boolean;
  /** The reader's own row (shown as "You"). */
  me: boolean;
  cumulative_earnings: string;
  hash_rate_ths: string;
}

export const rankQuery = (period: RankPeriod) =>
  queryOptions({
    // Demo investors' names come in the reader's language, and the reader's row is marked.
    queryKey: ['mining', 'rank', period, currentLanguage(), getUserId()],
    queryFn: () => callData<{ period: string; list: RankRow[] }>('/api/user/minerrank', { period }),
    staleTime: 60_000,
  });
export const useMinerRank = (period: RankPeriod) => useQuery(rankQuery(period));

export interface Production {
  day: string;
  source: string;
  network_hashrate_ehs: string;
  difficulty: string;
  block_reward: string;
  btc_price: string;
  output_per_ths_btc: string;
  output_per_ths_usdt: string;
  miners_rented: number;
  rented_hash_rate_ths: string;
}

export const productionQuery = queryOptions({
  queryKey: ['mining', 'production'],
  queryFn: () => callData<Production>('/api/main/production'),
  staleTime: 60_000,
});
export const useProduction = () => useQuery(productionQuery);

/** /api/main/hashprice: USDT per TH/s per day, the next adjustment, 30 days of history. */
export interface Hashprice {
  day: string;
  source: string;
  hashprice: string;
  difficulty: string;
  next_adjustment: {
    progress_pct: number | null;
    est_change_pct: number | null;
    est_date: string | null;
  };
  history: { day: string; hashprice: string }[];
}

export const hashpriceQuery = queryOptions({
  queryKey: ['mining', 'hashprice'],
  queryFn: () => callData<Hashprice>('/api/main/hashprice'),
  staleTime: 60_000,
});
export const useHashprice = () => useQuery(hashpriceQuery);
