// /api/user/drawinfo: what the Withdraw screen needs for one network: the saved
// address, balance, fee, minimum, today's remaining limit and any lock.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../lib/api.ts';
import type { Network } from '../utils/networks.ts';

export interface DrawInfo {
  network: Network;
  /** '' while no withdrawal address is saved for the network. */
  address: string;
  balance: string;
  fee: string;
  min_amount: string;
  daily_limit: string;
  daily_remaining: string;
  enabled: boolean;
  decimals: number;
  /** ISO time until which withdrawals are paused, or ''. */
  locked_until: string;
  /** Why (decision 185): a HoldReason, '' with no hold, or a newer code this app does not know. */
  locked_reason: string;
}

/** The hold reasons this app has words for (wallet.holdReason.*). */
export const HOLD_REASONS = [
  'password_reset',
  'password_changed',
  'fund_password_changed',
  'fund_password_tries',
  'two_factor_off',
  'contact_bound',
  'address_reset',
] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/** True for a reason the app can say; another code shows only "paused until". */
export const holdReason = (code: string): code is HoldReason =>
  (HOLD_REASONS as readonly string[]).includes(code);

/** Every network's drawinfo. */
export const DRAW_INFO_KEY = ['wallet', 'drawinfo'] as const;
export const drawInfoKey = (network: Network) => [...DRAW_INFO_KEY, network] as const;

export const getDrawInfo = (network: Network) =>
  callData<DrawInfo>('/api/user/drawinfo', { network });

export const drawInfoQuery = (network: Network) =>
  queryOptions({
    queryKey: drawInfoKey(network),
    queryFn: () => getDrawInfo(network),
    staleTime: 5_000,
  });

/** `enabled` false while the screen still decides which network to open on. */
export function useDrawInfo(network: Network, enabled = true) {
  return useQuery({ ...drawInfoQuery(network), enabled });
}

/** Every network's drawinfo asked again (after a withdrawal, a refusal, a saved address). */
export function useInvalidateDrawInfo() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: DRAW_INFO_KEY });
}
