// Model-based property test (fast-check commands): random sequences of deposits, freezes,
// releases, sends, rents, commissions and robot flows, some run as concurrent batches on
// real parallel connections, checked against a plain in-memory model after every command.
// The audit must hold after every sequence. Runs: NUM_RUNS sequences of up to 30 commands.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { insertUser } from '../../../test/users.ts';
import type { Db } from '../../db/database.ts';
import { auditRepository } from './audit.repository.ts';
import { auditService } from './audit.service.ts';
import type { EntryKind, Network, PlatformAccountKind, UserAccountKind } from './kinds.ts';
import { ledgerRepository } from './ledger.repository.ts';
import {
  IdempotencyConflictError,
  InsufficientBalanceError,
  ledgerService,
  platformAccount,
  userAccount,
  type AccountRef,
  type EntryRequest,
  type LedgerService,
} from './ledger.service.ts';

const NUM_RUNS = 100;
const USERS = 3;

type Op =
  | { type: 'deposit'; user: number; network: Network; amount: bigint }
  | { type: 'freeze' | 'release' | 'rent' | 'commission'; user: number; amount: bigint }
  | { type: 'send'; user: number; network: Network; amount: bigint; fee: bigint }
  | { type: 'fund' | 'return' | 'profit'; user: number; robot: string; amount: bigint }
  | { type: 'settle'; user: number; robot: string; amount: bigint; fee: bigint };

interface Leg {
  /** `u<index>/<kind>/<subkey>` or `p/<kind>/<subkey>`. */
  model: string;
  ref: AccountRef;
  amount: bigint;
}

interface Model {
  balances: Map<string, bigint>;
  /** Requests that were posted, for replays. */
  posted: EntryRequest[];
  next: number;
}

interface Real {
  ledger: LedgerService;
  db: Db;
  users: string[];
  /** Platform balances when this sequence started (other sequences share them). */
  platformStart: Map<string, bigint>;
}

const PLATFORM: [PlatformAccountKind, string][] = [
  ['custody', 'erc20'],
  ['custody', 'bep20'],
  ['custody', 'trc20'],
  ['fee_revenue', ''],
  ['mining_revenue', ''],
  ['commission_expense', ''],
  ['robot_pnl_clearing', ''],
];

function legsOf(op: Op, users: string[]): { kind: EntryKind; legs: Leg[] } {
  const id = users[op.user]!;
  const user = (kind: UserAccountKind, subkey = ''): Omit<Leg, 'amount'> => ({
    model: `u${op.user}/${kind}/${subkey}`,
    ref: userAccount(id, kind, subkey),
  });
  const platform = (kind: PlatformAccountKind, subkey = ''): Omit<Leg, 'amount'> => ({
    model: `p/${kind}/${subkey}`,
    ref: platformAccount(kind, subkey),
  });
  const leg = (account: Omit<Leg, 'amount'>, amount: bigint): Leg => ({ ...account, amount });
  const a = op.amount;
  switch (op.type) {
    case 'deposit':
      return {
        kind: 'deposit',
        legs: [leg(platform('custody', op.network), -a), leg(user('available'), a)],
      };
    case 'freeze':
      return {
        kind: 'withdrawal_freeze',
        legs: [leg(user('available'), -a), leg(user('frozen'), a)],
      };
    case 'release':
      return {
        kind: 'withdrawal_release',
        legs: [leg(user('frozen'), -a), leg(user('available'), a)],
      };
    case 'send':
      return {
        kind: 'withdrawal_sent',
        legs: [
          leg(user('frozen'), -a),
          leg(platform('custody', op.network), a - op.fee),
          ...(op.fee > 0n ? [leg(platform('fee_revenue'), op.fee)] : []),
        ],
      };
    case 'rent':
      return {
        kind: 'mining_rent',
        legs: [leg(user('available'), -a), leg(platform('mining_revenue'), a)],
      };
    case 'commission':
      return {
        kind: 'commission',
        legs: [leg(platform('commission_expense'), -a), leg(user('available'), a)],
      };
    case 'fund':
      return {
        kind: 'robot_fund',
        legs: [leg(user('available'), -a), leg(user('robot_principal', op.robot), a)],
      };
    case 'return':
      return {
        kind: 'robot_return',
        legs: [leg(user('robot_principal', op.robot), -a), leg(user('available'), a)],
      };
    case 'profit':
      return {
        kind: 'robot_profit',
        legs: [leg(platform('robot_pnl_clearing'), -a), leg(user('robot_pnl', op.robot), a)],
      };
    case 'settle':
      return {
        kind: 'robot_settle',
        legs: [
          leg(user('robot_pnl', op.robot), -a),
          leg(user('available'), a - op.fee),
          ...(op.fee > 0n ? [leg(platform('fee_revenue'), op.fee)] : []),
        ],
      };
  }
}

