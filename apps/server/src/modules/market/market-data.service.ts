// Prices and candles for robots and market screens, from one PriceFeed port: the seeded
// simulator (the same function of time in every process) or an exchange through ccxt.
import {
  CcxtFeed,
  DAY_MS,
  MARKET_IDS,
  MARKETS,
  MINUTE_MS,
  SimulatedFeed,
  formatUnits,
  isMarketId,
  type Candle,
  type ExchangeClient,
  type MarketId,
  type PriceFeed,
  type Tick,
} from '@olive/market';
import { AppError, fieldError } from '../../errors.ts';
import type { Clock } from '../../ports/clock.ts';
import type { Db } from '../../db/database.ts';
import { marketRepository, type MarketRepository } from './market.repository.ts';

export const CANDLE_INTERVALS = { '1m': 1, '15m': 15, '1h': 60 } as const;
export type CandleInterval = keyof typeof CANDLE_INTERVALS;

export interface FeedSettings {
  MARKET_FEED: 'simulated' | 'ccxt';
  MARKET_SEED: number;
  MARKET_EPOCH: string;
  MARKET_EXCHANGE: string;
}

/** A ccxt exchange loaded on first use, so the simulator never imports ccxt. */
function lazyExchange(exchangeId: string): ExchangeClient {
  let client: Promise<ExchangeClient> | null = null;
  const get = () =>
    (client ??= import('ccxt').then(({ default: ccxt }) => {
      const Exchange = (ccxt as unknown as Record<string, unknown>)[exchangeId];
      if (typeof Exchange !== 'function') throw new Error(`ccxt has no exchange "${exchangeId}"`);
      return new (Exchange as new (config: object) => ExchangeClient)({ enableRateLimit: true });
    }));
  return {
    fetchTicker: async (symbol) => (await get()).fetchTicker(symbol),
    fetchOHLCV: async (...args) => (await get()).fetchOHLCV(...args),
  };
}

/**
 * The configured feed. The simulator's series starts at MARKET_EPOCH, so every process
 * (API, worker, a restarted engine) sees the same price at the same moment; it computes
 * any instant's price without replaying the series (decision 111c).
 */
export function createFeed(settings: FeedSettings, clock: Clock): { feed: PriceFeed } {
  if (settings.MARKET_FEED === 'ccxt') {
    return { feed: new CcxtFeed({ exchange: lazyExchange(settings.MARKET_EXCHANGE), clock }) };
  }
  const start = Date.parse(settings.MARKET_EPOCH);
  return { feed: new SimulatedFeed({ seed: settings.MARKET_SEED, start, clock }) };
}

/** A market named on the wire, or a translated refusal listing the markets there are. */
export function marketOf(text: string): MarketId {
  const market = text.trim().toUpperCase();
  if (!isMarketId(market)) {
    throw fieldError('market', 'market.unknown', { markets: MARKET_IDS.join(', ') });
  }
  return market;
}

/** A fraction as the wire's rate string: 0.0123 -> "0.0123" (8 decimals at most). */
export function rateText(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const text = value.toFixed(8).replace(/\.?0+$/, '');
  return text === '-0' ? '0' : text;
}

/** a / b as an exact rate string, rounded toward zero to 8 decimals. */
export function ratioText(a: bigint, b: bigint): string {
  return b === 0n ? '0' : formatUnits((a * 100_000_000n) / b);
}

const isSimulated = (feed: PriceFeed): feed is SimulatedFeed => feed instanceof SimulatedFeed;

