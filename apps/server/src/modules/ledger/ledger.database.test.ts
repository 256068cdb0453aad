// What the database itself refuses, with the posting code bypassed: raw SQL that would
// break a ledger rule must fail whoever sends it.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { insertUser } from '../../../test/users.ts';
import type { Db } from '../../db/database.ts';
import { auditRepository } from './audit.repository.ts';
import { auditService } from './audit.service.ts';
import { ledgerRepository } from './ledger.repository.ts';
import { ledgerService, platformAccount, userAccount } from './ledger.service.ts';

let database: TestDatabase;
let db: Db;
let userAvailable: string;
let custody: string;
let depositEntry: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  const user = await insertUser(db);
  const entry = await ledgerService(ledgerRepository(db)).post({
    kind: 'deposit',
    idempotencyKey: 'deposit:seed',
    postings: [
      { account: platformAccount('custody', 'bep20'), amount: -500n },
      { account: userAccount(user.id, 'available'), amount: 500n },
    ],
  });
  depositEntry = entry.id;
  custody = entry.postings[0]!.accountId;
  userAvailable = entry.postings[1]!.accountId;
});
afterAll(() => database.drop());

/** Inserts an entry and the given postings in one transaction, by hand. */
async function rawEntry(legs: [string, number][], key = `raw:${Math.random()}`) {
  await db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('journal_entries')
      .values({ kind: 'deposit', idempotency_key: key, payload_hash: Buffer.alloc(32) })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [accountId, amount] of legs) {
      await trx
        .insertInto('postings')
        .values({
          entry_id: id,
          account_id: accountId,
          amount: String(amount),
          balance_after: '0',
        })
        .execute();
    }
  });
}

describe('the database refuses', () => {
  it('an entry whose postings do not sum to zero, at commit', async () => {
    await expect(
      rawEntry([
        [custody, -10],
        [userAvailable, 9],
      ]),
    ).rejects.toThrow(/sum to -1, not zero/);
  });

  it('an unbalanced entry sent straight to ledger_post()', async () => {
    await expect(
      sql`
        select * from ledger_post('deposit', 'direct', null, null, null, null, '\\x00'::bytea,
          array[${custody}, ${userAvailable}]::bigint[], array[-5, 4]::bigint[])
      `.execute(db),
    ).rejects.toThrow(/not zero/);
  });

  it('an entry with no postings', async () => {
    await expect(rawEntry([])).rejects.toThrow(/has no postings/);
  });

  it('a user account below zero', async () => {
    await expect(
      db.updateTable('accounts').set({ balance: '-1' }).where('id', '=', userAvailable).execute(),
    ).rejects.toThrow(/accounts_no_negative/);
  });

  it('a user account allowed to go negative', async () => {
    await expect(
      db
        .updateTable('accounts')
        .set({ may_go_negative: true })
        .where('id', '=', userAvailable)
        .execute(),
    ).rejects.toThrow(/append-only|user_never_negative/);
  });

  it('changing or deleting entries and postings', async () => {
    await expect(
      db.updateTable('journal_entries').set({ memo: 'x' }).where('id', '=', depositEntry).execute(),
    ).rejects.toThrow(/UPDATE on journal_entries is refused/);
    await expect(
      db.deleteFrom('journal_entries').where('id', '=', depositEntry).execute(),
    ).rejects.toThrow(/DELETE on journal_entries is refused/);
    await expect(
      sql`update postings set amount = amount * 2 where entry_id = ${depositEntry}`.execute(db),
    ).rejects.toThrow(/UPDATE on postings is refused/);
    await expect(db.deleteFrom('postings').execute()).rejects.toThrow(/DELETE on postings/);
    await expect(sql`truncate postings`.execute(db)).rejects.toThrow(/TRUNCATE/);
  });

  it('deleting an account or changing what it is', async () => {
    await expect(db.deleteFrom('accounts').where('id', '=', custody).execute()).rejects.toThrow(
      /DELETE on accounts is refused/,
    );
    await expect(
      db.updateTable('accounts').set({ kind: 'fee_revenue' }).where('id', '=', custody).execute(),
    ).rejects.toThrow(/UPDATE on accounts is refused/);
  });

  it('adding postings to an entry committed earlier, even balanced ones', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('postings')
          .values([
            { entry_id: depositEntry, account_id: custody, amount: '-1', balance_after: '0' },
            { entry_id: depositEntry, account_id: userAvailable, amount: '1', balance_after: '0' },
          ])
          .execute();
      }),
    ).rejects.toThrow(/outside the transaction that created it/);
  });

  it('an adjustment without a reason and an operator', async () => {
    await expect(
      db
        .insertInto('journal_entries')
        .values({
          kind: 'adjustment_credit',
          idempotency_key: 'adj',
          payload_hash: Buffer.alloc(1),
        })
        .execute(),
    ).rejects.toThrow(/journal_entries_operator_kinds/);
  });

  it('a second entry with the same idempotency key', async () => {
    await expect(
      rawEntry(
        [
          [custody, -1],
          [userAvailable, 1],
        ],
        'deposit:seed',
      ),
    ).rejects.toThrow(/journal_entries_idempotency_key/);
  });
});

describe('the audit', () => {
  const audit = () => auditService(auditRepository(db)).run();

  it('holds after the refused attempts, which left nothing behind', async () => {
    const report = await audit();
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.totals).toMatchObject({ entries: 1, postings: 2 });
    expect(report.totals.custody).toEqual({ bep20: '0.000005' });
  });

  it('notices a balance changed behind the ledger and names the account', async () => {
    // Balances may move (the posting path needs it), so a direct write is possible; the
    // audit is what catches it.
    await sql`update accounts set balance = balance + 1 where id = ${userAvailable}`.execute(db);
    const report = await audit();
    expect(report.ok).toBe(false);
    const failed = report.checks.filter((c) => !c.ok).map((c) => c.name);
    expect(failed).toEqual(['balances_equal_postings', 'ledger_sums_to_zero']);
    expect(report.checks.find((c) => c.name === 'balances_equal_postings')?.detail).toContain(
      `#${userAvailable} stored 0.00000501 USDT, postings 0.000005 USDT`,
    );
    await sql`update accounts set balance = balance - 1 where id = ${userAvailable}`.execute(db);
    expect((await audit()).ok).toBe(true);
  });
});