const balanceOf = (m: Model, key: string) => m.balances.get(key) ?? 0n;
const applies = (m: Model, legs: Leg[]) =>
  legs.every((l) => !l.model.startsWith('u') || balanceOf(m, l.model) + l.amount >= 0n);
const apply = (m: Model, legs: Leg[]) => {
  for (const l of legs) m.balances.set(l.model, balanceOf(m, l.model) + l.amount);
};

function request(m: Model, op: Op, real: Real) {
  const { kind, legs } = legsOf(op, real.users);
  m.next += 1;
  const entry: EntryRequest = {
    kind,
    idempotencyKey: `prop:${real.users[0]}:${m.next}`,
    postings: legs.map((l) => ({ account: l.ref, amount: l.amount })),
  };
  return { entry, legs };
}

/** The database agrees with the model on every account of this sequence. */
async function expectAgreement(m: Model, real: Real) {
  const rows = await real.db
    .selectFrom('accounts')
    .select(['user_id', 'kind', 'subkey', 'balance'])
    .where('user_id', 'in', real.users)
    .execute();
  const actual = new Map<string, bigint>();
  for (const r of rows) {
    const index = real.users.indexOf(r.user_id!);
    actual.set(`u${index}/${r.kind}/${r.subkey}`, BigInt(r.balance));
  }
  for (const [kind, subkey] of PLATFORM) {
    const key = `p/${kind}/${subkey}`;
    const delta = (await real.ledger.platformBalance(kind, subkey)) - real.platformStart.get(key)!;
    if (delta !== 0n || m.balances.has(key)) actual.set(key, delta);
  }
  const expected = new Map([...m.balances].filter(([k, v]) => v !== 0n || actual.has(k)));
  for (const [k, v] of actual) if (v === 0n && !expected.has(k)) actual.delete(k);
  expect(Object.fromEntries(actual)).toEqual(Object.fromEntries(expected));
}

class PostCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly op: Op) {}
  check = () => true;
  async run(m: Model, real: Real) {
    const { entry, legs } = request(m, this.op, real);
    if (applies(m, legs)) {
      const posted = await real.ledger.post(entry);
      legs.forEach((l, i) => {
        if (l.model.startsWith('u')) {
          expect(posted.postings[i]!.balanceAfter).toBe(balanceOf(m, l.model) + l.amount);
        }
      });
      apply(m, legs);
      m.posted.push(entry);
    } else {
      await expect(real.ledger.post(entry)).rejects.toBeInstanceOf(InsufficientBalanceError);
    }
    await expectAgreement(m, real);
  }
  toString = () =>
    `post(${JSON.stringify(this.op, (_, v) => (typeof v === 'bigint' ? `${v}` : v))})`;
}

/** Several posts at once on parallel connections. Which of them win depends on timing, so
 * the check is exact where the outcome is forced and bounded where it is not. */
class ConcurrentCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ops: Op[]) {}
  check = () => true;
  async run(m: Model, real: Real) {
    const batch = this.ops.map((op) => request(m, op, real));
    const results = await Promise.allSettled(batch.map((b) => real.ledger.post(b.entry)));
    batch.forEach(({ legs }, i) => {
      const result = results[i]!;
      if (result.status === 'rejected') {
        expect(result.reason).toBeInstanceOf(InsufficientBalanceError);
      }
      const others = batch.filter((_, j) => j !== i).flatMap((b) => b.legs);
      const sumOthers = (model: string, sign: 1n | -1n) =>
        others
          .filter((o) => o.model === model && o.amount * sign > 0n)
          .reduce((s, o) => s + o.amount, 0n);
      const debits = legs.filter((l) => l.model.startsWith('u') && l.amount < 0n);
      // Succeeds whatever the order: enough even if every other debit came first.
      const forced = debits.every(
        (l) => balanceOf(m, l.model) + sumOthers(l.model, -1n) + l.amount >= 0n,
      );
      // Fails whatever the order: short even if every other credit came first.
      const hopeless = debits.some(
        (l) => balanceOf(m, l.model) + sumOthers(l.model, 1n) + l.amount < 0n,
      );
      if (forced) expect(result.status).toBe('fulfilled');
      if (hopeless) expect(result.status).toBe('rejected');
    });
    batch.forEach(({ entry, legs }, i) => {
      if (results[i]!.status === 'fulfilled') {
        apply(m, legs);
        m.posted.push(entry);
      }
    });
    for (const [key, value] of m.balances) {
      if (key.startsWith('u')) expect(value).toBeGreaterThanOrEqual(0n);
    }
    await expectAgreement(m, real);
  }
  toString = () => `concurrently(${this.ops.map((op) => op.type).join(', ')})`;
}

