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
  gridStep,
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

describe('walk-forward parameter search', () => {
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
