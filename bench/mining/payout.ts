// The daily mining payout for N active rentals (default 1,000,000) against the yardstick of
// a bare INSERT ... SELECT of as many rows on the same PostgreSQL in the same run; and the
// ledger's batch post in transfers per second next to the single post's, also same run.
// Run: DATABASE_URL=postgres://... npx tsx bench/mining/payout.ts [rentals=1000000] [users=200000]
//        [history=0]  (expired terms seeded before, as months of renewals leave them)
// Needs DATABASE_URL (a server it may create a database on); the database is dropped after.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { sql } from 'kysely';
import pg from 'pg';
import { createDb } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { auditRepository } from '../../apps/server/src/modules/ledger/audit.repository.ts';
import { auditService } from '../../apps/server/src/modules/ledger/audit.service.ts';
import { ledgerRepository } from '../../apps/server/src/modules/ledger/ledger.repository.ts';
import {
  ledgerService,
  platformAccount,
  userAccount,
  type EntryRequest,
} from '../../apps/server/src/modules/ledger/ledger.service.ts';
import { miningAudit } from '../../apps/server/src/modules/mining/audit.ts';
import { miningRepository } from '../../apps/server/src/modules/mining/mining.repository.ts';
import { miningPayoutRepository } from '../../apps/server/src/modules/mining/mining.payout.repository.ts';
import { miningService } from '../../apps/server/src/modules/mining/mining.service.ts';
import type { MiningDataFeed } from '../../apps/server/src/modules/mining/feed.ts';

const RENTALS = Number(process.argv[2] ?? 1_000_000);
const USERS = Number(process.argv[3] ?? 200_000);
const HISTORY = Number(process.argv[4] ?? 0);
const DAY = '2026-03-01';
const log = (line: string) => process.stdout.write(`${line}\n`);
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('set DATABASE_URL to a PostgreSQL server to create a database on');

const name = `olive_bench_mining_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database "${name}"`);
if (process.env.PROFILE) {
  // Plans of slow statements (nested ones too) go to the server log.
  await admin.query(`alter database "${name}" set session_preload_libraries = 'auto_explain'`);
  await admin.query(`alter database "${name}" set auto_explain.log_min_duration = 150`);
  await admin.query(`alter database "${name}" set auto_explain.log_nested_statements = on`);
  await admin.query(`alter database "${name}" set auto_explain.log_analyze = on`);
}
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const db = createDb(url.toString(), 20);
const time = async <T>(run: () => Promise<T>) => {
  const start = performance.now();
  const value = await run();
  return { value, seconds: (performance.now() - start) / 1000 };
};

