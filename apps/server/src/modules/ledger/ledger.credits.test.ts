// The credits post (decision 129): one entry paying many users from one platform account,
// the credits chosen by a query in the database. It keeps every rule of the single post:
// balanced, each account once, the payload hash post() would make, idempotent replays,
// refusals that leave nothing behind, append-only, and a clean audit.
import { sql } from 'kysely';
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
  LedgerEntryError,
  ledgerService,
  planEntry,
  platformAccount,
  userAccount,
  type LedgerService,
} from './ledger.service.ts';

let database: TestDatabase;
let db: Db;
let ledger: LedgerService;
let users: string[];

/** A credits query over literal (user, amount) rows, as a module's own query would be. */
const credits = (rows: [string, bigint][]) =>
  sql`select * from (values ${sql.join(
    rows.map(([u, a]) => sql`(${u}::bigint, ${a}::bigint)`),
  )}) v (user_id, amount)`;
const pay = (rows: [string, bigint][], key: string, trx: Db = db) =>
  trx.transaction().execute((t) =>
    ledger.postCredits(t, {
      kind: 'mining_payout',
      idempotencyKey: key,
      reference: `ref:${key}`,
      memo: '2026-03-01',
      from: platformAccount('mining_payout'),
      userKind: 'available',
      credits: credits(rows),
    }),
  );
const available = async (userId: string) => (await ledger.userBalances(userId)).available;
const entries = () => entryCount(db);

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  ledger = ledgerService(ledgerRepository(db));
  users = await insertUsers(db, 4);
});
afterAll(() => database.drop());

