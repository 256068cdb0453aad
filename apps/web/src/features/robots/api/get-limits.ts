// /api/user/quanlimits: what the create screen may offer for a market and principal, so
// the investor sees every bound before typing (as Bybit's validate-input): the principal's
// minimum, the grid counts the principal funds, the range a custom setting may span, the
// smallest step that keeps money after two maker fees, and the grid types.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/api.ts';

export type GridType = 'arithmetic' | 'geometric';
export const GRID_TYPES: readonly GridType[] = ['arithmetic', 'geometric'];

export interface RobotLimits {
  market: string;
  principal: string;
  principal_min: string;
  price: string;
  grids_min: number;
  grids_max: number;
  range_low_min: string;
  range_high_max: string;
  /** Per cent: "0.04" is 0.04%. */
  step_min_pct: string;
  price_tick: string;
  min_order: string;
  grid_types: GridType[];
  maker_fee_rate: string;
  taker_fee_rate: string;
}

export const getRobotLimits = (market: string, principal: string) =>
  callData<RobotLimits>('/api/user/quanlimits', { market, principal });

/** principal '' asks for the market's minimum; keeps the last answer while typing. */
export function useRobotLimits(market: string, principal: string) {
  return useQuery({
    queryKey: ['trade', 'limits', market, principal] as const,
    queryFn: () => getRobotLimits(market, principal),
    enabled: market !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
