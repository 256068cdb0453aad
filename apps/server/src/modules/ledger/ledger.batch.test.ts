// The batch post keeps every rule of the single post: balanced entries, no negative where
// forbidden (anywhere inside the batch), idempotent per entry, append-only; and it runs
// beside single posts on real parallel connections with an audit that stays clean.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { entryCount } from '../../../test/ledger.ts';
import { insertUsers } from '../../../test/users.ts';
import type { Db } from '../../db/database.ts';
import { auditRepository } from './audit.repository.ts';
import { auditService } from './audit.service.ts';
import { ledgerRepository } from './ledger.repository.ts';
import {
  IdempotencyConflictError,
  InsufficientBalanceError,
  LedgerEntryError,
  ledgerService,
  platformAccount,
  userAccount,
  type EntryRequest,
  type LedgerService,
} from './ledger.service.ts';

let database: TestDatabase;
let db: Db;
let ledger: LedgerService;
let users: string[];

const deposit = (userId: string, amount: bigint, key: string): EntryRequest => ({
  kind: 'deposit',
  idempotencyKey: key,
  postings: [
    { account: platformAccount('custody', 'trc20'), amount: -amount },
    { account: userAccount(userId, 'available'), amount },
  ],
});
const rent = (userId: string, amount: bigint, key: string): EntryRequest => ({
  kind: 'mining_rent',
  idempotencyKey: key,
  postings: [
    { account: userAccount(userId, 'available'), amount: -amount },
    { account: platformAccount('mining_revenue'), amount },
  ],
});
const available = async (userId: string) => (await ledger.userBalances(userId)).available;
const entries = () => entryCount(db);

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  ledger = ledgerService(ledgerRepository(db));
  users = await insertUsers(db, 5);
});
afterAll(() => database.drop());

