// /api/user/invest: the Top Up screen of one network (deposit address, minimum,
// confirmations) and its deposits. While a deposit is confirming, or one is expected
// (test USDT just sent), the screen asks again every 2 s so progress is live.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../lib/api.ts';
import type { Network } from '../utils/networks.ts';

export type DepositStatus = 'pending' | 'credited' | 'below_minimum' | 'orphaned';

export interface Deposit {
  id: string;
  tx_hash: string;
  amount: string;
  confirmations: number;
  required_confirmations: number;
  status: DepositStatus;
  created_at: string;
  credited_at: string | null;
}

export interface DepositInfo {
  network: Network;
  address: string;
  enabled: boolean;
  min_deposit: string;
  confirmations: number;
  contract: string;
  /** The local devchain runs: "Send me test USDT" is offered. */
  faucet: boolean;
  deposits: Deposit[];
}

export const DEPOSIT_POLL_MS = 2000;

export const depositInfoKey = (network: Network) => ['wallet', 'invest', network] as const;

export const getDepositInfo = (network: Network) =>
  callData<DepositInfo>('/api/user/invest', { network });

export const depositInfoQuery = (network: Network) =>
  queryOptions({
    queryKey: depositInfoKey(network),
    queryFn: () => getDepositInfo(network),
    staleTime: 5_000,
  });

export const hasPendingDeposit = (info: DepositInfo | undefined) =>
  info?.deposits.some((d) => d.status === 'pending') ?? false;

/** The deposit info, polled while a deposit is pending or `expecting` one. */
export function useDepositInfo(network: Network, expecting: boolean) {
  return useQuery({
    ...depositInfoQuery(network),
    refetchInterval: (query) =>
      expecting || hasPendingDeposit(query.state.data) ? DEPOSIT_POLL_MS : false,
  });
}

export function useInvalidateDepositInfo() {
  const queryClient = useQueryClient();
  return (network: Network) => queryClient.invalidateQueries({ queryKey: depositInfoKey(network) });
}
