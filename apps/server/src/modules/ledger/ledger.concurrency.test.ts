// Real parallel connections against one PostgreSQL: racing debits, racing retries of one
// key, and opposite transfers that would deadlock if accounts were locked in any order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmount } from '@olive/protocol';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { insertUser } from '../../../test/users.ts';
import { auditRepository } from './audit.repository.ts';
import { auditService } from './audit.service.ts';
import { ledgerRepository } from './ledger.repository.ts';
import {
  InsufficientBalanceError,
  ledgerService,
  platformAccount,
  userAccount,
  type LedgerService,
} from './ledger.service.ts';

let database: TestDatabase;
let ledger: LedgerService;
const audit = () => auditService(auditRepository(database.db)).run();

beforeAll(async () => {
  // 60 connections: the 200 debits below really run side by side in the server.
  database = await createTestDatabase(60);
  ledger = ledgerService(ledgerRepository(database.db));
});
afterAll(() => database.drop());

const deposit = (userId: string, amount: bigint) =>
  ledger.post({
    kind: 'deposit',
    idempotencyKey: `deposit:${userId}:${amount}:${Math.random()}`,
    postings: [
      { account: platformAccount('custody', 'erc20'), amount: -amount },
      { account: userAccount(userId, 'available'), amount },
    ],
  });

describe('concurrency', () => {
  it('200 simultaneous debits on a balance covering exactly K: K succeed, the rest are refused', async () => {
    const user = await insertUser(database.db);
    const price = parseAmount('1.23456789');
    const K = 73;
    const remainder = parseAmount('0.5');
    await deposit(user.id, price * BigInt(K) + remainder);

    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        ledger.post({
          kind: 'mining_rent',
          idempotencyKey: `rent:${user.id}:${i}`,
          postings: [
            { account: userAccount(user.id, 'available'), amount: -price },
            { account: platformAccount('mining_revenue'), amount: price },
          ],
        }),
      ),
    );
    const succeeded = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(succeeded).toHaveLength(K);
    expect(refused).toHaveLength(200 - K);
    for (const r of refused) {
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientBalanceError);
    }
    expect((await ledger.userBalances(user.id)).available).toBe(remainder);
    // Each success saw a distinct balance after it: the debits were applied one by one.
    const after = succeeded.map(
      (r) => (r as PromiseFulfilledResult<Awaited<ReturnType<LedgerService['post']>>>).value,
    );
    const balancesAfter = new Set(after.map((e) => e.postings[0]!.balanceAfter));
    expect(balancesAfter.size).toBe(K);
    expect(Math.min(...[...balancesAfter].map(Number))).toBe(Number(remainder));
    expect((await ledger.fundLog(user.id, { page: 1, limit: 1, kind: 'mining_rent' })).total).toBe(
      K,
    );
    expect((await audit()).ok).toBe(true);
  });

  it('the same key posted 50 times in parallel yields one entry', async () => {
    const user = await insertUser(database.db);
    const key = `deposit:erc20:0xfeed:${user.id}`;
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        ledger.post({
          kind: 'deposit',
          idempotencyKey: key,
          reference: 'tx:0xfeed:3',
          postings: [
            { account: platformAccount('custody', 'erc20'), amount: -parseAmount('42') },
            { account: userAccount(user.id, 'available'), amount: parseAmount('42') },
          ],
        }),
      ),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    const entries = await database.db
      .selectFrom('journal_entries')
      .select('id')
      .where('idempotency_key', '=', key)
      .execute();
    expect(entries).toHaveLength(1);
    expect((await ledger.userBalances(user.id)).available).toBe(parseAmount('42'));
    expect((await audit()).ok).toBe(true);
  });

  it('creates the accounts of a new user once when first posts race in opposite orders', async () => {
    const fresh = await Promise.all(Array.from({ length: 40 }, () => insertUser(database.db)));
    // Freeze and release name the same two new accounts in opposite orders; both are
    // refused (nothing to move) after the accounts were created.
    const attempts = fresh.flatMap((user) =>
      [0, 1, 2, 3].map((i) => {
        const pair = [userAccount(user.id, 'available'), userAccount(user.id, 'frozen')];
        const [from, to] = i % 2 === 0 ? pair : pair.reverse();
        return ledger.post({
          kind: i % 2 === 0 ? 'withdrawal_freeze' : 'withdrawal_release',
          idempotencyKey: `first:${user.id}:${i}`,
          postings: [
            { account: from!, amount: -1n },
            { account: to!, amount: 1n },
          ],
        });
      }),
    );
    const results = await Promise.allSettled(attempts);
    const reasons = results.map((r) => (r.status === 'rejected' ? r.reason : 'posted'));
    expect(reasons.filter((e) => !(e instanceof InsufficientBalanceError))).toEqual([]);
    const accounts = await database.db
      .selectFrom('accounts')
      .select('id')
      .where(
        'user_id',
        'in',
        fresh.map((u) => u.id),
      )
      .execute();
    expect(accounts).toHaveLength(80);
  });

  it('opposite transfers between the same accounts never deadlock', async () => {
    const users = await Promise.all([1, 2, 3].map(() => insertUser(database.db)));
    for (const user of users) {
      await deposit(user.id, parseAmount('100'));
      await ledger.post({
        kind: 'withdrawal_freeze',
        idempotencyKey: `warm:${user.id}`,
        postings: [
          { account: userAccount(user.id, 'available'), amount: -1n },
          { account: userAccount(user.id, 'frozen'), amount: 1n },
        ],
      });
    }
    // Each post runs in a caller transaction, where the ledger never retries: a deadlock
    // would surface as a rejection (40P01) instead of being retried away.
    const inTransaction: LedgerService['post'] = (request) =>
      database.db.transaction().execute((trx) => ledger.post(request, trx));
    // Freeze and release move between the same two accounts in opposite directions, and
    // deposits and rents hit shared platform accounts at the same time.
    const operations = Array.from({ length: 300 }, (_, i) => {
      const user = users[i % users.length]!;
      const amount = parseAmount(String(1 + (i % 5)));
      const available = userAccount(user.id, 'available');
      const frozen = userAccount(user.id, 'frozen');
      const key = `mixed:${i}`;
      switch (i % 4) {
        case 0:
          return inTransaction({
            kind: 'withdrawal_freeze',
            idempotencyKey: key,
            postings: [
              { account: available, amount: -amount },
              { account: frozen, amount },
            ],
          });
        case 1:
          return inTransaction({
            kind: 'withdrawal_release',
            idempotencyKey: key,
            postings: [
              { account: frozen, amount: -amount },
              { account: available, amount },
            ],
          });
        case 2:
          return inTransaction({
            kind: 'deposit',
            idempotencyKey: key,
            postings: [
              { account: platformAccount('custody', 'erc20'), amount: -amount },
              { account: available, amount },
            ],
          });
        default:
          return inTransaction({
            kind: 'mining_rent',
            idempotencyKey: key,
            postings: [
              { account: available, amount: -amount },
              { account: platformAccount('mining_revenue'), amount },
            ],
          });
      }
    });
    const results = await Promise.allSettled(operations);
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(failures.filter((e) => !(e instanceof InsufficientBalanceError))).toEqual([]);
    expect(results.length - failures.length).toBeGreaterThan(200);
    expect((await audit()).ok).toBe(true);
  });
});

