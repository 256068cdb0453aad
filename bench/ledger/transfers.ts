// Transfers per second through the ledger's posting API, with pgbench's TPC-B-like figure
// on the same PostgreSQL in the same run as the yardstick. (a) transfers between the
// accounts of 10,000 users; (b) every transfer also credits the platform's fee account,
// sharded (docs/decisions/005-hot-accounts.md), and (b1) the same on one unsharded row.
// Run: npx tsx bench/ledger/transfers.ts [seconds=20] [clients=32]
// Uses DATABASE_URL's server when set (in databases of its own), else an embedded one.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import pg from 'pg';
import { createDb } from '../../apps/server/src/db/database.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { auditRepository } from '../../apps/server/src/modules/ledger/audit.repository.ts';
import { auditService } from '../../apps/server/src/modules/ledger/audit.service.ts';
import { ledgerRepository } from '../../apps/server/src/modules/ledger/ledger.repository.ts';
import {
  ledgerService,
  platformAccount,
  userAccount,
} from '../../apps/server/src/modules/ledger/ledger.service.ts';
import { freePort } from '../../apps/server/test/ports.ts';

const seconds = Number(process.argv[2] ?? 20);
const clients = Number(process.argv[3] ?? 32);
const USERS = 10_000;
const THREADS = 2; // client threads, like pgbench -j 2
const PGBENCH = process.env.PGBENCH ?? '/usr/lib/postgresql/15/bin/pgbench';
const run = promisify(execFile);
const log = (line: string) => process.stdout.write(`${line}\n`);

// --- the server -------------------------------------------------------------------------
const suffix = randomBytes(3).toString('hex');
let adminUrl = process.env.DATABASE_URL ?? '';
let stopServer = async () => {};
let dataDir: string | null = null;
if (!adminUrl) {
  dataDir = await mkdtemp(join(tmpdir(), 'olive-bench-ledger-'));
  await chmod(dataDir, 0o755); // PostgreSQL runs as its own user when we are root
  const server = await startEmbeddedPostgres({
    dataDir: join(dataDir, 'pg'),
    port: await freePort(),
  });
  adminUrl = server.adminUrl;
  stopServer = server.stop;
}
const urlOf = (database: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
};
const ledgerDb = `olive_bench_ledger_${suffix}`;
const pgbenchDb = `olive_bench_pgbench_${suffix}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database "${ledgerDb}"`);
await admin.query(`create database "${pgbenchDb}"`);
const serverVersion = (await admin.query<{ v: string }>('select version() as v')).rows[0]!.v;
const settings = Object.fromEntries(
  (
    await admin.query<{ name: string; setting: string }>(
      `select name, setting from pg_settings where name in
       ('fsync', 'synchronous_commit', 'shared_buffers', 'max_connections', 'wal_level')`,
    )
  ).rows.map((r) => [r.name, r.setting]),
);

// --- pgbench ----------------------------------------------------------------------------
const url = new URL(adminUrl);
const pgbenchEnv = {
  ...process.env,
  PGHOST: url.hostname,
  PGPORT: url.port || '5432',
  PGUSER: decodeURIComponent(url.username),
  PGPASSWORD: decodeURIComponent(url.password),
};
async function pgbench(): Promise<{ tps: number; output: string }> {
  await admin.query('checkpoint');
  const { stdout } = await run(
    PGBENCH,
    ['-c', String(clients), '-j', String(THREADS), '-T', String(seconds), pgbenchDb],
    { env: pgbenchEnv },
  );
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1]);
  log(`pgbench TPC-B-like: ${tps.toFixed(0)} tps`);
  return { tps, output: stdout };
}

// --- the ledger -------------------------------------------------------------------------
const db = createDb(urlOf(ledgerDb), clients + 2);
await migrateToLatest(db as never);
await sql`
  insert into users (account, account_kind, password_hash, fund_password_hash, nickname, invite_code)
  select 'bench-' || g || '@example.com', 'email', 'x', 'x', 'bench-' || g, 'B' || g
  from generate_series(1, ${USERS}) g
`.execute(db);
const userIds = (await db.selectFrom('users').select('id').orderBy('id').execute()).map(
  (u) => u.id,
);

// Every user starts with robot profit to settle: 1,000,000 USDT in robot_pnl.
log(`seeding ${USERS} users...`);
const seeder = ledgerService(ledgerRepository(db));
let next = 0;
await Promise.all(
  Array.from({ length: clients }, async () => {
    while (next < userIds.length) {
      const id = userIds[next++]!;
      await seeder.post({
        kind: 'robot_profit',
        idempotencyKey: `seed:${id}`,
        postings: [
          { account: platformAccount('robot_pnl_clearing'), amount: -100_000_000_000_000n },
          { account: userAccount(id, 'robot_pnl', '1'), amount: 100_000_000_000_000n },
        ],
      });
    }
  }),
);
await admin.query(`vacuum analyze`);
log('initialising pgbench (scale 10)...');
await run(PGBENCH, ['-i', '-q', '-s', '10', pgbenchDb], { env: pgbenchEnv });

