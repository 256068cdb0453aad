// The walk-forward search chooses a grid on the older 23 days and reports the newest 7:
// the held-out days must never inform the choice, every candidate's step must clear two
// maker fees, and one search must fit in a second.
import { describe, expect, it } from 'vitest';
import { DAY_MS, type Candle } from './feed.ts';
import { SCALE } from './markets.ts';
import { SimulatedFeed } from './simulated-feed.ts';
import { T0, TestClock } from './test-helpers.ts';
import {
  WALK_FORWARD,
  candidateGrids,
  clearsMakerFees,
  expectedRoundTripsPerHour,
  gridStep,
  runSegment,
  volatilityOver,
  walkForward,
  type WalkForwardInput,
} from './walk-forward.ts';

const NOW = T0 + 60 * DAY_MS;
const feed = new SimulatedFeed({ seed: 23, start: T0, clock: new TestClock(NOW) });
const candles = feed.history('ETH/USDT', NOW - 30 * DAY_MS, NOW);
const base: WalkForwardInput = {
  market: 'ETH/USDT',
  direction: 'neutral',
  principal: 1_000n * SCALE,
  candles,
};

/**
 * The held-out days replaced by a zigzag (±1.5% every 10 minutes around the real price): any search that looked at them would favour a dense grid and report a huge
 * return for it.
 */
function poisoned(source: readonly Candle[], from: number): Candle[] {
  return source.map((candle) => {
    if (candle.ts < from) return candle;
    const up = Math.floor(candle.ts / 600_000) % 2 === 0;
    const price = (candle.close * (up ? 1015n : 985n)) / 1000n;
    return { ...candle, open: price, high: price, low: price, close: price };
  });
}

