// /api/main/candles (public): a market's 1-minute candles, oldest first, for the price
// chart of a robot's detail. Refreshed while the screen is open.
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/api.ts';

export interface Candle {
  /** Opening minute, ISO-8601 UTC. */
  t: string;
  o: string;
  h: string;
  l: string;
  c: string;
}

export const CANDLES_REFRESH_MS = 15_000;

export const getCandles = (market: string, limit: number) =>
  callData<{ market: string; interval: string; candles: Candle[] }>('/api/main/candles', {
    market,
    interval: '1m',
    limit: String(limit),
  });

export function useCandles(market: string | undefined, limit = 180) {
  return useQuery({
    queryKey: ['trade', 'candles', market, limit] as const,
    queryFn: () => getCandles(market!, limit),
    enabled: Boolean(market),
    staleTime: CANDLES_REFRESH_MS,
    refetchInterval: CANDLES_REFRESH_MS,
  });
}
