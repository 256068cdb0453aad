// /api/main/markets (public): every robot market's price, 24-hour figures and minimum
// principal, and whether the prices come from the built-in simulator ("Demo market data").
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/api.ts';

export interface MarketSummary {
  /** "BTC/USDT" */
  market: string;
  price: string;
  /** A rate: "-0.0123" is -1.23%. */
  change_24h: string;
  high_24h: string;
  low_24h: string;
  min_principal: string;
}

export interface Markets {
  source: 'simulated' | 'exchange';
  markets: MarketSummary[];
}

/** Prices on screen refresh this often. */
export const MARKETS_REFRESH_MS = 4_000;

export const getMarkets = () => callData<Markets>('/api/main/markets');

export const marketsQuery = () =>
  queryOptions({
    queryKey: ['trade', 'markets'] as const,
    queryFn: getMarkets,
    staleTime: MARKETS_REFRESH_MS,
    refetchInterval: MARKETS_REFRESH_MS,
  });

export const useMarkets = () => useQuery(marketsQuery());
