// The posting API: entry rules (no database), then posting, idempotency, joining a
// caller's transaction and the investor's figures against the real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmount } from '@olive/protocol';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { insertUser } from '../../../test/users.ts';
import { auditRepository } from './audit.repository.ts';
import { auditService } from './audit.service.ts';
import { ledgerRepository } from './ledger.repository.ts';
import {
  IdempotencyConflictError,
  InsufficientBalanceError,
  LedgerEntryError,
  ledgerService,
  planEntry,
  platformAccount,
  userAccount,
  type LedgerService,
} from './ledger.service.ts';

const u = parseAmount;

describe('entry rules', () => {
  const deposit = (amounts: [bigint, bigint]) => ({
    kind: 'deposit' as const,
    idempotencyKey: 'k',
    postings: [
      { account: platformAccount('custody', 'erc20'), amount: amounts[0] },
      { account: userAccount('1', 'available'), amount: amounts[1] },
    ],
  });

  it('accepts a balanced entry of a documented kind', () => {
    expect(planEntry(deposit([-u('5'), u('5')])).legs).toHaveLength(2);
  });

  it('refuses unbalanced, zero, unknown and undocumented entries', () => {
    expect(() => planEntry(deposit([-u('5'), u('4')]))).toThrow(LedgerEntryError);
    expect(() => planEntry(deposit([0n, 0n]))).toThrow(/non-zero/);
    expect(() => planEntry({ ...deposit([-1n, 1n]), kind: 'gift' as never })).toThrow(/unknown/);
    expect(() =>
      planEntry({
        kind: 'deposit',
        idempotencyKey: 'k',
        postings: [
          { account: platformAccount('fee_revenue'), amount: 1n },
          { account: userAccount('1', 'available'), amount: -1n },
        ],
      }),
    ).toThrow(/deposit may not touch fee_revenue/);
    expect(() => planEntry({ ...deposit([-1n, 1n]), postings: [] })).toThrow(/two postings/);
  });

  it('refuses a custody account without a known network and a user account without a user', () => {
    expect(() =>
      planEntry({
        ...deposit([-1n, 1n]),
        postings: [
          { account: platformAccount('custody', 'btc'), amount: -1n },
          { account: userAccount('1', 'available'), amount: 1n },
        ],
      }),
    ).toThrow(/subkey/);
    expect(() =>
      planEntry({
        ...deposit([-1n, 1n]),
        postings: [
          { account: platformAccount('custody', 'erc20'), amount: -1n },
          { account: userAccount('', 'available'), amount: 1n },
        ],
      }),
    ).toThrow(/user id/);
  });

  it('needs a reason and an operator for adjustments', () => {
    const adjustment = {
      kind: 'adjustment_credit' as const,
      idempotencyKey: 'a',
      postings: [
        { account: platformAccount('adjustment'), amount: -1n },
        { account: userAccount('1', 'available'), amount: 1n },
      ],
    };
    expect(() => planEntry(adjustment)).toThrow(/reason/);
    expect(() => planEntry({ ...adjustment, reason: 'refund', operatorId: '7' })).not.toThrow();
  });

  it('hashes the payload without the shard, so a retry matches whatever shard it drew', () => {
    const fee = () =>
      planEntry({
        kind: 'withdrawal_fee',
        idempotencyKey: 'f',
        postings: [
          { account: userAccount('1', 'frozen'), amount: -1n },
          { account: platformAccount('fee_revenue'), amount: 1n },
        ],
      });
    const shards = new Set<number>();
    for (let i = 0; i < 50; i += 1) {
      const plan = fee();
      shards.add(plan.legs[1]!.shard);
      expect(plan.payloadHash.equals(fee().payloadHash)).toBe(true);
    }
    expect(shards.size).toBeGreaterThan(1);
  });

  it('hashes a payload as every stored entry was hashed (legs in their text order)', () => {
    // Pinned: a replay of an entry posted by an earlier version must find the same hash.
    const plan = planEntry({
      kind: 'mining_payout',
      idempotencyKey: 'k',
      reference: 'mining:day:2026-03-01',
      memo: '2026-03-01',
      postings: [
        { account: platformAccount('mining_payout'), amount: -35n },
        { account: userAccount('12', 'available'), amount: 5n },
        { account: userAccount('3', 'available'), amount: 20n },
        { account: userAccount('100', 'available'), amount: 10n },
      ],
    });
    expect(plan.payloadHash.toString('hex')).toBe(
      '57b81bfc1c33c691d8e6790fd151fe06797ac555d7d39d185b10ab2fbba658ee',
    );
  });
});