export function marketDataService(deps: { feed: PriceFeed; repo: MarketRepository; clock: Clock }) {
  const { feed, repo, clock } = deps;
  const monthCache = new Map<MarketId, { at: number; candles: Candle[] }>();
  const dayCache = new Map<MarketId, { at: number; candles: Candle[] }>();

  /** The simulator advances to the clock's now on demand (no timer in the API process). */
  function refresh() {
    if (isSimulated(feed)) feed.sync();
  }

  /** The newest price. */
  function latest(market: MarketId): Tick {
    const tick = feed.latest(market);
    if (!tick) throw new AppError('market.no_price');
    return tick;
  }

  async function tick(market: MarketId): Promise<Tick> {
    refresh();
    return latest(market);
  }

  async function cached(
    cache: Map<MarketId, { at: number; candles: Candle[] }>,
    market: MarketId,
    spanMs: number,
    maxAgeMs: number,
  ) {
    const now = clock.now().getTime();
    const hit = cache.get(market);
    if (hit && now - hit.at < maxAgeMs && now >= hit.at) return hit.candles;
    refresh();
    const from = now - spanMs;
    const last = hit?.candles.at(-1);
    let candles: Candle[];
    if (hit && last && now >= hit.at && last.ts >= from) {
      // Completed candles never change: read only the minutes since the newest one kept.
      // Generating 30 days of them again took about 0.5 s of the event loop, every 5
      // minutes, on a robot creation's path (found by the soak benchmark).
      const fresh = await feed.candles(market, last.ts + 60_000, now);
      const keepFrom = hit.candles.findIndex((c) => c.ts >= from);
      candles = [...hit.candles.slice(keepFrom), ...fresh];
    } else {
      candles = await feed.candles(market, from, now);
    }
    cache.set(market, { at: now, candles });
    return candles;
  }

  return {
    feed,
    source: feed.source,
    refresh,
    latest,
    tick,

    start() {
      if (feed instanceof CcxtFeed) feed.start();
    },

    stop() {
      if (feed instanceof CcxtFeed) feed.stop();
    },

    /** The last 30 days of 1-minute candles (kept 5 minutes): grid ranges and estimates. */
    lastMonth: (market: MarketId) => cached(monthCache, market, 30 * DAY_MS, 5 * MINUTE_MS),

    /** The Markets screen: price and 24-hour change, high and low of every market. */
    async summary() {
      const markets = [];
      for (const market of MARKET_IDS) {
        const now = await tick(market);
        const day = await cached(dayCache, market, DAY_MS, MINUTE_MS);
        let high = now.price;
        let low = now.price;
        for (const c of day) {
          if (c.high > high) high = c.high;
          if (c.low < low) low = c.low;
        }
        const open = day[0]?.open ?? now.price;
        markets.push({
          market,
          price: formatUnits(now.price),
          change_24h: ratioText(now.price - open, open),
          high_24h: formatUnits(high),
          low_24h: formatUnits(low),
          min_principal: formatUnits(MARKETS[market].minPrincipal),
        });
      }
      return { source: feed.source, markets };
    },

    /**
     * Chart candles, newest last. Read from the stored minutes the engine writes; where
     * they do not cover the window (a fresh database, an idle worker) from the feed.
     */
    async candles(market: MarketId, interval: CandleInterval, limit: number) {
      const minutes = CANDLE_INTERVALS[interval];
      const size = minutes * MINUTE_MS;
      const now = clock.now().getTime();
      const to = now - (now % size);
      const from = to - limit * size;
      let source = await repo.candles(market, from, to);
      if (source.length < ((to - from) / MINUTE_MS) * 0.95) {
        refresh();
        source = await feed.candles(market, from, to);
      }
      const buckets: { t: number; o: bigint; h: bigint; l: bigint; c: bigint }[] = [];
      for (const candle of source) {
        const t = candle.ts - (candle.ts % size);
        const last = buckets[buckets.length - 1];
        if (last && last.t === t) {
          if (candle.high > last.h) last.h = candle.high;
          if (candle.low < last.l) last.l = candle.low;
          last.c = candle.close;
        } else {
          buckets.push({ t, o: candle.open, h: candle.high, l: candle.low, c: candle.close });
        }
      }
      return {
        market,
        interval,
        candles: buckets.map((b) => ({
          t: new Date(b.t).toISOString(),
          o: formatUnits(b.o),
          h: formatUnits(b.h),
          l: formatUnits(b.l),
          c: formatUnits(b.c),
        })),
      };
    },

    /** The engine keeps the candle table up to date: every completed minute since `after`. */
    async storeCandles(market: MarketId, after: number | null) {
      const now = clock.now().getTime();
      const to = now - (now % MINUTE_MS);
      const from = after === null ? to - DAY_MS : after + MINUTE_MS;
      if (from >= to) return after;
      const candles = await feed.candles(market, from, to);
      if (candles.length === 0) return after;
      await repo.saveCandles(market, candles);
      return candles[candles.length - 1]!.ts;
    },

    lastStoredCandle: (market: MarketId) => repo.lastCandleTime(market),
  };
}

export type MarketDataService = ReturnType<typeof marketDataService>;

/**
 * The market data of another moment: the same feed settings and candle table, on a clock
 * the caller moves (the demo seed replays the simulator's past, decision 111d).
 */
export function marketDataAt(settings: FeedSettings, db: Db, clock: Clock) {
  return marketDataService({ ...createFeed(settings, clock), repo: marketRepository(db), clock });
}
