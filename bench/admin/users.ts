// The console's users list at 1,000,000 users (issue 15): p50/p99 of `users/list` as the
// admin API runs it (userOperations.list: the page and its total), for a search by
// account prefix (1 to 4 characters, random) and for pages sorted by balance (random
// pages 1-50, both orders). Yardstick in the same run: a primary-key lookup of one user.
// Run: DATABASE_URL=postgres://... npx tsx bench/admin/users.ts [users=1000000] [calls=400]
import { writeFile } from 'node:fs/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { createDb } from '../../apps/server/src/db/database.ts';
import type { ListQuery } from '../../apps/server/src/db/list-query.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { userOperations } from '../../apps/server/src/modules/users/operations.service.ts';
import { userRepository } from '../../apps/server/src/modules/users/user.repository.ts';

const users = Number(process.argv[2] ?? 1_000_000);
const calls = Number(process.argv[3] ?? 400);
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// BENCH_DB=<name> reuses a database a run kept with BENCH_KEEP=1 (skips the 1M inserts).
const reuse = process.env.BENCH_DB;
const name = reuse ?? `bench_admin_users_${process.pid}`;
const admin = async (q: string) => {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(q).finally(() => c.end());
};
if (!reuse) await admin(`create database "${name}"`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const db = createDb(url.toString(), 4);
await migrateToLatest(db as never);
const ms = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e6;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 100) / 100;
};
const HEX = '0123456789abcdef';
const randomPrefix = (n: number) =>
  Array.from({ length: n }, () => HEX[Math.floor(Math.random() * 16)]).join('');

async function setup() {
  // Accounts look like real e-mails of varied spelling: 12 hex characters @ a domain.
  // The available account of each user is opened by the users insert (migration 0090).
  await sql`
    insert into users (account, account_kind, password_hash, fund_password_hash, nickname, invite_code, lang)
    select substr(md5(g::text), 1, 12) || '@example.com', 'email', 'x', 'x', 'u' || g, 'B' || g, 'en'
    from generate_series(1, ${users}) g
  `.execute(db);
  await sql`
    update accounts set balance = (random() * 1e12)::bigint
    where kind = 'available' and user_id is not null and random() < 0.7
  `.execute(db);
  await sql`vacuum analyze users`.execute(db);
  await sql`vacuum analyze accounts`.execute(db);
}

try {
  const t = process.hrtime.bigint();
  if (!reuse) await setup();
  const setupMs = ms(t);

  const ops = userOperations({
    users: userRepository(db),
    sessions: { revokeAll: async () => 0 } as never,
  });
  const query = (q: Partial<ListQuery>): ListQuery => ({
    page: 1,
    limit: 20,
    sort: 'id',
    order: 'desc',
    filters: {},
    q: undefined,
    ...q,
  });
  async function measure(label: string, next: () => ListQuery) {
    const times: number[] = [];
    let rows = 0;
    for (let i = 0; i < calls; i++) {
      const started = process.hrtime.bigint();
      const page = await ops.list(next());
      times.push(ms(started));
      rows += page.list.length;
    }
    const figures = {
      label,
      calls,
      p50: pct(times, 50),
      p99: pct(times, 99),
      max: pct(times, 100),
      rows_per_call: rows / calls,
    };
    process.stdout.write(`${JSON.stringify(figures)}\n`);
    return figures;
  }

  // Warm the caches once, as a running console would have them.
  for (let i = 0; i < 50; i++) await ops.list(query({ q: randomPrefix(2) }));

  const results = [];
  for (const n of [1, 2, 3, 4]) {
    results.push(
      await measure(`prefix ${n} char(s), newest first`, () => query({ q: randomPrefix(n) })),
    );
  }
  results.push(
    await measure('prefix 2 chars, sorted by balance', () =>
      query({ q: randomPrefix(2), sort: 'balance' }),
    ),
  );
  results.push(
    await measure('sorted by balance desc, random page 1-50', () =>
      query({ sort: 'balance', page: 1 + Math.floor(Math.random() * 50) }),
    ),
  );
  results.push(
    await measure('sorted by balance asc, random page 1-50', () =>
      query({ sort: 'balance', order: 'asc', page: 1 + Math.floor(Math.random() * 50) }),
    ),
  );

  // Yardstick: one user by primary key.
  const pk: number[] = [];
  for (let i = 0; i < calls; i++) {
    const id = String(1 + Math.floor(Math.random() * users));
    const started = process.hrtime.bigint();
    await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    pk.push(ms(started));
  }
  const yardstick = { label: 'primary-key lookup', p50: pct(pk, 50), p99: pct(pk, 99) };
  process.stdout.write(`${JSON.stringify(yardstick)}\n`);

  const plans = {
    prefix: (
      await sql<{
        'QUERY PLAN': string;
      }>`explain select u.id from users u join accounts a on a.user_id = u.id and a.kind = 'available' and a.user_id is not null where u.account like 'ab%' order by u.id desc limit 20`.execute(
        db,
      )
    ).rows.map((r) => r['QUERY PLAN']),
    balance: (
      await sql<{
        'QUERY PLAN': string;
      }>`explain select u.id from users u join accounts a on a.user_id = u.id and a.kind = 'available' and a.user_id is not null order by a.balance desc, u.id desc limit 20 offset 980`.execute(
        db,
      )
    ).rows.map((r) => r['QUERY PLAN']),
  };
  const load = (await import('node:os')).loadavg().map((l) => Math.round(l * 100) / 100);
  const report = {
    date: new Date().toISOString().slice(0, 10),
    users,
    setup_ms: Math.round(setupMs),
    load_average: load,
    results,
    yardstick,
    plans,
  };
  await writeFile('bench/results/admin-users.json', `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`${JSON.stringify({ setup_ms: report.setup_ms, load_average: load })}\n`);
} finally {
  await db.destroy();
  if (process.env.BENCH_KEEP) process.stdout.write(`${JSON.stringify({ kept: name })}\n`);
  else await admin(`drop database "${name}"`);
}
