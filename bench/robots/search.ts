// Walk-forward parameter search (issue 11): the time of one search (choose on 23 days,
// report on the 7 newest) over 30 days of 1-minute candles, and the held-out return of
// the chosen setting for every market and direction on the seeded simulator.
// Run: npx tsx bench/robots/search.ts [principal=1000]
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import {
  DAY_MS,
  MARKET_IDS,
  SCALE,
  SimulatedFeed,
  gridStep,
  walkForward,
  type Direction,
} from '@olive/market';

const principal = BigInt(process.argv[2] ?? 1000) * SCALE;
const NOW = Date.parse('2026-11-01T00:00:00Z');
const feed = new SimulatedFeed({
  seed: 7,
  start: Date.parse('2026-01-01T00:00:00Z'),
  clock: { now: () => new Date(NOW) },
});
const DIRECTIONS: Direction[] = ['long', 'short', 'neutral'];
const rows = [];
const log = (line: string) => process.stdout.write(`${line}\n`);
for (const market of MARKET_IDS) {
  const candles = feed.history(market, NOW - 30 * DAY_MS, NOW);
  walkForward({ market, direction: 'neutral', principal, candles }); // warm up the JIT
  for (const direction of DIRECTIONS) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const result = walkForward({ market, direction, principal, candles })!;
    const wallMs = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const row = {
      market,
      direction,
      candles: candles.length,
      candidates: result.candidates,
      cpuMs: Math.round((used.user + used.system) / 1000),
      wallMs: Math.round(wallMs),
      halfWidth: Number(Math.log(result.choice.high).toFixed(3)),
      grids: result.choice.gridCount,
      step: Number(gridStep(result.choice).toFixed(5)),
      inSample: Number(result.inSample.toFixed(6)),
      outOfSample: Number(result.outOfSample.toFixed(6)),
    };
    rows.push(row);
    log(
      `${market} ${direction.padEnd(7)} ${row.cpuMs} ms CPU (${row.wallMs} ms wall), ` +
        `±${(row.halfWidth * 100).toFixed(1)}% x ${row.grids}, in ${(row.inSample * 100).toFixed(3)}%/day, ` +
        `held-out ${(row.outOfSample * 100).toFixed(3)}%/day`,
    );
  }
}
const out = {
  date: new Date().toISOString().slice(0, 10),
  machine: { cpus: cpus().length, model: cpus()[0]?.model, loadavg: loadavg() },
  principal: Number(principal / SCALE),
  rows,
};
await mkdir(join(import.meta.dirname, '../results'), { recursive: true });
await writeFile(
  join(import.meta.dirname, '../results/robots-search.json'),
  `${JSON.stringify(out, null, 2)}\n`,
);
