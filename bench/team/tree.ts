// Team calls on a generated tree of 1,000,000 users (issue 13): `team`, `teamuser` and
// `getteamuser` of a user with 100,000 members below (1,000 at level 1, 9,000 at level 2,
// 90,000 at level 3) at p50/p99, and the work team figures add to a deposit credit and to
// a fee posting (the team sync's statements for them, against the ledger post itself).
// The tree is generated set-based: users by one INSERT ... SELECT generate_series (the
// registration trigger off), then the closure rows and counts as migration 0050 builds
// them for existing users. Yardstick in the same run: a primary-key read of a user.
// Run: DATABASE_URL=postgres://... npx tsx bench/team/tree.ts [users=1000000]
import { writeFile } from 'node:fs/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { createDb } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { ledgerRepository } from '../../apps/server/src/modules/ledger/ledger.repository.ts';
import {
  ledgerService,
  platformAccount,
  userAccount,
} from '../../apps/server/src/modules/ledger/ledger.service.ts';
import { teamRepository } from '../../apps/server/src/modules/team/team.repository.ts';
import { teamService } from '../../apps/server/src/modules/team/team.service.ts';

const users = Number(process.argv[2] ?? 1_000_000);
const SAMPLES = Number(process.env.SAMPLES ?? 400);
const POSTS = Number(process.env.POSTS ?? 2000);
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `bench_team_${process.pid}`;
const admin = async (q: string) => {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(q).finally(() => c.end());
};
await admin(`create database "${name}"`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const db = createDb(url.toString(), 4);
await migrateToLatest(db as never);
const now = () => process.hrtime.bigint();
const ms = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e6;
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return +s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!.toFixed(2);
};
async function timed(run: (i: number) => Promise<unknown>) {
  const out: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t = now();
    await run(i);
    out.push(ms(t));
  }
  return { p50_ms: pct(out, 50), p99_ms: pct(out, 99) };
}

