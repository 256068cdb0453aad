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
}

export const modelsQuery = queryOptions({
  queryKey: ['mining', 'models'],
  queryFn: () => callData<{ source: MiningSource; list: MinerModel[] }>('/api/user/minerconf'),
  staleTime: 60_000,
});

export const useMinerModels = () => useQuery(modelsQuery);

export interface RentInput {
  model_id: string;
  days: string;
  fund_password: string;
}

export function useRentMiner(onPaid?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RentInput) =>
      callOk<{ rental_id: string }>('/api/user/minercreate', { ...input, days: input.days.trim() }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['mining'] });
      onPaid?.();
    },
  });
}
