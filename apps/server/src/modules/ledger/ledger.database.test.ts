// What the database itself refuses, with the posting code bypassed: raw SQL that would
// break a ledger rule must fail whoever sends it. Sent as the tables' owner, the role
// with the most rights short of a superuser: the app's own role may not even try most of
// it (decision 140, db/roles.test.ts), and setting a sequence is the owner's alone.
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
  db = database.owner;
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

  // ledger_post checks its own legs and notes its entry as checked (migration 0189): a
  // posting added to that entry any other way, in the same transaction, clears the note,
  // and the check at commit refuses the entry.
  it('a posting added by hand to an entry ledger_post() just wrote', async () => {
    // A third account, with no entry of its own (the audit below counts the entries).
    const other = await insertUser(db);
    const { rows: made } = await sql<{ id: string }>`
      select id::text as id from accounts where user_id = ${other.id} order by id limit 1
    `.execute(db);
    const third = made[0]!.id;
    await expect(
      db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ entry_id: string }>`
          select * from ledger_post('deposit', ${`post-then-add:${Math.random()}`}, null, null,
            null, null, '\\x00'::bytea,
            array[${custody}, ${userAvailable}]::bigint[], array[-5, 5]::bigint[])
        `.execute(trx);
        await sql`
          insert into postings (entry_id, account_id, amount, balance_after)
          values (${rows[0]!.entry_id}, ${third}, 1, 0)
        `.execute(trx);
      }),
    ).rejects.toThrow(/sum to 1, not zero/);
  });

  it('an entry of ledger_post() with no legs', async () => {
    await expect(
      sql`
        select * from ledger_post('deposit', 'no-legs', null, null, null, null, '\\x00'::bytea,
          array[]::bigint[], array[]::bigint[])
      `.execute(db),
    ).rejects.toThrow(/has no postings/);
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

  it('a posting to an entry or an account that does not exist', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`
          insert into postings (entry_id, account_id, amount, balance_after)
          values (987654321, ${custody}, 1, 0)
        `.execute(trx);
      }),
    ).rejects.toThrow(/posting to entry 987654321 outside the transaction/);
    await expect(
      rawEntry([
        [custody, -1],
        ['987654321', 1],
      ]),
    ).rejects.toThrow(/posting to account 987654321, which does not exist/);
  });

  // The batch post marks its postings statement for the row guard to pass (migration
  // 0121); the mark is its own transaction's id, so a mark naming another transaction
  // lets nothing through.
  it('a batch mark from another transaction lets no posting through', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`select set_config('olive.ledger_batch', (pg_current_xact_id()::text::bigint - 1)::text, true)`.execute(
          trx,
        );
        await sql`
          insert into postings (entry_id, account_id, amount, balance_after)
          values (${depositEntry}, ${custody}, 1, 0)
        `.execute(trx);
      }),
    ).rejects.toThrow(/outside the transaction that created it/);
  });

  it('the audit names a posting whose account does not exist', async () => {
    // Only the batch mark gets such a posting past the guard; the audit still finds it.
    const rollback = new Error('rolled back');
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`select set_config('olive.ledger_batch', pg_current_xact_id()::text, true)`.execute(
          trx,
        );
        const { rows } = await sql<{ id: string }>`
          insert into journal_entries (kind, idempotency_key, payload_hash)
          values ('deposit', ${`orphan:${Math.random()}`}, '\\x00'::bytea) returning id::text as id
        `.execute(trx);
        await sql`
          insert into postings (entry_id, account_id, amount, balance_after)
          values (${rows[0]!.id}, 987654321, 1, 1)
        `.execute(trx);
        const orphans = await auditRepository(db).orphanPostings(trx);
        expect(orphans.map((o) => o.account_id)).toEqual(['987654321']);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });

  // The balanced check runs once per transaction over all its entries (migration 0110):
  // an unbalanced entry among balanced ones, one placed by hand inside a range already
  // checked, or one claiming another transaction, is still refused.
  describe('among many entries of one transaction', () => {
    /** Inserts an entry (id chosen by hand when given) with two legs of -out and +in. */
    async function entry(trx: Db, out: number, into: number, id?: number) {
      const { rows } = await sql<{ id: string }>`
        insert into journal_entries (id, kind, idempotency_key, payload_hash)
        values (coalesce(${id ?? null}::bigint, nextval('journal_entries_id_seq')), 'deposit',
                ${`raw:${Math.random()}`}, '\\x00'::bytea)
        returning id
      `.execute(trx);
      const entryId = rows[0]!.id;
      await sql`
        insert into postings (entry_id, account_id, amount, balance_after)
        values (${entryId}, ${custody}, ${-out}, 0), (${entryId}, ${userAvailable}, ${into}, 0)
      `.execute(trx);
      return entryId;
    }

    it('names the unbalanced third of five', async () => {
      let third = '';
      await expect(
        db.transaction().execute(async (trx) => {
          for (let i = 0; i < 5; i++) {
            const id = await entry(trx, 2, i === 2 ? 1 : 2);
            if (i === 2) third = id;
          }
        }),
      ).rejects.toThrow(/postings of entry (\d+) sum to -1, not zero/);
      expect(third).not.toBe('');
      const left = await db.selectFrom('journal_entries').select('id').where('id', '=', third);
      expect(await left.execute()).toEqual([]);
    });

    it('refuses an entry placed inside a range already checked', async () => {
      await expect(
        db.transaction().execute(async (trx) => {
          const first = Number(await entry(trx, 1, 1));
          // Leave a gap of unused ids, then check what is there now.
          await sql`select setval('journal_entries_id_seq', ${first + 10})`.execute(trx);
          await entry(trx, 1, 1);
          await sql`set constraints all immediate`.execute(trx);
          await sql`set constraints all deferred`.execute(trx);
          // An unbalanced entry in the gap, after the check.
          await entry(trx, 3, 1, first + 5);
        }),
      ).rejects.toThrow(/sum to -2, not zero/);
    });

    it('refuses an entry that claims another transaction', async () => {
      await expect(
        db.transaction().execute(async (trx) => {
          await entry(trx, 1, 1);
          await sql`
            insert into journal_entries (kind, idempotency_key, payload_hash, tx_id)
            values ('deposit', ${`raw:${Math.random()}`}, '\\x00'::bytea, '1'::xid8)
          `.execute(trx);
        }),
      ).rejects.toThrow(/has no postings/);
    });
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