describe('ledger credits post', () => {
  it('pays each user once in one balanced entry, with the payload hash post() would make', async () => {
    const rows: [string, bigint][] = [
      [users[0]!, 1_000n],
      [users[1]!, 250n],
      [users[2]!, 7n],
    ];
    const posted = await pay(rows, 'c1');
    expect(posted).toMatchObject({ replayed: false, credits: 3, total: 1_257n });
    expect(await available(users[0]!)).toBe(1_000n);
    expect(await available(users[1]!)).toBe(250n);
    expect(await available(users[2]!)).toBe(7n);
    expect(await available(users[3]!)).toBe(0n);

    const legs = await sql<{ user_id: string | null; amount: string; balance_after: string }>`
      select a.user_id::text as user_id, p.amount::text as amount,
             p.balance_after::text as balance_after
      from postings p join accounts a on a.id = p.account_id
      where p.entry_id = ${posted!.id} order by p.id
    `.execute(db);
    // The debit first, then the credits; each posting records its account's new balance.
    expect(legs.rows[0]).toMatchObject({ user_id: null, amount: '-1257' });
    expect(legs.rows.slice(1)).toEqual(
      expect.arrayContaining([
        { user_id: users[0], amount: '1000', balance_after: '1000' },
        { user_id: users[2], amount: '7', balance_after: '7' },
      ]),
    );

    // The same entry sent through post() would carry the same hash: a replay from either
    // path is recognised.
    const stored = await sql<{ payload_hash: Buffer }>`
      select payload_hash from journal_entries where id = ${posted!.id}`.execute(db);
    const plan = planEntry({
      kind: 'mining_payout',
      idempotencyKey: 'c1',
      reference: 'ref:c1',
      memo: '2026-03-01',
      postings: [
        { account: platformAccount('mining_payout'), amount: -1_257n },
        ...rows.map(([u, a]) => ({ account: userAccount(u, 'available'), amount: a })),
      ],
    });
    expect(stored.rows[0]!.payload_hash.equals(plan.payloadHash)).toBe(true);
  });

  it('replays the same credits under the same key, and refuses other credits under it', async () => {
    const before = await entries();
    const again = await pay(
      [
        [users[2]!, 7n],
        [users[0]!, 1_000n],
        [users[1]!, 250n],
      ],
      'c1',
    );
    expect(again).toMatchObject({ replayed: true, total: 1_257n });
    expect(await entries()).toBe(before);
    expect(await available(users[0]!)).toBe(1_000n);
    await expect(pay([[users[0]!, 1_001n]], 'c1')).rejects.toBeInstanceOf(IdempotencyConflictError);
    expect(await available(users[0]!)).toBe(1_000n);
  });

  it('posts nothing when the query has no rows', async () => {
    const before = await entries();
    const none = await db.transaction().execute((t) =>
      ledger.postCredits(t, {
        kind: 'mining_payout',
        idempotencyKey: 'c2',
        from: platformAccount('mining_payout'),
        userKind: 'available',
        credits: sql`select 1::bigint as user_id, 1::bigint as amount where false`,
      }),
    );
    expect(none).toBeNull();
    expect(await entries()).toBe(before);
  });

  it('refuses a credit that is not positive, a user twice, and leaves nothing behind', async () => {
    const before = await entries();
    await expect(pay([[users[3]!, 0n]], 'c3')).rejects.toThrow(/not positive/);
    await expect(pay([[users[3]!, -5n]], 'c3')).rejects.toThrow(/not positive/);
    await expect(
      pay(
        [
          [users[3]!, 5n],
          [users[3]!, 6n],
        ],
        'c3',
      ),
    ).rejects.toThrow(/credited twice/);
    expect(await entries()).toBe(before);
    expect(await available(users[3]!)).toBe(0n);
  });

  it("refuses accounts outside the entry kind's, and a debit of a credit-only account", async () => {
    await expect(
      db.transaction().execute((t) =>
        ledger.postCredits(t, {
          kind: 'mining_payout',
          idempotencyKey: 'c4',
          from: platformAccount('custody', 'trc20'),
          userKind: 'available',
          credits: credits([[users[3]!, 5n]]),
        }),
      ),
    ).rejects.toBeInstanceOf(LedgerEntryError);
    await expect(
      db.transaction().execute((t) =>
        ledger.postCredits(t, {
          kind: 'mining_margin',
          idempotencyKey: 'c5',
          from: platformAccount('mining_margin'),
          userKind: 'available',
          credits: credits([[users[3]!, 5n]]),
        }),
      ),
    ).rejects.toThrow(/credit-only/);
  });

  it('the database refuses a debit below zero where the account may not go negative', async () => {
    // Only a raw call can name such an account (the service refuses it first).
    const before = await entries();
    const payer = await sql<{ id: string }>`
      select id::text as id from accounts where user_id = ${users[1]} and kind = 'available'
    `.execute(db);
    const attempt = db.transaction().execute(async (t) => {
      await ledgerRepository(db).stageCredits(t, credits([[users[3]!, 251n]]), 'available');
      await sql`
        select * from ledger_post_credits('mining_payout', 'c6', null, null,
          ${payer.rows[0]!.id}, 'x', 'available')`.execute(t);
    });
    await expect(attempt).rejects.toThrow(/would go below zero/);
    expect(await entries()).toBe(before);
    expect(await available(users[1]!)).toBe(250n);
    await expect(pay([[users[3]!, 1n]], 'c7').then(() => available(users[3]!))).resolves.toBe(1n);
  });

  it('runs beside single posts to the same users on parallel connections', async () => {
    const crowd = await insertUsers(db, 12);
    const start = await Promise.all(crowd.map(available));
    const payouts = Array.from({ length: 3 }, (_, round) =>
      pay(
        crowd.map((u) => [u, 100n] as [string, bigint]),
        `c8:${round}`,
      ),
    );
    const singles = crowd.flatMap((u, i) => [
      ledger.post({
        kind: 'deposit',
        idempotencyKey: `c8:deposit:${i}`,
        postings: [
          { account: platformAccount('custody', 'trc20'), amount: -10n },
          { account: userAccount(u, 'available'), amount: 10n },
        ],
      }),
      ledger.post({
        kind: 'mining_payout',
        idempotencyKey: `c8:single:${i}`,
        postings: [
          { account: platformAccount('mining_payout'), amount: -1n },
          { account: userAccount(u, 'available'), amount: 1n },
        ],
      }),
    ]);
    await Promise.all([...payouts, ...singles]);
    const end = await Promise.all(crowd.map(available));
    expect(end.map((b, i) => b - start[i]!)).toEqual(crowd.map(() => 311n));
  });

  it('keeps postings append-only and the audit clean', async () => {
    await expect(
      sql`update postings set amount = amount + 1 where entry_id = (
            select id from journal_entries where idempotency_key = 'c1') `.execute(db),
    ).rejects.toThrow();
    const report = await auditService(auditRepository(db)).run();
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
  });
});
