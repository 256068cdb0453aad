// The walk-forward search off the event loop: the same answer as inline, while the loop
// keeps serving (a timer keeps firing through a whole search).
import { DAY_MS, SCALE, SimulatedFeed, walkForward } from '@olive/market';
import { afterAll, describe, expect, it } from 'vitest';
import { searchOffLoop, stopSearchWorker } from './search-runner.ts';

afterAll(() => stopSearchWorker());

const NOW = Date.parse('2026-11-01T00:00:00Z');
const feed = new SimulatedFeed({
  seed: 7,
  start: Date.parse('2026-01-01T00:00:00Z'),
  clock: { now: () => new Date(NOW) },
});
const candles = feed.history('BTC/USDT', NOW - 30 * DAY_MS, NOW);
const input = {
  market: 'BTC/USDT' as const,
  direction: 'neutral' as const,
  principal: 1000n * SCALE,
  candles,
};

describe('the walk-forward search in a worker thread', () => {
  it('answers what the search answers inline', async () => {
    const inline = walkForward(input);
    expect(inline).not.toBeNull();
    expect(await searchOffLoop(input)).toEqual(inline);
  }, 60_000);

  it('leaves the event loop free while it searches', async () => {
    await searchOffLoop(input); // the worker is up
    let ticks = 0;
    let worstGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      worstGap = Math.max(worstGap, now - last);
      last = now;
      ticks++;
    }, 5);
    const started = performance.now();
    await searchOffLoop({ ...input, direction: 'long' });
    const took = performance.now() - started;
    clearInterval(timer);
    // Inline, the timer would not fire once until the search ended.
    expect(ticks).toBeGreaterThan(took / 5 / 4);
    expect(worstGap).toBeLessThan(Math.max(100, took / 2));
  }, 60_000);
});