interface PhaseResult {
  name: string;
  transfers: number;
  refused: number;
  seconds: number;
  tps: number;
  p50_ms: number;
  p99_ms: number;
}

const workerBootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then(({ register }) => { register();
    return import(${JSON.stringify(new URL('./transfers-worker.ts', import.meta.url).href)}); })`;

/** Runs one phase in THREADS worker threads, clients / THREADS posting loops each. */
async function phase(name: string, mode: 'plain' | 'fee' | 'fee_unsharded'): Promise<PhaseResult> {
  await admin.query('checkpoint');
  const workers = Array.from(
    { length: THREADS },
    (_, i) =>
      // Node 20 does not pass --import to worker threads: register tsx inside the worker.
      new Worker(workerBootstrap, {
        eval: true,
        workerData: {
          url: urlOf(ledgerDb),
          mode,
          seconds,
          clients: Math.ceil(clients / THREADS),
          users: userIds,
          thread: i,
        },
      }),
  );
  const results = await Promise.all(
    workers.map(
      (w) =>
        new Promise<{ transfers: number; refused: number; elapsed: number; latencies: number[] }>(
          (resolve, reject) => {
            w.once('message', resolve);
            w.once('error', reject);
          },
        ),
    ),
  );
  await Promise.all(workers.map((w) => w.terminate()));
  const transfers = results.reduce((s, r) => s + r.transfers, 0);
  const elapsed = Math.max(...results.map((r) => r.elapsed));
  const latencies = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.floor(q * (latencies.length - 1))] ?? 0;
  const result = {
    name,
    transfers,
    refused: results.reduce((s, r) => s + r.refused, 0),
    seconds: Number(elapsed.toFixed(2)),
    tps: Math.round(transfers / elapsed),
    p50_ms: Number(at(0.5).toFixed(2)),
    p99_ms: Number(at(0.99).toFixed(2)),
  };
  log(`${name}: ${result.tps} transfers/s (p50 ${result.p50_ms} ms, p99 ${result.p99_ms} ms)`);
  return result;
}

log(`running: ${seconds} s per phase, ${clients} clients, ${cpus().length} cores`);
const pgbenchBefore = await pgbench();
const a = await phase('a_transfers_10k_users', 'plain');
const b = await phase('b_with_fee_sharded', 'fee');
const b1 = await phase('b1_with_fee_one_row', 'fee_unsharded');
const pgbenchAfter = await pgbench();
const report = await auditService(auditRepository(db)).run();
log(`audit: ${report.ok ? 'ok' : 'FAILED'} (${report.totals.entries} entries)`);

const pgbenchTps = (pgbenchBefore.tps + pgbenchAfter.tps) / 2;
const result = {
  date: new Date().toISOString(),
  command: `npx tsx bench/ledger/transfers.ts ${seconds} ${clients}`,
  machine: {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? '',
    memory_gb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  },
  postgres: { version: serverVersion, embedded: dataDir !== null, settings },
  users: USERS,
  clients,
  client_threads: THREADS,
  seconds_per_phase: seconds,
  pgbench: {
    command: `pgbench -c ${clients} -j ${THREADS} -T ${seconds} (scale 10)`,
    tps_before: Math.round(pgbenchBefore.tps),
    tps_after: Math.round(pgbenchAfter.tps),
    tps_mean: Math.round(pgbenchTps),
    output_before: pgbenchBefore.output,
    output_after: pgbenchAfter.output,
  },
  phases: [a, b, b1].map((p) => ({
    ...p,
    ratio_to_pgbench: Number((p.tps / pgbenchTps).toFixed(2)),
  })),
  audit: { ok: report.ok, totals: report.totals, checks: report.checks },
};
await mkdir(new URL('../results/', import.meta.url), { recursive: true });
await writeFile(
  new URL('../results/ledger.json', import.meta.url),
  `${JSON.stringify(result, null, 2)}\n`,
);
log(
  `ratio to pgbench: (a) ${result.phases[0]!.ratio_to_pgbench}, (b) ${result.phases[1]!.ratio_to_pgbench}, (b1) ${result.phases[2]!.ratio_to_pgbench}`,
);

await db.destroy();
await admin.query(`drop database if exists "${ledgerDb}" with (force)`);
await admin.query(`drop database if exists "${pgbenchDb}" with (force)`);
await admin.end();
await stopServer();
if (dataDir) await rm(dataDir, { recursive: true, force: true });
if (!report.ok) process.exitCode = 1;
