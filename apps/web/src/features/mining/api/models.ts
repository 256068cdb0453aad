// /api/user/minerconf: the machine models with today's estimate; /api/user/minercreate:
// rent one (price x days from the balance, fund password).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callData, callOk } from '../../../lib/api.ts';

export type MiningSource = 'simulated' | 'mempool';

export interface MinerModel {
  model_id: string;
  name: string;
  algorithm: string;
  hash_rate_ths: string;
  power_w: number;
  price_per_day: string;
  electricity_per_day: string;
  min_days: number;
  stock: number;
  stock_left: number;
  est_gross_output: string;
  est_daily_output: string;
  est_breakeven_days: number | null;
  hashprice: string;
  est_net_per_day: string;
  breakeven_btc_price: string | null;
  btc_instead: string;
  est_btc_mined: string;
  /** The term's net after electricity, in BTC at today's price. */
  est_btc_net: string;
  term_exceeds_breakeven: 0 | 1;
  halving_on: string | null;
  forecast: TermOutcome[];
}

/** The term's net under a difficulty change per adjustment (0, +2, +4%). */
export interface TermOutcome {
  difficulty_change_pct: number;
  est_net_total: string;
}

/** /api/user/minerquote: what renting a model for N days is expected to do. */
export interface MinerQuote {
  model_id: string;
  day: string;
  hashprice: string;
  btc_price: string;
  est_net_per_day: string;
  term_days: number;
  rent: string;
  breakeven_days: number | null;
  breakeven_btc_price: string | null;
  btc_instead: string;
  est_btc_mined: string;
  /** The term's net after electricity, in BTC at today's price. */
  est_btc_net: string;
  est_gross_total: string;
  est_electricity_total: string;
  est_net_total: string;
  est_result_total: string;
  term_exceeds_breakeven: 0 | 1;
  halving_on: string | null;
  forecast: TermOutcome[];
}

export const modelsQuery = queryOptions({
  queryKey: ['mining', 'models'],
  queryFn: () => callData<{ source: MiningSource; list: MinerModel[] }>('/api/user/minerconf'),
  staleTime: 60_000,
});

export const useMinerModels = () => useQuery(modelsQuery);

/** The rent sheet's figures for the days typed (none until they are a valid term). */
export const useMinerQuote = (modelId: string, days: string | null) =>
  useQuery({
    queryKey: ['mining', 'quote', modelId, days],
    queryFn: () =>
      callData<MinerQuote>('/api/user/minerquote', { model_id: modelId, days: days ?? '' }),
    enabled: days !== null,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });

export interface RentInput {
  model_id: string;
  days: string;
  fund_password: string;
}

export function useRentMiner(onPaid?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RentInput) =>
      callOk<{ rental_id: string }>('/api/user/minercreate', { ...input }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['mining'] });
      onPaid?.();
    },
  });
}