// Each search replays every candidate over three weeks of minutes: seconds of CPU on a
// quiet core, several times that while the rest of the suite runs beside it.
describe('walk-forward parameter search', { timeout: 120_000 }, () => {
  it('chooses the same setting whatever the held-out days hold (poisoned days)', () => {
    const clean = walkForward(base)!;
    expect(clean.outOfSampleDays).toBe(WALK_FORWARD.heldOutDays);
    expect(clean.heldOutFrom).toBe(NOW - 7 * DAY_MS);
    const dirty = walkForward({ ...base, candles: poisoned(candles, clean.heldOutFrom) })!;
    expect(dirty.choice).toEqual(clean.choice);
    expect(dirty.inSample).toBe(clean.inSample);
    // the poison is strong: the reported figure changes, and the same poison inside the
    // days chosen on changes the choice
    expect(dirty.outOfSample).not.toBe(clean.outOfSample);
    const inChoice = walkForward({
      ...base,
      candles: candles.map((c) =>
        c.ts >= NOW - 20 * DAY_MS && c.ts < clean.heldOutFrom ? poisoned([c], 0)[0]! : c,
      ),
    })!;
    expect(inChoice.choice).not.toEqual(clean.choice);
  });

  it('only tries steps above twice the maker fee and grids the principal can fund', () => {
    for (const maker of [0.0002, 0.001, 0.004]) {
      const grids = candidateGrids('BTC/USDT', 500n * SCALE, maker);
      expect(grids.length).toBeGreaterThan(0);
      for (const grid of grids) {
        expect(gridStep(grid)).toBeGreaterThan(2 * maker);
        expect(clearsMakerFees(grid, maker)).toBe(true);
        expect(grid.gridCount).toBeLessThanOrEqual(100);
      }
    }
    // 100 USDT on BTC funds fewer grids than 10,000 USDT
    const small = Math.max(
      ...candidateGrids('BTC/USDT', 100n * SCALE, 0.0002).map((g) => g.gridCount),
    );
    const large = Math.max(
      ...candidateGrids('BTC/USDT', 10_000n * SCALE, 0.0002).map((g) => g.gridCount),
    );
    expect(small).toBeLessThan(large);
  });

  it('offers only settings that expect to trade, and the choice does trade on the held-out days', () => {
    const volatility = 0.03; // 3% a day
    const grids = candidateGrids('ETH/USDT', 1_000n * SCALE, 0.0002, volatility);
    expect(grids.length).toBeGreaterThan(0);
    for (const grid of grids) {
      expect(expectedRoundTripsPerHour(grid, volatility)).toBeGreaterThanOrEqual(
        WALK_FORWARD.minRoundTripsPerHour,
      );
      expect(clearsMakerFees(grid, 0.0002)).toBe(true);
    }
    // without the rule, wide steps that would wait days for a trade are candidates too
    const all = candidateGrids('ETH/USDT', 1_000n * SCALE, 0.0002);
    expect(all.some((g) => expectedRoundTripsPerHour(g, volatility) < 1)).toBe(true);
    // the robot: 4 grids over +-24% was "best" and made no trade in 9 minutes
    expect(grids.some((g) => g.gridCount === 4 && g.high > 1.2)).toBe(false);

    const result = walkForward(base)!;
    expect(result.expectedRoundTripsPerHour).toBeGreaterThanOrEqual(
      WALK_FORWARD.minRoundTripsPerHour,
    );
    // measured on days it never saw: at least one round trip an hour
    expect(result.heldOut.roundTripsPerDay).toBeGreaterThanOrEqual(24);
  });

  it('a calm market with a small principal still gets the settings that trade the most', () => {
    const grids = candidateGrids('BTC/USDT', 100n * SCALE, 0.0002, 0.001);
    expect(grids.length).toBeGreaterThan(0);
    const best = Math.max(...grids.map((g) => expectedRoundTripsPerHour(g, 0.001)));
    const funded = candidateGrids('BTC/USDT', 100n * SCALE, 0.0002);
    for (const g of funded) expect(expectedRoundTripsPerHour(g, 0.001)).toBeLessThanOrEqual(best);
  });

  it('scores by total return with floating PnL, and reports the held-out days beside buy-and-hold', () => {
    const result = walkForward(base)!;
    const heldOut = candles.filter((c) => c.ts >= result.heldOutFrom);
    const run = runSegment(base, result.choice, heldOut)!;
    expect(result.heldOut.totalReturn).toBe(run.totalReturn);
    expect(result.heldOut.maxDrawdown).toBe(run.maxDrawdown);
    expect(result.heldOut.maxDrawdown).toBeGreaterThan(0);
    expect(result.heldOut.roundTripsPerDay).toBeCloseTo(run.roundTrips / 7, 10);
    // buy-and-hold: bought at the first open with the taker fee, marked at the last close
    const hold = 0.999 * (Number(heldOut.at(-1)!.close) / Number(heldOut[0]!.open)) - 1;
    expect(result.heldOut.buyAndHold).toBeCloseTo(hold, 12);
    // the total return is the equity at the end, not a median of days: on a week whose
    // median day is flat the total still moves
    expect(result.heldOut.medianDaily).toBe(result.outOfSample);
    // the trading rule measured the days chosen on, never the held-out ones
    const chooseOn = candles.filter((c) => c.ts < result.heldOutFrom);
    const vol = volatilityOver(chooseOn, WALK_FORWARD.volatilityMinutes)!;
    expect(result.dailyVolatility).toBe(vol);
  });

  it('searches and reports arithmetic levels when asked', () => {
    const result = walkForward({ ...base, gridType: 'arithmetic' })!;
    expect(result.choice.gridType).toBe('arithmetic');
    expect(result.outOfSampleDays).toBe(7);
    expect(Number.isFinite(result.heldOut.totalReturn)).toBe(true);
    const geometric = walkForward(base)!;
    expect(geometric.choice.gridType).toBe('geometric');
  });

  it("evaluates an investor's own setting on the same held-out days", () => {
    const own = { low: 0.9, high: 1.1, gridCount: 20 };
    const result = walkForward({ ...base, only: own })!;
    expect(result.choice).toEqual(own);
    expect(result.candidates).toBe(1);
    expect(result.outOfSampleDays).toBe(7);
    expect(Number.isFinite(result.outOfSample)).toBe(true);
  });

  it('says nothing on a history too short to split', () => {
    expect(walkForward({ ...base, candles: candles.slice(-5 * 1440) })).toBeNull();
    expect(walkForward({ ...base, candles: [] })).toBeNull();
  });

  it('searches 30 days of 1-minute candles in well under a second of CPU', () => {
    walkForward(base); // warm up the JIT
    const started = process.cpuUsage();
    const result = walkForward({ ...base, direction: 'long' })!;
    const used = process.cpuUsage(started);
    const ms = (used.user + used.system) / 1000;
    process.stdout.write(
      `walk-forward: ${result.candidates} candidates, ${ms.toFixed(0)} ms CPU\n`,
    );
    expect(ms).toBeLessThan(2000); // the aim is 1 s; a loaded CI machine gets headroom
  });
});