try {
  await migrateToLatest(db as never);
  const version = (await sql<{ v: string }>`select version() as v`.execute(db)).rows[0]!.v;

  // --- setup: users with a balance account, one model, N active rentals ----------------
  log(`setup: ${USERS} users, ${RENTALS} rentals`);
  await sql`
    insert into users (account, account_kind, password_hash, fund_password_hash, nickname,
      invite_code, lang)
    select 'bench' || g || '@example.com', 'email', 'x', 'x', 'bench' || g, 'B' || g, 'en'
    from generate_series(1, ${USERS}) g
  `.execute(db);
  await sql`
    insert into accounts (user_id, kind) select id, 'available' from users order by id
    on conflict do nothing
  `.execute(db);
  const ledger = ledgerService(ledgerRepository(db));
  await ledger.openAccounts([
    platformAccount('mining_payout'),
    platformAccount('custody', 'trc20'),
  ]);
  const model = (await miningRepository(db).models({ enabledOnly: true }))[0]!;
  await sql`update mining_models set stock = ${RENTALS}, rented = ${RENTALS} where id = ${model.id}`.execute(
    db,
  );
  await sql`
    insert into mining_rentals (user_id, model_id, hash_rate_ghs, electricity_per_day,
      price_per_day, term_days, days, starts_on, ends_on, started_at, expires_at, status)
    select u.id, ${model.id}, ${model.hash_rate_ghs}, ${model.electricity_per_day},
      ${model.price_per_day}, 30, 30, ${DAY}::date, ${DAY}::date + 30, now(), now() + interval '30 days',
      'active'
    from generate_series(1, ${RENTALS}) g
    join users u on u.id = (select min(id) from users) + (g % ${USERS})
  `.execute(db);
  // Each rental's rent, paid through the ledger as minercreate pays it: the payout pays only
  // terms whose payment entry it finds (decision 138). Each user is credited enough first.
  const perUser = BigInt(Math.ceil(RENTALS / USERS)) * BigInt(model.price_per_day) * 30n;
  const CHUNK = 10_000;
  const ids = (await sql<{ id: string }>`select id::text as id from users order by id`.execute(db))
    .rows;
  for (let i = 0; i < ids.length; i += CHUNK) {
    await ledger.postBatch(
      ids.slice(i, i + CHUNK).map(({ id }) => ({
        kind: 'deposit',
        idempotencyKey: `bench:funds:${id}`,
        postings: [
          { account: platformAccount('custody', 'trc20'), amount: -perUser },
          { account: userAccount(id, 'available'), amount: perUser },
        ],
      })),
    );
  }
  const rents = (
    await sql<{ id: string; user_id: string; amount: string }>`
      select id::text as id, user_id::text as user_id, (price_per_day * days)::text as amount
      from mining_rentals order by id`.execute(db)
  ).rows;
  for (let i = 0; i < rents.length; i += CHUNK) {
    await ledger.postBatch(
      rents.slice(i, i + CHUNK).map((r) => ({
        kind: 'mining_rent',
        idempotencyKey: `mining:rental:${r.id}:rent`,
        reference: `mining:rental:${r.id}`,
        postings: [
          { account: userAccount(r.user_id, 'available'), amount: -BigInt(r.amount) },
          { account: platformAccount('mining_revenue'), amount: BigInt(r.amount) },
        ],
      })),
    );
  }
  // Each rental's first term (its payment), which the payout reads (decision 127).
  await sql`
    insert into mining_payments (rental_id, user_id, kind, days, amount, margin, starts_on,
      ends_on, hash_rate_ghs, electricity_per_day, entry_id)
    select r.id, r.user_id, 'rent', r.days, r.price_per_day * r.days, 0, r.starts_on, r.ends_on,
      r.hash_rate_ghs, r.electricity_per_day, e.id
    from mining_rentals r
    join journal_entries e on e.idempotency_key = 'mining:rental:' || r.id || ':rent'
  `.execute(db);
  // Past terms, as renewals leave them: the k-th term before each rental's current one.
  // The payout reads only the terms covering its day; these show what history costs.
  if (HISTORY > 0) {
    log(`history: ${HISTORY} expired terms`);
    await sql`
      insert into mining_payments (rental_id, user_id, kind, days, amount, margin, starts_on,
        ends_on, hash_rate_ghs, electricity_per_day)
      select r.id, r.user_id, 'renew', 30, r.price_per_day * 30, 0,
        r.starts_on - 30 * k, r.starts_on - 30 * (k - 1), r.hash_rate_ghs, r.electricity_per_day
      from generate_series(1, ${Math.ceil(HISTORY / RENTALS)}::integer) k
      join mining_rentals r on r.id <= (select min(id) from mining_rentals)
        + ${Math.floor(HISTORY / Math.ceil(HISTORY / RENTALS))}::integer - 1
    `.execute(db);
  }
  await sql`vacuum analyze`.execute(db);

  // A day where the S21 earns more than its electricity, so every rental is paid.
  const feed: MiningDataFeed = {
    source: 'simulated',
    day: async () => ({
      difficulty: 100_000_000_000_000n,
      networkHashrate: 0n,
      blockRewardSat: 315_000_000n,
      btcPrice: 10_000_000_000_000n,
      source: 'simulated',
    }),
  };
  const mining = miningService({
    repo: miningRepository(db),
    payouts: miningPayoutRepository(db),
    ledger,
    feed,
    clock: { now: () => new Date(`${DAY}T12:00:00Z`) },
    checkFundPassword: async () => undefined,
  });
  // Three yardstick runs and three payout days, each started from the same quiet state: a
  // checkpoint (so neither pays for the other's WAL) and vacuumed tables (as autovacuum
  // would leave them between two daily runs). Medians are compared; min and max shown.
  const quiet = async () => {
    await sql`vacuum analyze`.execute(db);
    await sql`checkpoint`.execute(db);
  };
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const spread = (xs: number[]) =>
    `${median(xs).toFixed(2)} s (${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)})`;
  const RUNS = 3;

  // --- the yardstick: a bare INSERT ... SELECT of as many rows -----------------------------
  await sql`
    create table bench_yardstick (id bigserial primary key, user_id bigint not null,
      day date not null, amount bigint not null, created_at timestamptz not null default now())
  `.execute(db);
  const yardsticks: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    await sql`truncate bench_yardstick`.execute(db);
    await quiet();
    const yardstick = await time(() =>
      sql`
        insert into bench_yardstick (user_id, day, amount)
        select user_id, ${DAY}::date, hash_rate_ghs from mining_rentals
      `.execute(db),
    );
    yardsticks.push(yardstick.seconds);
  }
  log(`yardstick INSERT ... SELECT of ${RENTALS} rows: ${spread(yardsticks)}`);

  // --- the payout: three days, each paying every rental ------------------------------------
  const payouts: number[] = [];
  let paidRentals = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const day = new Date(Date.parse(`${DAY}T00:00:00Z`) + run * 86_400_000)
      .toISOString()
      .slice(0, 10);
    await mining.inputs(day);
    await quiet();
    const payout = await time(() => mining.payDay(day));
    payouts.push(payout.seconds);
    paidRentals = payout.value.rentals;
    if (paidRentals !== RENTALS) throw new Error(`day ${day} paid ${paidRentals} rentals`);
  }
  const ratio = median(payouts) / median(yardsticks);
  log(
    `payout of ${paidRentals} rentals (${USERS} users): ${spread(payouts)}` +
      ` = ${ratio.toFixed(2)}x the yardstick`,
  );
  const again = await time(() => mining.payDay(DAY));
  log(`the same day again (pays nothing): ${again.seconds.toFixed(2)} s, ${again.value.rentals}`);

  // --- batch post vs single post, transfers per second -----------------------------------
  const userIds = (
    await sql<{ id: string }>`select id::text as id from users order by id limit 10000`.execute(db)
  ).rows.map((r) => r.id);
  const transfer = (i: number, tag: string): EntryRequest => ({
    kind: 'deposit',
    idempotencyKey: `bench:${tag}:${i}`,
    postings: [
      { account: platformAccount('custody', 'trc20'), amount: -1_000n },
      { account: userAccount(userIds[i % userIds.length]!, 'available'), amount: 1_000n },
    ],
  });
  const BATCH = 10_000;
  const BATCHES = 10;
  const batch = await time(async () => {
    for (let b = 0; b < BATCHES; b += 1) {
      await ledger.postBatch(
        Array.from({ length: BATCH }, (_, i) => transfer(b * BATCH + i, 'batch')),
      );
    }
  });
  const batchRate = (BATCH * BATCHES) / batch.seconds;
  log(`batch post: ${Math.round(batchRate)} transfers/s (batches of ${BATCH})`);
  const SINGLE = 10_000;
  const CLIENTS = 16;
  let next = 0;
  const single = await time(() =>
    Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < SINGLE) {
          const i = next++;
          await ledger.post(transfer(i, 'single'));
        }
      }),
    ),
  );
  const singleRate = SINGLE / single.seconds;
  log(`single post: ${Math.round(singleRate)} transfers/s (${CLIENTS} clients)`);

  const audit = await time(() => auditService(auditRepository(db)).run());
  log(`audit: ${audit.value.ok ? 'ok' : 'FAILED'} in ${audit.seconds.toFixed(1)} s`);
  // Mining's own checks: every term paid for, every day paying only paid terms.
  const miningChecks = await time(() => miningAudit(miningRepository(db)).run());
  const miningOk = miningChecks.value.every((c) => c.ok);
  log(`mining audit: ${miningOk ? 'ok' : 'FAILED'} in ${miningChecks.seconds.toFixed(1)} s`);

  const result = {
    date: new Date().toISOString(),
    command: `npx tsx bench/mining/payout.ts ${RENTALS} ${USERS}${HISTORY ? ` ${HISTORY}` : ''}`,
    machine: {
      cores: cpus().length,
      memory_gb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      shared: 'other engineers ran builds and tests on the same 2 cores during the run',
    },
    postgres: version,
    rentals: RENTALS,
    users: USERS,
    expired_terms: HISTORY,
    runs: RUNS,
    yardstick_seconds: median(yardsticks),
    yardstick_runs: yardsticks,
    payout_seconds: median(payouts),
    payout_runs: payouts,
    payout_ratio: ratio,
    payout_again_seconds: again.seconds,
    ledger_entries_per_day: 1,
    ledger_postings_per_day: USERS + 1,
    batch_transfers_per_second: batchRate,
    single_transfers_per_second: singleRate,
    batch_vs_single: batchRate / singleRate,
    audit_ok: audit.value.ok,
    mining_audit_seconds: miningChecks.seconds,
    mining_audit_ok: miningOk,
  };
  await mkdir(new URL('../results/', import.meta.url), { recursive: true });
  await writeFile(
    new URL(`../results/mining-payout${HISTORY ? '-history' : ''}.json`, import.meta.url),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  log(JSON.stringify(result));
} finally {
  await db.destroy();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
