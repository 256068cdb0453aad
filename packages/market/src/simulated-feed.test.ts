// The simulator must be reproducible (same seed, same market), seekable (any instant
// without a replay) and give consistent candles; its statistics are checked against
// published measurements in simulator-calibration.test.ts.
import { describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS, type Tick } from './feed.ts';
import { MARKET_IDS, MARKETS, type MarketId } from './markets.ts';
import { SimulatedFeed } from './simulated-feed.ts';
import { T0, TestClock } from './test-helpers.ts';

const month = (seed: number, market: MarketId) =>
  new SimulatedFeed({ seed, clock: new TestClock(T0) }).history(market, 0, T0);

describe('SimulatedFeed', () => {
  it('is the same series for the same seed and a different one for another seed', () => {
    const a = month(42, 'BTC/USDT');
    const b = month(42, 'BTC/USDT');
    const c = month(43, 'BTC/USDT');
    expect(a).toHaveLength(30 * 1440);
    expect(b).toEqual(a);
    expect(c.map((x) => x.close)).not.toEqual(a.map((x) => x.close));
    // markets of one seed are independent streams
    expect(month(42, 'ETH/USDT')[100]!.close).not.toBe(a[100]!.close);
  });

  it('starts near the reference price and keeps every price on the tick', () => {
    for (const market of MARKET_IDS) {
      const spec = MARKETS[market];
      const candles = month(1, market);
      const first = Number(candles[0]!.open) / 1e8;
      expect(Math.abs(first / spec.referencePrice - 1)).toBeLessThan(0.01);
      for (const candle of candles.slice(0, 2000)) {
        expect(candle.close % spec.tick).toBe(0n);
      }
    }
  });

  it('makes consistent one-minute candles: low <= open, close <= high, no gaps', () => {
    for (const market of MARKET_IDS) {
      const candles = month(7, market);
      const broken = candles.filter(
        (candle, i) =>
          candle.low > candle.open ||
          candle.low > candle.close ||
          candle.high < candle.open ||
          candle.high < candle.close ||
          candle.ts % MINUTE_MS !== 0 ||
          !(candle.volume > 0) ||
          // no gaps, and each candle opens at the last traded price
          (i > 0 && candle.ts - candles[i - 1]!.ts !== MINUTE_MS) ||
          (i > 0 && candle.open !== candles[i - 1]!.close),
      );
      expect(broken, market).toEqual([]);
    }
  });

  it('seeks: the price at any instant equals the one a feed running from the start saw', () => {
    // one feed runs tick by tick across two hours and an hour boundary
    const clock = new TestClock(T0);
    const running = new SimulatedFeed({ seed: 5, clock, start: T0 - 3 * DAY_MS });
    const seen: Tick[] = [];
    running.subscribe('SOL/USDT', (tick) => seen.push(tick));
    for (let i = 0; i < 2 * 3600; i++) {
      clock.advance(1000);
      running.sync();
    }
    expect(seen).toHaveLength(7200);
    // fresh processes asked at random instants (seeded), and at the boundary itself
    let state = 99;
    const instants = [0, 3599, 3600, 7199];
    for (let i = 0; i < 40; i++) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      instants.push(state % 7200);
    }
    for (const index of instants) {
      const at = T0 + (index + 1) * 1000;
      const fresh = new SimulatedFeed({
        seed: 5,
        clock: new TestClock(at + 400), // between two ticks: the last one counts
        start: T0 - 3 * DAY_MS,
      });
      expect(fresh.latest('SOL/USDT'), `tick ${index}`).toEqual(seen[index]);
    }
    // and a year later costs no replay: well under a second of CPU
    const started = process.cpuUsage();
    const later = new SimulatedFeed({
      seed: 5,
      clock: new TestClock(T0 + 365 * DAY_MS),
      start: T0 - 3 * DAY_MS,
    });
    later.latest('SOL/USDT');
    const cpu = process.cpuUsage(started);
    expect((cpu.user + cpu.system) / 1000).toBeLessThan(1000);
  });

  it('runs in time on an injected clock: ticks each second, candles each minute', () => {
    const clock = new TestClock(T0);
    const feed = new SimulatedFeed({ seed: 9, clock, historyDays: 1 });
    const ticks: Tick[] = [];
    const unsubscribe = feed.subscribe('ETH/USDT', (tick) => ticks.push(tick));
    const before = feed.latest('ETH/USDT');
    expect(before.ts).toBe(T0);
    clock.advance(10 * MINUTE_MS);
    feed.sync();
    expect(ticks).toHaveLength(600);
    expect(ticks[0]!.ts).toBe(T0 + 1000);
    expect(ticks.at(-1)).toEqual(feed.latest('ETH/USDT'));
    const live = feed.history('ETH/USDT', T0, T0 + DAY_MS);
    expect(live).toHaveLength(10); // the 11th minute is still open
    expect(live.at(-1)!.close).toBe(ticks[598]!.price); // last tick before 00:10:00
    unsubscribe();
    clock.advance(MINUTE_MS);
    feed.sync();
    expect(ticks).toHaveLength(600);
    expect(feed.source).toBe('simulated');
  });

  it('gives the same prices live as it would have as history', async () => {
    const liveClock = new TestClock(T0);
    const live = new SimulatedFeed({ seed: 3, clock: liveClock, historyDays: 1 });
    live.latest('BNB/USDT');
    for (let i = 0; i < 90; i++) {
      liveClock.advance(1000);
      live.sync();
    }
    const later = new SimulatedFeed({
      seed: 3,
      clock: new TestClock(T0 + 90_000),
      start: live.origin,
    });
    expect(later.latest('BNB/USDT')).toEqual(live.latest('BNB/USDT'));
    expect(await later.candles('BNB/USDT', 0, T0 + DAY_MS)).toEqual(
      await live.candles('BNB/USDT', 0, T0 + DAY_MS),
    );
  });

  it('generates 30 days of one market quickly', () => {
    const started = process.cpuUsage();
    month(11, 'TRX/USDT');
    const cpu = process.cpuUsage(started);
    const ms = (cpu.user + cpu.system) / 1000;
    process.stdout.write(
      `simulator: 30 days of 1-second ticks for one market: ${ms.toFixed(0)} ms CPU\n`,
    );
    expect(ms).toBeLessThan(5000);
  });
});
