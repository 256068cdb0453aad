// How long one robot-engine tick takes with N running robots persisted in PostgreSQL:
// the DB reconcile, every robot's onPrice, the fills' transactions and the minute's
// snapshots. Complements bench/market/robots.ts (pure CPU, no database).
// Run: npx tsx bench/robots/engine.ts [robots=1000] [simulated seconds=600]
// Uses DATABASE_URL's server when set (in a database of its own), else an embedded one.
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { MARKET_IDS, MARKETS, SCALE } from '@olive/market';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createDb } from '../../apps/server/src/db/database.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { ledgerRepository } from '../../apps/server/src/modules/ledger/ledger.repository.ts';
import {
  ledgerService,
  platformAccount,
  userAccount,
} from '../../apps/server/src/modules/ledger/ledger.service.ts';
import {
  createFeed,
  marketDataService,
} from '../../apps/server/src/modules/market/market-data.service.ts';
import { marketRepository } from '../../apps/server/src/modules/market/market.repository.ts';
import { robotEngine } from '../../apps/server/src/modules/robots/robot.engine.ts';
import { robotRepository } from '../../apps/server/src/modules/robots/robot.repository.ts';
import { robotService } from '../../apps/server/src/modules/robots/robot.service.ts';
import { settingsRepository } from '../../apps/server/src/db/settings.repository.ts';
import { ManualClock } from '../../apps/server/src/ports/clock.ts';
import { freePort } from '../../apps/server/test/ports.ts';

const ROBOTS = Number(process.argv[2] ?? 1000);
const SECONDS = Number(process.argv[3] ?? 600);
const log = (line: string) => process.stdout.write(`${line}\n`);

let adminUrl = process.env.DATABASE_URL ?? '';
let stopServer = async () => {};
let dataDir: string | null = null;
if (!adminUrl) {
  dataDir = await mkdtemp(join(tmpdir(), 'olive-bench-robots-'));
  await chmod(dataDir, 0o755);
  const server = await startEmbeddedPostgres({
    dataDir: join(dataDir, 'pg'),
    port: await freePort(),
  });
  adminUrl = server.adminUrl;
  stopServer = server.stop;
}
const name = `olive_bench_robots_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database "${name}"`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const db = createDb(url.toString(), 10);
await migrateToLatest(db as never);

const config = loadConfig({ DATABASE_URL: url.toString(), SMTP_URL: 'smtp://127.0.0.1:1' });
const clock = new ManualClock(new Date('2026-02-01T00:00:00Z'));
const ledger = ledgerService(ledgerRepository(db));
const repo = robotRepository(db);
const marketData = marketDataService({
  ...createFeed({ ...config, MARKET_EPOCH: '2026-01-01T00:00:00Z' }, clock),
  repo: marketRepository(db),
  clock,
});
const robots = robotService({ repo, ledger, marketData, settings: settingsRepository(db), clock });

// --- N investors, each with one running robot --------------------------------------------
let started = performance.now();
const { rows: users } = await sql<{ id: string }>`
  insert into users (account, account_kind, password_hash, fund_password_hash, nickname, invite_code, lang)
  select 'bench' || i || '@example.com', 'email', 'x', 'x', 'Bench' || i, 'B' || i, 'en'
  from generate_series(1, ${ROBOTS}) as i
  returning id::text
`.execute(db);
const directions = ['long', 'short', 'neutral'] as const;
for (const [i, user] of users.entries()) {
  const market = MARKET_IDS[i % MARKET_IDS.length]!;
  const principal = MARKETS[market].minPrincipal * BigInt(1 + (i % 20)) + SCALE * 100n;
  await ledger.post({
    kind: 'deposit',
    idempotencyKey: `bench:${user.id}`,
    postings: [
      { account: platformAccount('custody', 'erc20'), amount: -principal },
      { account: userAccount(user.id, 'available'), amount: principal },
    ],
  });
  const { robot_id } = await robots.create(user.id, {
    market,
    direction: directions[Math.floor(i / MARKET_IDS.length) % 3]!,
    principal: (Number(principal) / 1e8).toString(),
  });
  await robots.act(user.id, robot_id, 'start', (key) => key);
  // start every robot at a different second of the first ten minutes
  if (i % Math.max(1, Math.floor(ROBOTS / 600)) === 0) clock.advance(1000);
}
const setupSeconds = (performance.now() - started) / 1000;
log(`${ROBOTS} robots created and started in ${setupSeconds.toFixed(1)} s`);

// --- the engine, one tick per simulated second --------------------------------------------
const engine = robotEngine({
  repo,
  ledger,
  marketData,
  clock,
  log: { info: () => {}, warn: () => {}, error: () => {} },
});
started = performance.now();
await engine.tick(); // loads every robot from the database
const loadMs = performance.now() - started;
const plain: number[] = [];
const withFills: number[] = [];
const minute: number[] = [];
let fills = 0;
for (let s = 0; s < SECONDS; s++) {
  clock.advance(1000);
  const t0 = performance.now();
  const report = await engine.tick();
  const ms = performance.now() - t0;
  fills += report.fills;
  if (report.snapshots > 0) minute.push(ms);
  else if (report.fills > 0) withFills.push(ms);
  else plain.push(ms);
}
const pct = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const summary = (values: number[]) => ({
  ticks: values.length,
  p50_ms: +pct(values, 50).toFixed(2),
  p99_ms: +pct(values, 99).toFixed(2),
  max_ms: +Math.max(0, ...values).toFixed(2),
});
const result = {
  date: new Date().toISOString().slice(0, 10),
  robots: ROBOTS,
  simulated_seconds: SECONDS,
  cpus: cpus().length,
  setup_seconds: +setupSeconds.toFixed(1),
  first_tick_load_ms: +loadMs.toFixed(1),
  fills,
  ticks_without_fills: summary(plain),
  ticks_with_fills: summary(withFills),
  minute_ticks_with_snapshots: summary(minute),
};
log(JSON.stringify(result, null, 2));
const resultsDir = new URL('../results/', import.meta.url);
await mkdir(resultsDir, { recursive: true });
await writeFile(
  new URL(`robots-engine-${ROBOTS}.json`, resultsDir),
  `${JSON.stringify(result, null, 2)}\n`,
);

await db.destroy();
await admin.query(`drop database "${name}" with (force)`);
await admin.end();
await stopServer();
if (dataDir) await rm(dataDir, { recursive: true, force: true });
process.exit(0);
