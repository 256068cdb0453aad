// The simulator's statistics beside the published figures (decision 111c), as a markdown
// table: medians over five seeds, daily figures from four simulated years of hour
// boundaries, minute figures from ten days of 1-second ticks (three seeds).
// Run: npx tsx bench/market/calibration.ts
import {
  DAY_MS,
  MARKET_IDS,
  SimulatedFeed,
  annualised,
  autocorrelation,
  differences,
  excessKurtosis,
  hillTailIndex,
  type MarketId,
} from '@olive/market';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const SEEDS = [1, 2, 3, 4, 5];
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const abs = (x: number[]) => x.map(Math.abs);

function daily(seed: number, market: MarketId) {
  const feed = new SimulatedFeed({ seed, start: T0, clock: { now: () => new Date(T0) } });
  return differences(feed.hourBoundaries(market, 4 * 365 * 24), 24);
}

function minutes(seed: number, market: MarketId) {
  const end = T0 + 10 * DAY_MS;
  const feed = new SimulatedFeed({ seed, start: T0, clock: { now: () => new Date(end) } });
  return differences(feed.history(market, T0, end).map((c) => Math.log(Number(c.close))));
}

const rows: string[] = [
  '| Market | vol (1 y) | daily excess kurtosis | ACF abs daily lag 1 / 10 / 30 | 1-min lag-1 ACF | 1-min tail index |',
  '|---|---|---|---|---|---|',
];
for (const market of MARKET_IDS) {
  const days = SEEDS.map((seed) => daily(seed, market));
  const mins = [1, 2, 3].map((seed) => minutes(seed, market));
  const m = (f: (x: number[]) => number, xs: number[][]) => median(xs.map(f));
  rows.push(
    `| ${market} | ${m((r) => annualised(r, 365), days).toFixed(2)} | ${m(excessKurtosis, days).toFixed(1)} | ` +
      [1, 10, 30]
        .map((lag) => m((r) => autocorrelation(abs(r), lag), days).toFixed(2))
        .join(' / ') +
      ` | ${m((r) => autocorrelation(r, 1), mins).toFixed(3)} | ${m((r) => hillTailIndex(r, 0.02), mins).toFixed(2)} |`,
  );
}
process.stdout.write(`${rows.join('\n')}\n`);