describe('posting', () => {
  let database: TestDatabase;
  let ledger: LedgerService;
  const audit = () => auditService(auditRepository(database.db)).run();
  beforeAll(async () => {
    database = await createTestDatabase();
    ledger = ledgerService(ledgerRepository(database.db));
  });
  afterAll(() => database.drop());

  const deposit = (userId: string, amount: bigint, key = `deposit:${Math.random()}`) =>
    ledger.post({
      kind: 'deposit',
      idempotencyKey: key,
      reference: 'tx:0xabc:0',
      postings: [
        { account: platformAccount('custody', 'trc20'), amount: -amount },
        { account: userAccount(userId, 'available'), amount },
      ],
    });

  it('credits a new user account, creating it on first use, with the balance after', async () => {
    const user = await insertUser(database.db);
    const entry = await deposit(user.id, u('100.5'));
    expect(entry.replayed).toBe(false);
    expect(entry.postings[1]).toMatchObject({
      userId: user.id,
      accountKind: 'available',
      amount: u('100.5'),
      balanceAfter: u('100.5'),
    });
    expect((await ledger.userBalances(user.id)).available).toBe(u('100.5'));
    expect(await ledger.platformBalance('custody', 'trc20')).toBe(-u('100.5'));
    expect((await audit()).ok).toBe(true);
  });

  it('refuses a debit beyond the balance with a translated insufficient-balance error', async () => {
    const user = await insertUser(database.db);
    await deposit(user.id, u('10'));
    const freeze = (amount: bigint) =>
      ledger.post({
        kind: 'withdrawal_freeze',
        idempotencyKey: `freeze:${Math.random()}`,
        postings: [
          { account: userAccount(user.id, 'available'), amount: -amount },
          { account: userAccount(user.id, 'frozen'), amount },
        ],
      });
    await expect(freeze(u('10.00000001'))).rejects.toBeInstanceOf(InsufficientBalanceError);
    await expect(freeze(u('10.00000001'))).rejects.toMatchObject({
      key: 'ledger.insufficient_balance',
    });
    await freeze(u('10'));
    const balances = await ledger.userBalances(user.id);
    expect(balances).toMatchObject({ available: 0n, frozen: u('10'), total_assets: u('10') });
    // The refused attempts left nothing behind.
    const entries = await database.db
      .selectFrom('journal_entries')
      .select('id')
      .where('kind', '=', 'withdrawal_freeze')
      .execute();
    expect(entries).toHaveLength(1);
  });

  it('returns the first result for a repeated key and refuses the key for another payload', async () => {
    const user = await insertUser(database.db);
    const first = await deposit(user.id, u('7'), 'deposit:once');
    const again = await deposit(user.id, u('7'), 'deposit:once');
    expect(again).toMatchObject({ id: first.id, replayed: true });
    expect((await ledger.userBalances(user.id)).available).toBe(u('7'));
    await expect(deposit(user.id, u('8'), 'deposit:once')).rejects.toBeInstanceOf(
      IdempotencyConflictError,
    );
  });

  it('joins the caller transaction: both commit together or neither does', async () => {
    const user = await insertUser(database.db);
    await expect(
      database.db.transaction().execute(async (trx) => {
        await deposit(user.id, u('1'));
        await ledger.post(
          {
            kind: 'robot_fund',
            idempotencyKey: 'robot:1:fund',
            postings: [
              { account: userAccount(user.id, 'available'), amount: -u('1') },
              { account: userAccount(user.id, 'robot_principal', '1'), amount: u('1') },
            ],
          },
          trx,
        );
        throw new Error('the robot could not be created');
      }),
    ).rejects.toThrow('could not be created');
    // The deposit (its own transaction) stayed; the robot funding rolled back with the caller.
    expect(await ledger.userBalances(user.id)).toMatchObject({
      available: u('1'),
      trading_principal: 0n,
    });
    expect((await audit()).ok).toBe(true);
  });

  it('sums figures for userinfo: assets across accounts, earnings net of losses and fees', async () => {
    const user = await insertUser(database.db);
    const id = user.id;
    await deposit(id, u('1000'));
    const post = (kind: Parameters<LedgerService['post']>[0]['kind'], legs: [never, bigint][]) =>
      ledger.post({
        kind,
        idempotencyKey: `${kind}:${Math.random()}`,
        postings: legs.map(([account, amount]) => ({ account, amount })),
      });
    const available = userAccount(id, 'available') as never;
    const principal = userAccount(id, 'robot_principal', '9') as never;
    const pnl = userAccount(id, 'robot_pnl', '9') as never;
    const clearing = platformAccount('robot_pnl_clearing') as never;
    const fees = platformAccount('fee_revenue') as never;
    await post('robot_fund', [
      [available, -u('400')],
      [principal, u('400')],
    ]);
    await post('robot_profit', [
      [clearing, -u('50')],
      [pnl, u('50')],
    ]);
    await post('robot_loss', [
      [pnl, -u('5')],
      [clearing, u('5')],
    ]);
    // Settle 40 of the 45: 20% performance fee.
    await post('robot_settle', [
      [pnl, -u('40')],
      [available, u('32')],
      [fees, u('8')],
    ]);
    await post('commission', [
      [platformAccount('commission_expense') as never, -u('1.5')],
      [available, u('1.5')],
    ]);
    await post('mining_payout', [
      [platformAccount('mining_payout') as never, -u('0.25')],
      [userAccount(id, 'mining', '3') as never, u('0.25')],
    ]);
    expect(await ledger.userBalances(id)).toEqual({
      available: u('633.5'),
      frozen: 0n,
      trading_principal: u('400'),
      undistributed_earnings: u('5'),
      mining: u('0.25'),
      total_assets: u('1038.75'),
      // +50 - 5 - 8 (fee) + 1.5 + 0.25
      total_earnings: u('38.75'),
    });
    expect(await ledger.platformBalance('fee_revenue')).toBeGreaterThanOrEqual(u('8'));
    expect((await audit()).ok).toBe(true);
  });

  it('lists Fund Details newest first with the balance after each change, by kind', async () => {
    const user = await insertUser(database.db);
    for (const amount of ['1', '2', '3']) await deposit(user.id, u(amount));
    await ledger.post({
      kind: 'mining_rent',
      idempotencyKey: `rent:${user.id}`,
      memo: 'S19 x 30 days',
      postings: [
        { account: userAccount(user.id, 'available'), amount: -u('2.5') },
        { account: platformAccount('mining_revenue'), amount: u('2.5') },
      ],
    });
    const page = await ledger.fundLog(user.id, { page: 1, limit: 3 });
    expect(page.total).toBe(4);
    expect(page.records.map((r) => [r.kind, r.amount, r.balanceAfter, r.memo])).toEqual([
      ['mining_rent', -u('2.5'), u('3.5'), 'S19 x 30 days'],
      ['deposit', u('3'), u('6'), ''],
      ['deposit', u('2'), u('3'), ''],
    ]);
    const second = await ledger.fundLog(user.id, { page: 2, limit: 3 });
    expect(second.records.map((r) => r.amount)).toEqual([u('1')]);
    const rents = await ledger.fundLog(user.id, { page: 1, limit: 10, kind: 'mining_rent' });
    expect(rents.total).toBe(1);
  });
});