describe('several entries in one transaction', () => {
  it("parallel transactions posting to a sharded platform account never deadlock, the shards' first use included", async () => {
    // A robot's tick books each fill as its own entry against robot_pnl_clearing, in one
    // transaction per robot, four robots at once. Were each entry to draw its shard anew,
    // two ticks would lock (or first create) two shards in opposite orders: CI met exactly
    // that deadlock. Two shards, never used before, make any such order near certain here.
    const sharded = ledgerService(ledgerRepository(database.db), {
      shards: { robot_pnl_clearing: 2 },
    });
    const robots = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => ({
        user: (await insertUser(database.db)).id,
        robot: `tick-${i}`,
      })),
    );
    const fills = 6;
    const tick = ({ user, robot }: { user: string; robot: string }) =>
      database.db.transaction().execute(async (trx) => {
        for (let fill = 1; fill <= fills; fill += 1) {
          await sharded.post(
            {
              kind: 'robot_profit',
              idempotencyKey: `robot:${robot}:fill:${fill}`,
              postings: [
                { account: platformAccount('robot_pnl_clearing'), amount: -1_000n },
                { account: userAccount(user, 'robot_pnl', robot), amount: 1_000n },
              ],
            },
            trx,
          );
          // Another statement between fills, as the engine's own reads are.
          await trx.selectNoFrom((eb) => eb.val(1).as('one')).execute();
        }
      });
    const results = await Promise.allSettled(robots.map(tick));
    expect(results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []))).toEqual([]);
    for (const { user, robot } of robots) {
      const rows = await database.db
        .selectFrom('accounts')
        .select('balance')
        .where('user_id', '=', user)
        .where('kind', '=', 'robot_pnl')
        .where('subkey', '=', robot)
        .execute();
      expect(rows.map((r) => BigInt(r.balance))).toEqual([BigInt(fills) * 1_000n]);
    }
    expect((await audit()).ok).toBe(true);
  });
});