// Ids: 1 is the big team's root R; 2..1001 its level 1; 1002..10001 its level 2 (9 under
// each level-1 member); 10002..100001 its level 3 (10 under each level-2 member); the rest
// join a random earlier user outside R's team (one in ten joins with no code).
const L1 = 1001;
const L2 = 10_001;
const L3 = 100_001;
try {
  let t = now();
  await sql`alter table users disable trigger users_team_links`.execute(db);
  await sql`
    insert into users (id, account, account_kind, password_hash, fund_password_hash, nickname,
                       invite_code, inviter_id, lang, created_at)
    select g, 'u' || g || '@bench.test', 'email', 'x', 'x', 'u' || g, 'B' || g,
           case when g = 1 then null
                when g <= ${L1} then 1
                when g <= ${L2} then 2 + (g - ${L1 + 1}) / 9
                when g <= ${L3} then ${L1 + 1} + (g - ${L2 + 1}) / 10
                when g = ${L3 + 1} or g % 10 = 0 then null
                else ${L3 + 1} + floor(random() * (g - ${L3 + 1}))::bigint end,
           'en', now() - make_interval(secs => ${users} - g)
      from generate_series(1, ${users}) g`.execute(db);
  await sql`select setval('users_id_seq', ${users})`.execute(db);
  await sql`alter table users enable trigger users_team_links`.execute(db);
  await sql`insert into team_stats (user_id) select id from users`.execute(db);
  await sql`
    insert into team_links (ancestor_id, descendant_id, depth, joined_at)
    select inviter_id, id, 1, created_at from users where inviter_id is not null`.execute(db);
  for (const depth of [2, 3]) {
    await sql`
      insert into team_links (ancestor_id, descendant_id, depth, joined_at)
      select p.inviter_id, l.descendant_id, ${depth}, l.joined_at
        from team_links l join users p on p.id = l.ancestor_id
       where l.depth = ${depth - 1} and p.inviter_id is not null`.execute(db);
  }
  // Counts, and every member's own top-up with the performance it adds to the uplines.
  await sql`update team_stats set total_topup = (random() * 1e11)::bigint`.execute(db);
  await sql`
    update team_stats s set count1 = c.c1, count2 = c.c2, count3 = c.c3,
           perf1 = c.p1, perf2 = c.p2, perf3 = c.p3
      from (select l.ancestor_id,
                   count(*) filter (where depth = 1) c1, count(*) filter (where depth = 2) c2,
                   count(*) filter (where depth = 3) c3,
                   coalesce(sum(m.total_topup) filter (where depth = 1), 0) p1,
                   coalesce(sum(m.total_topup) filter (where depth = 2), 0) p2,
                   coalesce(sum(m.total_topup) filter (where depth = 3), 0) p3
              from team_links l join team_stats m on m.user_id = l.descendant_id
             group by l.ancestor_id) c
     where s.user_id = c.ancestor_id`.execute(db);
  await sql`vacuum analyze users`.execute(db);
  await sql`vacuum analyze team_links`.execute(db);
  await sql`vacuum analyze team_stats`.execute(db);
  const setupMs = ms(t);
  const links = Number(
    (await sql<{ n: string }>`select count(*)::text as n from team_links`.execute(db)).rows[0]!.n,
  );

  const ledger = ledgerService(ledgerRepository(db));
  const team = teamService({ repo: teamRepository(db), ledger });
  const root = '1';
  const small = String(L3 + 500_000); // an ordinary user somewhere in the forest
  const rand = (n: number) => Math.floor(Math.random() * n);

  // Yardstick: a user read by primary key, the cheapest call a screen makes.
  const yardstick = await timed((i) =>
    sql`select * from users where id = ${String(1 + ((i * 7919) % users))}`.execute(db),
  );
  const calls = {
    team_root: await timed(() => team.team(root)),
    teamuser_root_all_page1: await timed(() => team.members(root, { page: 1, limit: 20 })),
    teamuser_root_level1_random_page: await timed(() =>
      team.members(root, { page: 1 + rand(50), limit: 20, level: 1 }),
    ),
    teamuser_root_level3_random_page: await timed(() =>
      team.members(root, { page: 1 + rand(50), limit: 20, level: 3 }),
    ),
    // A complete account (a part of one matches only its shown form: decision 137).
    getteamuser_root_one_member: await timed(() =>
      team.members(root, { page: 1, limit: 20, keyword: `u${L2 + 1 + rand(90_000)}@bench.test` }),
    ),
    getteamuser_root_common_word: await timed(() =>
      team.members(root, { page: 1, limit: 20, keyword: 'bench' }),
    ),
    getteamuser_root_no_match: await timed(() =>
      team.members(root, { page: 1, limit: 20, keyword: 'nobody-here' }),
    ),
    team_small: await timed(() => team.team(small)),
    teamuser_small: await timed(() => team.members(small, { page: 1, limit: 20 })),
    // Not in the list: the ranking with the place of an ordinary user.
    rank_small: await timed(() => team.rank(small, 50)),
  };

  // Postings: deposits and fees by level-3 members of R (three uplines each), then the
  // team sync's work for them. Commissions are ledger entries of their own, timed apart
  // (a counting ledger): the rest of the sync is what team figures cost.
  await team.sync();
  const member = () => String(L2 + 1 + rand(90_000));
  t = now();
  for (let i = 0; i < POSTS; i++) {
    const user = member();
    await ledger.post({
      kind: 'deposit',
      idempotencyKey: `bench-deposit:${i}`,
      postings: [
        { account: platformAccount('custody', 'bep20'), amount: -100_000_000n },
        { account: userAccount(user, 'available'), amount: 100_000_000n },
      ],
    });
  }
  const depositPostMs = ms(t);
  t = now();
  await team.sync();
  const depositSyncMs = ms(t);

  const fees: string[] = [];
  for (let i = 0; i < POSTS; i++) fees.push(member());
  // Each fee payer needs the money first (not timed: it is the deposits' part).
  await ledger.postBatch(
    fees.map((user, i) => ({
      kind: 'deposit' as const,
      idempotencyKey: `bench-fund:${i}`,
      postings: [
        { account: platformAccount('custody', 'bep20'), amount: -100_000_000n },
        { account: userAccount(user, 'available'), amount: 100_000_000n },
      ],
    })),
  );
  await team.sync();
  t = now();
  for (const [i, user] of fees.entries()) {
    await ledger.post({
      kind: 'withdrawal_freeze',
      idempotencyKey: `bench-fee:${i}`,
      reference: `withdrawal:bench${i}`,
      postings: [
        { account: userAccount(user, 'available'), amount: -10_000_000n },
        { account: userAccount(user, 'frozen'), amount: 9_000_000n },
        { account: platformAccount('fee_revenue'), amount: 1_000_000n },
      ],
    });
  }
  const feePostMs = ms(t);
  // The same sync, with the commission postings timed on their own.
  let commissionMs = 0;
  let commissions = 0;
  const counting = {
    ...ledger,
    postBatch: async (...args: Parameters<typeof ledger.postBatch>) => {
      const c = now();
      try {
        return await ledger.postBatch(...args);
      } finally {
        commissionMs += ms(c);
        commissions += args[0].length;
      }
    },
  };
  const timedTeam = teamService({ repo: teamRepository(db), ledger: counting });
  t = now();
  await timedTeam.sync();
  const feeSyncMs = ms(t);

  const figures = {
    users,
    team_links: links,
    root_members: 100_000,
    setup_ms: Math.round(setupMs),
    samples_per_call: SAMPLES,
    yardstick_user_by_pk: yardstick,
    calls,
    p99_over_yardstick_p99: Object.fromEntries(
      Object.entries(calls).map(([k, v]) => [k, +(v.p99_ms / yardstick.p99_ms).toFixed(1)]),
    ),
    postings: POSTS,
    deposit_post_ms_each: +(depositPostMs / POSTS).toFixed(3),
    deposit_team_figures_ms_each: +(depositSyncMs / POSTS).toFixed(3),
    deposit_figures_share: +(depositSyncMs / depositPostMs).toFixed(3),
    fee_post_ms_each: +(feePostMs / POSTS).toFixed(3),
    fee_sync_ms_each: +(feeSyncMs / POSTS).toFixed(3),
    fee_commission_posts: commissions,
    fee_commission_posts_ms_each_fee: +(commissionMs / POSTS).toFixed(3),
    fee_team_figures_ms_each: +((feeSyncMs - commissionMs) / POSTS).toFixed(3),
    fee_figures_share: +((feeSyncMs - commissionMs) / feePostMs).toFixed(3),
  };
  process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
  await writeFile(
    new URL('../results/team.json', import.meta.url),
    `${JSON.stringify(figures, null, 2)}\n`,
  );
} finally {
  await db.destroy();
  await admin(`drop database if exists "${name}" with (force)`);
}
