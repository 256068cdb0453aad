// How many grid robots one core keeps up with at one price a second per market, and how
// long one robot's 30-day backtest takes (issue 7). Pure CPU: no database, no network.
// Run: npx tsx bench/market/robots.ts [seconds=3600] [robots=10000]
// Robot CPU (onPrice for every robot of every tick) is measured apart from the
// simulator's own cost of making the ticks; both are process.cpuUsage figures.
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import {
  autoGridParams,
  backtest,
  createGrid,
  DAY_MS,
  MARKET_IDS,
  onPrice,
  SCALE,
  SimulatedFeed,
  snapToTick,
  type Direction,
  type GridState,
  type GridSuggestion,
  type MarketId,
  type Tick,
} from '@olive/market';

const seconds = Number(process.argv[2] ?? 3600);
const robotCount = Number(process.argv[3] ?? 10_000);
const T0 = Date.parse('2026-01-01T00:00:00Z');
const DIRECTIONS: Direction[] = ['long', 'short', 'neutral'];
const PRINCIPALS = [100n, 250n, 500n, 1_000n, 5_000n, 20_000n].map((usdt) => usdt * SCALE);
const log = (line: string) => process.stdout.write(`${line}\n`);
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

let now = T0;
const feed = new SimulatedFeed({ seed: 7, clock: { now: () => new Date(now) } });

// --- robots: spread over markets, directions, principals and the last day ----------------
// Each robot starts at a different minute of the past day (its own grid around that
// minute's price) and is replayed to now on 1-minute closes, so the fleet holds the
// varied states a real one would, not 10,000 copies of one grid.
const setupStarted = process.cpuUsage();
const suggestions = new Map<string, GridSuggestion>();
const history = new Map(
  MARKET_IDS.map((market) => [market, feed.history(market, T0 - 30 * DAY_MS, T0)]),
);
const robots: { market: MarketId; state: GridState }[] = [];
for (let i = 0; i < robotCount; i++) {
  const market = MARKET_IDS[i % MARKET_IDS.length]!;
  const direction = DIRECTIONS[Math.floor(i / MARKET_IDS.length) % DIRECTIONS.length]!;
  const principal = PRINCIPALS[Math.floor(i / 15) % PRINCIPALS.length]!;
  const candles = history.get(market)!;
  const startAt = candles.length - 1 - ((i * 7919) % 1440); // a spread of minutes in the last day
  const price = candles[startAt]!.close;
  const key = `${market} ${direction} ${principal}`;
  let suggestion = suggestions.get(key);
  if (!suggestion) {
    suggestion = autoGridParams({ market, direction, candles, price, principal });
    suggestions.set(key, suggestion);
  }
  // the same range width and count, centred on this robot's own starting price
  const scale = (level: bigint) => (level * price) / candles.at(-1)!.close;
  const params = {
    ...suggestion,
    lower: snapToTick(scale(suggestion.lower), market),
    upper: snapToTick(scale(suggestion.upper), market),
  };
  let state = createGrid(params, principal, price).state;
  for (let k = startAt + 1; k < candles.length; k++)
    state = onPrice(state, candles[k]!.close).state;
  robots.push({ market, state });
}
const byMarket = new Map<MarketId, { state: GridState }[]>(
  MARKET_IDS.map((market) => [market, robots.filter((robot) => robot.market === market)]),
);
const setupMs = cpuMs(setupStarted);
log(`${robotCount} robots on ${MARKET_IDS.length} markets set up in ${setupMs.toFixed(0)} ms CPU`);

// --- live: one tick per market per second ------------------------------------------------
// The simulator makes all the ticks first (timed on its own); then every tick goes to
// every robot of its market, one batch per simulated second, timed as a whole with
// process.cpuUsage (its resolution is too coarse for a single sub-millisecond batch,
// which is timed by the wall clock instead for the distribution).
const batches: Tick[][] = [];
let current: Tick[] = [];
for (const market of MARKET_IDS) feed.subscribe(market, (tick) => current.push(tick));
const feedStarted = process.cpuUsage();
for (let second = 0; second < seconds; second++) {
  now += 1000;
  feed.sync();
  batches.push(current);
  current = [];
}
const feedCpu = cpuMs(feedStarted);

