// Real prices from an exchange through ccxt, behind the same PriceFeed port as the
// simulator; the exchange object is injected so tests replay recorded payloads offline.
import { MINUTE_MS, type Candle, type Clock, type PriceFeed, type Tick } from './feed.ts';
import { MARKET_IDS, priceFromNumber, type MarketId } from './markets.ts';

/** The two ccxt methods the feed uses; a ccxt Exchange instance satisfies this. */
export interface ExchangeClient {
  fetchTicker(symbol: string): Promise<{
    last?: number | undefined;
    close?: number | undefined;
    timestamp?: number | undefined;
  }>;
  fetchOHLCV(
    symbol: string,
    timeframe?: string,
    since?: number,
    limit?: number,
  ): Promise<(number | undefined)[][]>;
}

export interface CcxtFeedOptions {
  exchange: ExchangeClient;
  markets?: readonly MarketId[];
  /** Ticker polling interval; ccxt's own rate limiter spaces the requests further. */
  pollMs?: number;
  /** Candles per fetchOHLCV request (Binance allows 1,000). */
  candleLimit?: number;
  clock?: Clock;
  /** A failed poll keeps the last price and reports here (default: console.warn). */
  onError?: (error: unknown, market: MarketId) => void;
}

const systemClock: Clock = { now: () => new Date() };

export class CcxtFeed implements PriceFeed {
  readonly source = 'exchange' as const;
  private readonly exchange: ExchangeClient;
  private readonly markets: readonly MarketId[];
  private readonly pollMs: number;
  private readonly candleLimit: number;
  private readonly clock: Clock;
  private readonly onError: (error: unknown, market: MarketId) => void;
  private readonly ticks = new Map<MarketId, Tick>();
  private readonly listeners = new Map<MarketId, Set<(tick: Tick) => void>>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running = false;

  constructor(options: CcxtFeedOptions) {
    this.exchange = options.exchange;
    this.markets = options.markets ?? MARKET_IDS;
    this.pollMs = options.pollMs ?? 1000;
    this.candleLimit = options.candleLimit ?? 1000;
    this.clock = options.clock ?? systemClock;
    this.onError =
      options.onError ??
      ((error, market) => console.warn(`price feed: ${market}: ${String(error)}`));
  }

  /** A feed on a real exchange, e.g. 'binance'; ccxt is loaded only when this is called. */
  static async connect(
    exchangeId: string,
    options: Omit<CcxtFeedOptions, 'exchange'> = {},
  ): Promise<CcxtFeed> {
    const { default: ccxt } = await import('ccxt');
    const Exchange = (ccxt as unknown as Record<string, unknown>)[exchangeId];
    if (typeof Exchange !== 'function') throw new Error(`ccxt has no exchange "${exchangeId}"`);
    const exchange = new (Exchange as new (config: object) => ExchangeClient)({
      enableRateLimit: true,
    });
    return new CcxtFeed({ ...options, exchange });
  }

  subscribe(market: MarketId, onTick: (tick: Tick) => void): () => void {
    let set = this.listeners.get(market);
    if (!set) this.listeners.set(market, (set = new Set()));
    set.add(onTick);
    return () => set.delete(onTick);
  }

  latest(market: MarketId): Tick | undefined {
    return this.ticks.get(market);
  }

  /** One round of fetchTicker for every market; new prices go to the subscribers. */
  async poll(): Promise<void> {
    await Promise.all(
      this.markets.map(async (market) => {
        try {
          const ticker = await this.exchange.fetchTicker(market);
          const last = ticker.last ?? ticker.close;
          if (last === undefined || !(last > 0)) return;
          const tick: Tick = {
            market,
            ts: ticker.timestamp ?? this.clock.now().getTime(),
            price: priceFromNumber(last),
          };
          const previous = this.ticks.get(market);
          if (previous && previous.ts >= tick.ts && previous.price === tick.price) return;
          this.ticks.set(market, tick);
          for (const listener of this.listeners.get(market) ?? []) listener(tick);
        } catch (error) {
          this.onError(error, market);
        }
      }),
    );
  }

  /** Completed candles in [from, to), fetched page by page with fetchOHLCV(symbol, '1m'). */
  async candles(market: MarketId, from: number, to: number): Promise<Candle[]> {
    const end = Math.min(to, this.clock.now().getTime() - MINUTE_MS + 1);
    const candles: Candle[] = [];
    let since = from;
    while (since < end) {
      const rows = await this.exchange.fetchOHLCV(market, '1m', since, this.candleLimit);
      let next = since;
      for (const row of rows) {
        const candle = toCandle(row);
        if (!candle || candle.ts < since) continue;
        next = Math.max(next, candle.ts + MINUTE_MS);
        if (candle.ts >= from && candle.ts < end) candles.push(candle);
      }
      if (next === since) break; // no newer rows: the exchange has nothing more
      since = next;
    }
    return candles;
  }

  /** Polls every pollMs (after the previous round finished) until stop(). */
  start(): void {
    if (this.running) return;
    this.running = true;
    const loop = async () => {
      await this.poll();
      if (this.running) this.timer = setTimeout(loop, this.pollMs);
    };
    void loop();
  }

  stop(): void {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** ccxt OHLCV row [ts, open, high, low, close, volume] -> Candle; null if incomplete. */
export function toCandle(row: readonly (number | undefined)[]): Candle | null {
  const [ts, open, high, low, close, volume] = row;
  if (
    ts === undefined ||
    open === undefined ||
    high === undefined ||
    low === undefined ||
    close === undefined
  ) {
    return null;
  }
  return {
    ts,
    open: priceFromNumber(open),
    high: priceFromNumber(high),
    low: priceFromNumber(low),
    close: priceFromNumber(close),
    volume: volume ?? 0,
  };
}
