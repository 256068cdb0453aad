// Issue 32's "done": a robot created with the automatic settings makes its first round
// trip within about ten minutes on the demo's simulator. For each market and direction and
// several start times, the walk-forward search chooses the setting from the 30 days before
// the start (as quanpreview does), the grid opens at the start price, and the engine's
// view is replayed: one price a second, resting orders filled at the maker fee, until the
// first completed round trip (or 6 hours). Not a timed test: minutes of simulated time.
// Run: npx tsx bench/robots/first-round-trip.ts [principal=1000] [starts=5]
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import {
  DAY_MS,
  DEFAULT_FEE_RATE,
  DEFAULT_MAKER_FEE_RATE,
  MARKET_IDS,
  SCALE,
  SimulatedFeed,
  createGrid,
  gridAt,
  gridStep,
  onPrice,
  walkForward,
  type Direction,
  type MarketId,
} from '@olive/market';

const principal = BigInt(process.argv[2] ?? 1000) * SCALE;
const starts = Number(process.argv[3] ?? 5);
/** The demo's simulator: MARKET_SEED and MARKET_EPOCH defaults (apps/server/src/config.ts). */
const SEED = 20261121;
const EPOCH = Date.parse('2026-01-01T00:00:00Z');
/** Start times 29 hours apart (every hour of the day is met), from this day on. */
const FIRST = Date.parse('2026-11-01T00:00:00Z');
const CAP_MS = 6 * 3_600_000;
const DIRECTIONS: Direction[] = ['long', 'short', 'neutral'];

const feed = new SimulatedFeed({
  seed: SEED,
  start: EPOCH,
  clock: { now: () => new Date(FIRST + starts * 29 * 3_600_000 + CAP_MS + DAY_MS) },
});
const log = (line: string) => process.stdout.write(`${line}\n`);
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Minutes from the start to the first completed round trip (null: none within the cap). */
function firstRoundTrip(market: MarketId, direction: Direction, at: number) {
  const candles = feed.history(market, at - 30 * DAY_MS, at);
  const found = walkForward({ market, direction, principal, candles });
  if (!found) throw new Error(`no search for ${market}`);
  const start = feed.tickAt(market, at);
  const params = gridAt(market, direction, found.choice, start.price);
  let { state } = createGrid(params, principal, start.price, DEFAULT_FEE_RATE, start.ts);
  let minutes: number | null = null;
  // the engine's loop runs once a second and reads the feed's latest price
  for (let ts = at + 1000; ts <= at + CAP_MS && minutes === null; ts += 1000) {
    const tick = feed.tickAt(market, ts);
    state = onPrice(state, tick.price, DEFAULT_MAKER_FEE_RATE, tick.ts).state;
    if (state.roundTrips > 0) minutes = (ts - at) / 60_000;
  }
  return {
    minutes,
    grids: found.choice.gridCount,
    halfWidth: Number(Math.log(found.choice.high).toFixed(3)),
    step: Number(gridStep(found.choice).toFixed(5)),
    expectedRoundTripsPerHour: Number(found.expectedRoundTripsPerHour.toFixed(2)),
    heldOutRoundTripsPerDay: Number(found.heldOut.roundTripsPerDay.toFixed(2)),
    heldOutReturn: Number(found.heldOut.totalReturn.toFixed(5)),
    buyAndHold: Number(found.heldOut.buyAndHold.toFixed(5)),
  };
}

const rows = [];
const summary = [];
for (const market of MARKET_IDS) {
  const all: number[] = [];
  for (const direction of DIRECTIONS) {
    for (let k = 0; k < starts; k++) {
      const at = FIRST + k * 29 * 3_600_000;
      const row = {
        market,
        direction,
        start: new Date(at).toISOString(),
        ...firstRoundTrip(market, direction, at),
      };
      rows.push(row);
      all.push(row.minutes ?? Infinity);
      log(
        `${market} ${direction.padEnd(7)} ${row.start} ±${(row.halfWidth * 100).toFixed(1)}% x${row.grids} ` +
          `step ${(row.step * 100).toFixed(3)}% -> first round trip ${row.minutes === null ? '> 6 h' : `${row.minutes.toFixed(1)} min`}`,
      );
    }
  }
  const m = median(all);
  summary.push({
    market,
    runs: all.length,
    medianMinutes: Number.isFinite(m) ? Number(m.toFixed(1)) : null,
    within10: all.filter((x) => x <= 10).length,
    none: all.filter((x) => !Number.isFinite(x)).length,
  });
  log(`${market}: median ${summary.at(-1)!.medianMinutes} min over ${all.length} starts`);
}
const out = {
  date: new Date().toISOString().slice(0, 10),
  machine: { cpus: cpus().length, model: cpus()[0]?.model, loadavg: loadavg() },
  seed: SEED,
  principal: Number(principal / SCALE),
  starts,
  summary,
  rows,
};
await mkdir(join(import.meta.dirname, '../results'), { recursive: true });
await writeFile(
  join(import.meta.dirname, '../results/robots-first-round-trip.json'),
  `${JSON.stringify(out, null, 2)}\n`,
);