let fills = 0;
const batchMicros: number[] = [];
const robotStarted = process.cpuUsage();
for (const batch of batches) {
  const wall = process.hrtime.bigint();
  for (const tick of batch) {
    for (const robot of byMarket.get(tick.market)!) {
      const step = onPrice(robot.state, tick.price, 0.001, tick.ts);
      robot.state = step.state;
      fills += step.fills.length;
    }
  }
  batchMicros.push(Number(process.hrtime.bigint() - wall) / 1000);
}
const robotCpu = cpuMs(robotStarted);
batchMicros.sort((a, b) => a - b);
const pct = (p: number) =>
  batchMicros[Math.min(batchMicros.length - 1, Math.floor(batchMicros.length * p))]!;
const utilisation = robotCpu / (seconds * 1000); // share of one core, robots only
const withFeed = (robotCpu + feedCpu) / (seconds * 1000);
log(
  `${seconds} s of ticks: robots ${robotCpu.toFixed(0)} ms CPU (${(utilisation * 100).toFixed(2)}% of a core), ` +
    `simulator ${feedCpu.toFixed(0)} ms; ${fills} fills`,
);
log(
  `per 1-second batch (${MARKET_IDS.length} ticks x ${robotCount / MARKET_IDS.length} robots): ` +
    `mean ${(robotCpu / seconds).toFixed(3)} ms CPU; wall p50 ${(pct(0.5) / 1000).toFixed(3)} ms, ` +
    `p99 ${(pct(0.99) / 1000).toFixed(3)} ms, max ${(pct(1) / 1000).toFixed(3)} ms`,
);
const maxRobots = Math.floor(robotCount / utilisation);
log(`max robots at 100% of one core: ~${maxRobots.toLocaleString('en')} (robot updates only)`);

// --- backtest: one robot over 30 days of 1-minute candles ------------------------------
const backtests: Record<string, number> = {};
for (const direction of DIRECTIONS) {
  const candles = feed.history('BTC/USDT', T0 - 30 * DAY_MS, T0);
  backtest({ market: 'BTC/USDT', direction, candles }); // warm-up
  const runs = 20;
  const started = process.cpuUsage();
  for (let i = 0; i < runs; i++) backtest({ market: 'BTC/USDT', direction, candles });
  backtests[direction] = Number((cpuMs(started) / runs).toFixed(2));
}
const genStarted = process.cpuUsage();
new SimulatedFeed({ seed: 99, clock: { now: () => new Date(T0) } }).history('BTC/USDT', 0, T0);
const generateMs = cpuMs(genStarted);
log(
  `backtest, 30 days = 43,200 candles, one robot (BTC/USDT, CPU ms per run): ` +
    Object.entries(backtests)
      .map(([direction, ms]) => `${direction} ${ms}`)
      .join(', '),
);
log(
  `simulator history: 30 days of 1-second ticks for one market in ${generateMs.toFixed(0)} ms CPU`,
);

const result = {
  date: new Date().toISOString(),
  command: `npx tsx bench/market/robots.ts ${seconds} ${robotCount}`,
  machine: {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? '',
    memory_gb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  robots: robotCount,
  markets: MARKET_IDS.length,
  seconds,
  ticks_per_second: MARKET_IDS.length,
  robot_updates_per_second: robotCount,
  setup_cpu_ms: Math.round(setupMs),
  robot_cpu_ms: Math.round(robotCpu),
  simulator_cpu_ms: Math.round(feedCpu),
  fills,
  utilisation_one_core: Number(utilisation.toFixed(6)),
  utilisation_one_core_with_simulator: Number(withFeed.toFixed(6)),
  batch_ms: {
    mean_cpu: Number((robotCpu / seconds).toFixed(3)),
    p50_wall: Number((pct(0.5) / 1000).toFixed(3)),
    p99_wall: Number((pct(0.99) / 1000).toFixed(3)),
    max_wall: Number((pct(1) / 1000).toFixed(3)),
  },
  max_robots_one_core: maxRobots,
  backtest_30d_cpu_ms: backtests,
  simulator_30d_history_cpu_ms: Math.round(generateMs),
};
const dir = join(import.meta.dirname, '..', 'results');
await mkdir(dir, { recursive: true });
await writeFile(join(dir, 'market.json'), `${JSON.stringify(result, null, 2)}\n`);
log(`raw results: bench/results/market.json`);
