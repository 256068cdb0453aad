// The exchange feed runs offline on payloads in ccxt's shape (tickers and 1m OHLCV of
// Binance), through a fake holding just the two methods the adapter calls.
import { readFileSync } from 'node:fs';
import type { Exchange } from 'ccxt';
import { describe, expect, it } from 'vitest';
import { CcxtFeed, toCandle, type ExchangeClient } from './ccxt-feed.ts';
import { MINUTE_MS, type Tick } from './feed.ts';
import { priceFromNumber } from './markets.ts';
import { TestClock, units } from './test-helpers.ts';

type Ticker = { symbol: string; last: number; timestamp: number };
const fixture = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as T;
const tickers = fixture<Record<string, Ticker>>('binance-tickers.json');
const ohlcv = fixture<number[][]>('binance-ohlcv-btc-usdt-1m.json');
const FIRST = ohlcv[0]![0]!;
const AFTER = ohlcv.at(-1)![0]! + MINUTE_MS; // the fixture's last candle is complete by then

// a ccxt Exchange is an ExchangeClient (checked by tsc)
const _asClient = (exchange: Exchange): ExchangeClient => exchange;

/** Answers like Binance: OHLCV rows from since, at most limit (Binance caps at 1,000). */
class RecordedExchange implements ExchangeClient {
  calls: string[] = [];
  failing = new Set<string>();
  async fetchTicker(symbol: string) {
    this.calls.push(`ticker ${symbol}`);
    if (this.failing.has(symbol)) throw new Error('RequestTimeout: binance GET /ticker/24hr');
    const ticker = tickers[symbol];
    if (!ticker) throw new Error(`BadSymbol: binance does not have market symbol ${symbol}`);
    return ticker;
  }
  async fetchOHLCV(symbol: string, timeframe = '1m', since = 0, limit = 500) {
    this.calls.push(`ohlcv ${symbol} ${timeframe} ${since} ${limit}`);
    if (symbol !== 'BTC/USDT') return [];
    return ohlcv.filter((row) => row[0]! >= since).slice(0, Math.min(limit, 1000));
  }
}

describe('CcxtFeed on recorded payloads', () => {
  it('polls tickers into exact prices and tells subscribers once per new price', async () => {
    const exchange = new RecordedExchange();
    const feed = new CcxtFeed({ exchange, markets: ['BTC/USDT', 'ETH/USDT'] });
    const seen: Tick[] = [];
    feed.subscribe('BTC/USDT', (tick) => seen.push(tick));
    expect(feed.latest('BTC/USDT')).toBeUndefined();
    await feed.poll();
    await feed.poll(); // the same payload again: nothing new
    const btc = tickers['BTC/USDT']!;
    expect(seen).toEqual([
      { market: 'BTC/USDT', ts: btc.timestamp, price: priceFromNumber(btc.last) },
    ]);
    expect(seen[0]!.price).toBe(units('90171.06'));
    expect(feed.latest('ETH/USDT')?.price).toBe(units('3021.37'));
    expect(feed.source).toBe('exchange');
  });

  it('keeps the last price when a poll fails, and reports the error', async () => {
    const exchange = new RecordedExchange();
    const errors: string[] = [];
    const feed = new CcxtFeed({
      exchange,
      markets: ['BTC/USDT'],
      onError: (error, market) => errors.push(`${market}: ${String(error)}`),
    });
    await feed.poll();
    exchange.failing.add('BTC/USDT');
    await feed.poll();
    expect(feed.latest('BTC/USDT')?.price).toBe(units('90171.06'));
    expect(errors).toEqual(['BTC/USDT: Error: RequestTimeout: binance GET /ticker/24hr']);
  });

  it('pages through fetchOHLCV and returns completed candles in range', async () => {
    const exchange = new RecordedExchange();
    const feed = new CcxtFeed({ exchange, candleLimit: 100, clock: new TestClock(AFTER) });
    const candles = await feed.candles('BTC/USDT', FIRST, AFTER + 3_600_000);
    expect(candles).toHaveLength(240);
    expect(exchange.calls).toEqual([
      `ohlcv BTC/USDT 1m ${FIRST} 100`,
      `ohlcv BTC/USDT 1m ${FIRST + 100 * MINUTE_MS} 100`,
      `ohlcv BTC/USDT 1m ${FIRST + 200 * MINUTE_MS} 100`,
    ]);
    expect(candles[0]).toEqual(toCandle(ohlcv[0]!));
    expect(candles[0]!.open).toBe(units('91523.41'));
    for (const [i, candle] of candles.entries()) {
      expect(candle.ts).toBe(FIRST + i * MINUTE_MS);
      expect(candle.low <= candle.open && candle.low <= candle.close).toBe(true);
      expect(candle.high >= candle.open && candle.high >= candle.close).toBe(true);
    }
    // the minute still forming is left out, as candles() promises completed ones
    const early = new CcxtFeed({ exchange, clock: new TestClock(FIRST + 10.5 * MINUTE_MS) });
    expect(await early.candles('BTC/USDT', FIRST, AFTER)).toHaveLength(10);
    // a market without history ends the paging at once
    expect(await feed.candles('SOL/USDT', FIRST, AFTER)).toEqual([]);
  });

  it('builds a real ccxt exchange without touching the network', async () => {
    const feed = await CcxtFeed.connect('binance');
    expect(feed.source).toBe('exchange');
    await expect(CcxtFeed.connect('no-such-exchange')).rejects.toThrow(/no exchange/);
  });
});
