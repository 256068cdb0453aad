// The one port through which robots, backtests and screens see prices, so the built-in
// simulator and a real exchange are interchangeable (ARCHITECTURE.md, Market).
import type { MarketId } from './markets.ts';

/** A trade price at a moment; price in 10^-8 USDT per base coin, ts in ms since epoch. */
export interface Tick {
  market: MarketId;
  ts: number;
  price: bigint;
}

/** One minute of trading, opening at ts (a multiple of 60,000 ms). Volume in base coin. */
export interface Candle {
  ts: number;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volume: number;
}

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

/** The same shape as the server's clock port, so a ManualClock drives a feed in tests. */
export interface Clock {
  now(): Date;
}

export interface PriceFeed {
  /** 'simulated' makes every market screen show the "Demo market data" badge. */
  readonly source: 'simulated' | 'exchange';
  /** Calls onTick for every new price of the market; returns the unsubscribe function. */
  subscribe(market: MarketId, onTick: (tick: Tick) => void): () => void;
  /** The newest price, or undefined before the first one arrived. */
  latest(market: MarketId): Tick | undefined;
  /** Completed 1-minute candles with from <= ts < to, oldest first. */
  candles(market: MarketId, from: number, to: number): Promise<Candle[]>;
}
