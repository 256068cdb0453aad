// My rentals (/api/user/minermy), one rental with each day's payout and its inputs
// (/api/user/minerinfo), the records (/api/user/minerlog), and renew / auto-renew
// (/api/user/openminer).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callData, callOk } from '../../../lib/api.ts';
import type { MiningSource } from './models.ts';

export interface Rental {
  rental_id: string;
  model_id: string;
  model: string;
  hash_rate_ths: string;
  hash_rate_24h_ths: string;
  days: number;
  price_per_day: string;
  electricity_per_day: string;
  started_at: string;
  expires_at: string;
  starts_on: string;
  ends_on: string;
  status: 'active' | 'expired';
  auto_renew: boolean;
  cumulative_earnings: string;
  paid_days: number;
}

export interface Payout {
  day: string;
  difficulty: string;
  network_hashrate: string;
  block_reward: string;
  btc_price: string;
  hash_rate_ths: string;
  output_btc: string;
  gross: string;
  electricity: string;
  amount: string;
  /** The forecast for the day, stored when its term was paid for (null: none stored). */
  forecast_amount: string | null;
}

export interface RentalDetail extends Rental {
  current_balance: string;
  source: MiningSource;
  forecast_total: string;
  realised_total: string;
  forecast_days: number;
  accruing_today: string;
  accruing_day_estimate: string;
  accruing_paid_about: string | null;
  payouts: Payout[];
}

export interface MiningRecord {
  id: string;
  kind: 'rent' | 'renew' | 'auto_renew' | 'payout';
  rental_id: string;
  model: string;
  amount: string;
  days: number;
  day: string;
  created_at: string;
}

interface Page<T> {
  list: T[];
  page: number;
  limit: number;
  total: number;
}

/** The detail screen's search: `?id=12` (a number, so the router does not quote it). */
export const rentalSearch = (rentalId: string) => {
  const id = Number(rentalId);
  return { id: Number.isSafeInteger(id) ? id : rentalId };
};

export const myRentalsQuery = queryOptions({
  queryKey: ['mining', 'mine'],
  queryFn: () => callData<Page<Rental>>('/api/user/minermy', { page: 1, limit: 50 }),
});
export const useMyRentals = (enabled = true) => useQuery({ ...myRentalsQuery, enabled });

export const rentalQuery = (rentalId: string) =>
  queryOptions({
    queryKey: ['mining', 'rental', rentalId],
    queryFn: () => callData<RentalDetail>('/api/user/minerinfo', { rental_id: rentalId }),
  });
export const useRental = (rentalId: string) =>
  useQuery({ ...rentalQuery(rentalId), enabled: rentalId !== '' });

export const recordsQuery = queryOptions({
  queryKey: ['mining', 'records'],
  queryFn: () => callData<Page<MiningRecord>>('/api/user/minerlog', { page: 1, limit: 50 }),
});
export const useMiningRecords = (enabled = true) => useQuery({ ...recordsQuery, enabled });

export type RentalAction = 'renew' | 'auto_renew_on' | 'auto_renew_off';

export function useRentalAction(rentalId: string, onPaid?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { action: RentalAction; days?: string }) =>
      callOk<Rental>('/api/user/openminer', { rental_id: rentalId, ...input }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['mining'] });
      onPaid?.();
    },
  });
}