describe('ledger batch post', () => {
  it('posts many entries in order, with running balances, and replays idempotently', async () => {
    const batch = users.flatMap((u, i) => [
      deposit(u, 1_000n, `b1:dep:${i}`),
      rent(u, 300n, `b1:rent:${i}`),
      deposit(u, 50n, `b1:dep2:${i}`),
    ]);
    const posted = await ledger.postBatch(batch);
    expect(posted).toHaveLength(15);
    expect(posted.every((p) => !p.replayed)).toBe(true);
    for (const u of users) expect(await available(u)).toBe(750n);
    // Each posting carries the balance after it, in the order of the batch.
    const legs = await db
      .selectFrom('postings as p')
      .innerJoin('journal_entries as e', 'e.id', 'p.entry_id')
      .innerJoin('accounts as a', 'a.id', 'p.account_id')
      .select(['e.idempotency_key', 'p.balance_after'])
      .where('a.user_id', '=', users[0]!)
      .orderBy('p.id')
      .execute();
    expect(legs.map((l) => [l.idempotency_key, l.balance_after])).toEqual([
      ['b1:dep:0', '1000'],
      ['b1:rent:0', '700'],
      ['b1:dep2:0', '750'],
    ]);

    const before = await entries();
    const again = await ledger.postBatch(batch);
    expect(again.every((p) => p.replayed)).toBe(true);
    expect(again.map((p) => p.id)).toEqual(posted.map((p) => p.id));
    expect(await entries()).toBe(before);
    for (const u of users) expect(await available(u)).toBe(750n);
  });

  it('refuses the whole batch when any entry would take an account below zero', async () => {
    const before = await entries();
    // The second rent overdraws only because the first one ran before it.
    const batch = [
      deposit(users[1]!, 10n, 'b2:dep'),
      rent(users[0]!, 700n, 'b2:rent:a'),
      rent(users[0]!, 100n, 'b2:rent:b'),
    ];
    await expect(ledger.postBatch(batch)).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect(await entries()).toBe(before);
    expect(await available(users[0]!)).toBe(750n);
    expect(await available(users[1]!)).toBe(750n);
  });

  it('refuses a key reused for another payload, and a batch that repeats a key', async () => {
    const before = await entries();
    await expect(
      ledger.postBatch([deposit(users[2]!, 5n, 'b3:new'), deposit(users[2]!, 999n, 'b1:dep:2')]),
    ).rejects.toBeInstanceOf(IdempotencyConflictError);
    expect(await entries()).toBe(before);
    await expect(
      ledger.postBatch([deposit(users[2]!, 5n, 'b3:x'), deposit(users[2]!, 5n, 'b3:x')]),
    ).rejects.toBeInstanceOf(LedgerEntryError);
  });

  it('checks entries as the single post does, and the database refuses an unbalanced one', async () => {
    await expect(
      ledger.postBatch([
        {
          kind: 'deposit',
          idempotencyKey: 'b4:unbalanced',
          postings: [
            { account: platformAccount('custody', 'trc20'), amount: -5n },
            { account: userAccount(users[3]!, 'available'), amount: 4n },
          ],
        },
      ]),
    ).rejects.toBeInstanceOf(LedgerEntryError);
    // Past the application, straight to the function: refused at commit.
    const ids = await db
      .selectFrom('accounts')
      .select('id')
      .where('user_id', '=', users[3]!)
      .where('kind', '=', 'available')
      .execute();
    const custody = await db
      .selectFrom('accounts')
      .select('id')
      .where('kind', '=', 'custody')
      .limit(1)
      .execute();
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`
          select * from ledger_post_batch(array['deposit'], array['b4:raw'], array[null]::text[],
            array[null]::text[], array['\\x00'::bytea], array[1, 1],
            array[${custody[0]!.id}, ${ids[0]!.id}]::bigint[], array[-5, 4]::bigint[])
        `.execute(trx);
      }),
    ).rejects.toThrow(/sum to/);
    expect(await available(users[3]!)).toBe(750n);
  });

  it('keeps the ledger append-only and postings inside their own transaction', async () => {
    // As the owner: the app's role may not even try (decision 140).
    await expect(
      sql`update postings set amount = amount + 1`.execute(database.owner),
    ).rejects.toThrow(/append-only/);
    const old = await db
      .selectFrom('journal_entries')
      .select('id')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    const account = await db
      .selectFrom('accounts')
      .select('id')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    await expect(
      sql`insert into postings (entry_id, account_id, amount, balance_after)
          values (${old!.id}, ${account!.id}, 1, 1)`.execute(db),
    ).rejects.toThrow(/outside the transaction/);
  });

  it('runs beside single posts on parallel connections and the audit stays clean', async () => {
    const u = users[4]!;
    const batches = Array.from({ length: 6 }, (_, b) =>
      ledger.postBatch(Array.from({ length: 20 }, (_, i) => deposit(u, 1n, `b5:batch:${b}:${i}`))),
    );
    const singles = Array.from({ length: 30 }, (_, i) =>
      ledger.post(rent(u, 10n, `b5:single:${i}`)).catch((e: unknown) => e),
    );
    await Promise.all([...batches, ...singles]);
    // 750 + 120 deposits - 30 rents of 10 (each could pay: 750 covers them all).
    expect(await available(u)).toBe(750n + 120n - 300n);
    const report = await auditService(auditRepository(db)).run();
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
  });

  // Statistics are usually older than the entries a batch adds (autovacuum analyzes later).
  // Estimating its entries at a row, the planner once put a range scan of postings inside a
  // nested loop over the entries in the commit-time balance check: 10,000 entries took 25 s
  // to commit (migration 0122). The plans are read from auto_explain, as notices.
  it('commits a batch without a nested loop over its entries, on statistics of an empty ledger', async () => {
    // auto_explain is loaded and set by a superuser only.
    const client = new pg.Client({ connectionString: database.superuserUrl });
    await client.connect();
    const plans: string[] = [];
    client.on('notice', (notice) => plans.push(notice.message ?? ''));
    try {
      const { rows } = await sql<{ custody: string; user: string }>`
        select (select min(id) from accounts where kind = 'custody' and subkey = 'trc20')::text
                 as custody,
               (select id from accounts where user_id = ${users[0]} and kind = 'available')::text
                 as user
      `.execute(db);
      await client.query('analyze journal_entries, postings');
      await client.query(`load 'auto_explain'`);
      await client.query(`set auto_explain.log_min_duration = 0`);
      await client.query(`set auto_explain.log_nested_statements = on`);
      await client.query(`set auto_explain.log_level = notice`);
      await client.query('begin');
      await client.query(
        `select count(*) from ledger_post_batch(
           array(select 'deposit' from generate_series(1, 2000)),
           array(select 'b6:' || g from generate_series(1, 2000) g),
           array(select null::text from generate_series(1, 2000)),
           array(select null::text from generate_series(1, 2000)),
           array(select '\\x00'::bytea from generate_series(1, 2000)),
           array(select g from generate_series(1, 2000) g, generate_series(1, 2) l order by g, l),
           array(select case when l = 1 then $1::bigint else $2::bigint end
                 from generate_series(1, 2000) g, generate_series(1, 2) l order by g, l),
           array(select case when l = 1 then -1::bigint else 1::bigint end
                 from generate_series(1, 2000) g, generate_series(1, 2) l order by g, l))`,
        [rows[0]!.custody, rows[0]!.user],
      );
      await client.query('commit');
    } finally {
      await client.end();
    }
    const check = plans.filter((p) => p.includes('having count(p.entry_id) = 0'));
    expect(check).toHaveLength(1);
    expect(check[0]).not.toContain('Nested Loop');
    expect(await entries()).toBeGreaterThanOrEqual(2000);
  });
});