/** Posting an earlier key again returns the first entry and moves nothing; the same key
 * with another amount is refused. */
class ReplayCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.posted.length > 0;
  async run(m: Model, real: Real) {
    const entry = m.posted[this.pick % m.posted.length]!;
    const again = await real.ledger.post(entry);
    expect(again.replayed).toBe(true);
    const changed = {
      ...entry,
      postings: entry.postings.map((p) => ({ ...p, amount: p.amount * 2n })),
    };
    await expect(real.ledger.post(changed)).rejects.toBeInstanceOf(IdempotencyConflictError);
    await expectAgreement(m, real);
  }
  toString = () => `replay(${this.pick})`;
}

const UNIT = 1_000_000n; // 0.01 USDT
const user = fc.integer({ min: 0, max: USERS - 1 });
const amount = fc.bigInt({ min: 1n, max: 300n }).map((a) => a * UNIT);
const network = fc.constantFrom<Network>('erc20', 'bep20', 'trc20');
const robot = fc.constantFrom('1', '2');
const feeOf = (a: bigint, tenths: number) => (a * BigInt(tenths)) / 10n;

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('deposit' as const),
      user,
      network,
      amount: amount.map((a) => a * 3n),
    }),
  },
  fc.record({
    type: fc.constantFrom('freeze' as const, 'release' as const, 'rent' as const),
    user,
    amount,
  }),
  fc.record({ type: fc.constant('commission' as const), user, amount }),
  fc
    .record({ user, network, amount, tenths: fc.integer({ min: 0, max: 5 }) })
    .map(({ tenths, ...r }) => ({ type: 'send' as const, ...r, fee: feeOf(r.amount, tenths) })),
  fc.record({
    type: fc.constantFrom('fund' as const, 'return' as const, 'profit' as const),
    user,
    robot,
    amount,
  }),
  fc
    .record({ user, robot, amount, tenths: fc.integer({ min: 0, max: 3 }) })
    .map(({ tenths, ...r }) => ({ type: 'settle' as const, ...r, fee: feeOf(r.amount, tenths) })),
);

const commands = fc.commands(
  [
    op.map((o) => new PostCommand(o)),
    op.map((o) => new PostCommand(o)),
    fc.array(op, { minLength: 2, maxLength: 8 }).map((ops) => new ConcurrentCommand(ops)),
    fc.nat().map((n) => new ReplayCommand(n)),
  ],
  { maxCommands: 30, size: 'max' },
);

describe('ledger model (fast-check)', () => {
  let database: TestDatabase;
  let ledger: LedgerService;
  beforeAll(async () => {
    database = await createTestDatabase(12);
    ledger = ledgerService(ledgerRepository(database.db));
  });
  afterAll(() => database.drop());

  it(`agrees with the model and keeps the audit after every sequence (${NUM_RUNS} runs of up to 30 commands)`, async () => {
    const audit = auditService(auditRepository(database.db));
    await fc.assert(
      fc.asyncProperty(commands, async (cmds) => {
        const users = await Promise.all(
          Array.from({ length: USERS }, () => insertUser(database.db)),
        );
        const platformStart = new Map<string, bigint>();
        for (const [kind, subkey] of PLATFORM) {
          platformStart.set(`p/${kind}/${subkey}`, await ledger.platformBalance(kind, subkey));
        }
        const real: Real = {
          ledger,
          db: database.db,
          users: users.map((u) => u.id),
          platformStart,
        };
        await fc.asyncModelRun(
          () => ({ model: { balances: new Map(), posted: [], next: 0 }, real }),
          cmds,
        );
        const report = await audit.run();
        expect(report.checks.filter((c) => !c.ok)).toEqual([]);
      }),
      { numRuns: NUM_RUNS },
    );
    // 100 sequences took 120 s on a loaded 2-core machine; the bound is for a stuck run.
  }, 300_000);
});
