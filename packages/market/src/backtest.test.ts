// The backtester turns a price history into the figures a robot's screen shows as an
// estimate; it must be fast, reproducible and consistent with the grid it replays.
import { describe, expect, it } from 'vitest';
import { backtest, expectedDailyYield, median } from './backtest.ts';
import { DAY_MS, MINUTE_MS, type Candle } from './feed.ts';
import { MARKET_IDS } from './markets.ts';
import { SimulatedFeed } from './simulated-feed.ts';
import { T0, TestClock, units } from './test-helpers.ts';

const feed = new SimulatedFeed({ seed: 17, clock: new TestClock(T0) });
const month = (market: (typeof MARKET_IDS)[number]) => feed.history(market, T0 - 30 * DAY_MS, T0);

/** A steady decline of 1% a day for 30 days, as 1-minute candles. */
const decline: Candle[] = Array.from({ length: 30 * 1440 }, (_, i) => {
  const at = (k: number) => units((180 * Math.pow(0.99, k / 1440)).toFixed(2));
  const open = at(i);
  const close = at(i + 1);
  return { ts: T0 + i * MINUTE_MS, open, high: open, low: close, close, volume: 1 };
});

describe('backtest', () => {
  it('replays 30 days of 1-minute candles in milliseconds and reports the figures', () => {
    const candles = month('BTC/USDT');
    expect(candles).toHaveLength(43_200);
    backtest({ market: 'BTC/USDT', direction: 'long', candles }); // warm up the JIT
    const started = process.cpuUsage();
    const result = backtest({ market: 'BTC/USDT', direction: 'long', candles });
    const cpu = process.cpuUsage(started);
    const ms = (cpu.user + cpu.system) / 1000;
    process.stdout.write(
      `backtest: 30 days / 43,200 candles, one robot: ${ms.toFixed(1)} ms CPU, ` +
        `${result.trades} trades, return ${(result.totalReturn * 100).toFixed(2)}%\n`,
    );
    expect(ms).toBeLessThan(2000);
    expect(result.daily).toHaveLength(30);
    expect(result.trades).toBeGreaterThan(0);
    expect(result.profitableTrades).toBeLessThanOrEqual(result.roundTrips);
    expect(result.maxDrawdown).toBeGreaterThanOrEqual(0);
    expect(result.maxDrawdown).toBeLessThan(1);
    // the days add up exactly to the marked equity at the end
    const dailyPnl = result.daily.reduce((sum, day) => sum + day.pnl, 0n);
    expect(result.principal + dailyPnl).toBe(result.daily.at(-1)!.equity);
    // and the closed result differs from the marked one only by the exit
    expect(result.finalEquity).toBe(result.principal + result.pnl);
    expect(backtest({ market: 'BTC/USDT', direction: 'long', candles })).toEqual(result);
  });

  it('shows the loss of a long grid in a falling market, and the short grid earning', () => {
    const long = backtest({ market: 'SOL/USDT', direction: 'long', candles: decline });
    const short = backtest({ market: 'SOL/USDT', direction: 'short', candles: decline });
    const neutral = backtest({ market: 'SOL/USDT', direction: 'neutral', candles: decline });
    expect(long.pnl).toBeLessThan(0n);
    expect(long.totalReturn).toBeLessThan(-0.1);
    expect(long.maxDrawdown).toBeGreaterThan(0.1);
    expect(short.pnl).toBeGreaterThan(0n);
    expect(neutral.pnl).toBeGreaterThan(long.pnl);
    expect(neutral.pnl).toBeLessThan(short.pnl);
    expect(expectedDailyYield('SOL/USDT', 'long', decline)).toBeLessThan(0);
  });

  it('estimates the expected daily yield as the median day of the same settings', () => {
    for (const market of MARKET_IDS) {
      const candles = month(market);
      for (const direction of ['long', 'short', 'neutral'] as const) {
        const result = backtest({ market, direction, candles });
        const estimate = expectedDailyYield(market, direction, candles);
        expect(estimate).toBe(median(result.daily.map((day) => day.return)));
        expect(Math.abs(estimate)).toBeLessThan(0.05); // a grid is not a money machine
      }
    }
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('trades more when it looks inside candles (the optimistic path)', () => {
    const candles = month('ETH/USDT');
    const byClose = backtest({ market: 'ETH/USDT', direction: 'neutral', candles });
    const byRange = backtest({ market: 'ETH/USDT', direction: 'neutral', candles, path: 'ohlc' });
    expect(byRange.trades).toBeGreaterThanOrEqual(byClose.trades);
  });
});
