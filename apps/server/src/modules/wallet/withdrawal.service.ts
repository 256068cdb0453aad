// Withdrawals as the investor and the reviewer meet them. A request takes the whole
// amount from available in one ledger entry, in the same transaction as the withdrawal
// row: amount - fee is frozen and the fee is collected (fee revenue). Each later state
// either sends what was frozen (out of custody) or releases it and refunds the fee
// (-> available; the refund reverses referral commissions, modules/team). The states and
// the moves between them are withdrawal.states.ts; the address book is
// withdrawal.addresses.ts; the fund password's check is the security module's.
import { sql } from 'kysely';
import { amountRefusal, formatAmount, NumberError, parseAmount } from '@olive/protocol';
import { AppError, fieldError, numberError } from '../../errors.ts';
import type { Clock } from '../../ports/clock.ts';
import { InsufficientBalanceError, type LedgerService } from '../ledger/ledger.service.ts';
import { platformAccount, userAccount } from '../ledger/ledger.service.ts';
import { formatUntil, type FundPasswordService } from '../security/fund-password.service.ts';
import type { SettingsRepository } from '../../db/settings.repository.ts';
import type { UsersService } from '../users/users.service.ts';
import type { DepositRepository } from './deposit.repository.ts';
import { oliveToToken, type Network } from './networks.ts';
import { withdrawalAddressBook } from './withdrawal.addresses.ts';
import type { WithdrawalRepository } from './withdrawal.repository.ts';
import { canMove, requestedState } from './withdrawal.states.ts';

/** Withdrawals wait this long after a login- or fund-password change. */
export const RECENT_CHANGE_MS = 24 * 3_600_000;
export const AUTO_APPROVE_KEY = 'withdrawal_auto_approve_max';
export const DEFAULT_AUTO_APPROVE_MAX = '1000';
/** Pending withdrawals above this amount need two different operators to approve. */
export const FOUR_EYES_KEY = 'withdrawal_four_eyes_min';
export const DEFAULT_FOUR_EYES_MIN = '10000';

/**
 * Why withdrawals are held (drawinfo's `locked_reason`, decision 185): a stable code per
 * cause. `password_reset` and `password_changed` (the login password, by a reset code or
 * from Me), `fund_password_changed`, `fund_password_tries` (5 wrong fund passwords), and
 * the security changes the database notes (migration 0190): `two_factor_off`,
 * `contact_bound` (a phone or e-mail bound) and `address_reset` (by an operator).
 */
export type HoldReason =
  | 'password_reset'
  | 'password_changed'
  | 'fund_password_changed'
  | 'fund_password_tries'
  | 'two_factor_off'
  | 'contact_bound'
  | 'address_reset';

type HoldFields = {
  password_changed_at: Date | null;
  password_change_kind: 'reset' | 'change' | null;
  fund_password_changed_at: Date | null;
  withdraw_locked_until: Date | null;
  security_changed_at?: Date | null;
  security_change_kind?: 'two_factor_off' | 'contact_bound' | 'address_reset' | null;
};

/** Every hold on an account's withdrawals still running at `now`, each with its reason. */
export function withdrawalHolds(
  user: HoldFields,
  now: Date,
): { until: Date; reason: HoldReason }[] {
  const after = (at: Date | null) =>
    at ? new Date(new Date(at).getTime() + RECENT_CHANGE_MS) : null;
  const causes: { until: Date | null; reason: HoldReason }[] = [
    {
      until: after(user.password_changed_at),
      reason: user.password_change_kind === 'reset' ? 'password_reset' : 'password_changed',
    },
    { until: after(user.fund_password_changed_at), reason: 'fund_password_changed' },
    {
      until: user.withdraw_locked_until ? new Date(user.withdraw_locked_until) : null,
      reason: 'fund_password_tries',
    },
    ...(user.security_change_kind
      ? [{ until: after(user.security_changed_at ?? null), reason: user.security_change_kind }]
      : []),
  ];
  return causes.flatMap((c) =>
    c.until && c.until > now ? [{ until: c.until, reason: c.reason }] : [],
  );
}

/**
 * The hold on an account's withdrawals at `now`: of every cause still running, the one that
 * ends last (and so decides until when), with its reason; null when none runs.
 */
export function withdrawalHold(
  user: HoldFields,
  now: Date,
): { until: Date; reason: HoldReason } | null {
  let hold: { until: Date; reason: HoldReason } | null = null;
  for (const cause of withdrawalHolds(user, now))
    if (!hold || cause.until > hold.until) hold = cause;
  return hold;
}

export function withdrawalService(deps: {
  repo: WithdrawalRepository;
  deposits: DepositRepository;
  users: UsersService;
  ledger: LedgerService;
  settings: SettingsRepository;
  clock: Clock;
  /** The hot wallet and sweep addresses (20-byte hex): never a withdrawal destination. */
  platformWallets?: () => readonly string[];
  /** Two-factor: asked for address saving and withdrawals once enabled (security module). */
  secondFactor?: { check(userId: string, otp: string | undefined): Promise<void> };
  /** The fund password's check and lockout (security module). */
  fundPassword: Pick<FundPasswordService, 'check'>;
}) {
  const { repo, deposits, users, ledger, settings, clock } = deps;
  const db = repo.db;
  const checkFundPassword = (userId: string, fundPassword: string) =>
    deps.fundPassword.check(userId, fundPassword);
  const addressBook = withdrawalAddressBook({
    repo,
    deposits,
    checkFundPassword,
    platformWallets: deps.platformWallets ?? (() => []),
    secondFactor: deps.secondFactor,
  });

  /**
   * Withdrawals wait 24 hours after a change to the passwords or to how the account is
   * secured (the holds drawinfo explains; the fund password's lockout refuses on its own).
   */
  function checkRecentChange(user: HoldFields) {
    const now = clock.now();
    let hold: { until: Date; reason: HoldReason } | null = null;
    for (const h of withdrawalHolds(user, now)) {
      if (h.reason !== 'fund_password_tries' && (!hold || h.until > hold.until)) hold = h;
    }
    if (!hold) return;
    const security = ['two_factor_off', 'contact_bound', 'address_reset'].includes(hold.reason);
    throw new AppError(security ? 'withdraw.recent_security_change' : 'withdraw.recent_change', {
      until: formatUntil(hold.until),
    });
  }

  function parseWithdrawAmount(text: string, decimals: number): bigint {
    let amount: bigint;
    try {
      amount = parseAmount(text);
    } catch (error) {
      if (error instanceof NumberError) throw numberError('amount', 'amount', error.refusal);
      throw error;
    }
    if (amount <= 0n) throw fieldError('amount', 'withdraw.amount_positive');
    try {
      oliveToToken(amount, decimals);
    } catch {
      throw fieldError('amount', 'withdraw.amount_network_precision', { decimals });
    }
    return amount;
  }

  async function autoApproveMax() {
    const stored = await settings.get<string>(AUTO_APPROVE_KEY);
    return parseAmount(stored ?? DEFAULT_AUTO_APPROVE_MAX);
  }

  async function policy() {
    return {
      auto_approve_max: formatAmount(await autoApproveMax()),
      four_eyes_min: formatAmount(await fourEyesMin()),
    };
  }

  async function fourEyesMin() {
    const stored = await settings.get<string>(FOUR_EYES_KEY);
    return parseAmount(stored ?? DEFAULT_FOUR_EYES_MIN);
  }

  function view(w: {
    id: string;
    network: string;
    address: string;
    amount: string;
    fee: string;
    receive_amount: string;
    status: string;
    tx_hash: string | null;
    confirmations: number;
    failure_reason: string | null;
    review_note: string | null;
    created_at: Date;
    updated_at: Date;
  }) {
    return {
      withdrawal_id: w.id,
      network: w.network,
      address: w.address,
      amount: formatAmount(BigInt(w.amount)),
      fee: formatAmount(BigInt(w.fee)),
      receive_amount: formatAmount(BigInt(w.receive_amount)),
      status: w.status,
      tx_hash: w.tx_hash ?? '',
      confirmations: w.confirmations,
      reason: w.failure_reason ?? w.review_note ?? '',
      created_at: new Date(w.created_at).toISOString(),
      updated_at: new Date(w.updated_at).toISOString(),
    };
  }

  /** Rejects or fails a withdrawal: what was held goes back (decision 180). */
  async function release(id: string, move: 'reject' | 'fail', note: Record<string, unknown>) {
    return db.transaction().execute(async (trx) => {
      const w = await repo.byId(id, trx);
      if (!w) throw new AppError('withdraw.not_found');
      if (!(await repo.transition(id, move, note, trx))) {
        throw new AppError('withdraw.wrong_state', { status: w.status });
      }
      // What was held goes back, and a collected fee is refunded (which reverses its
      // referral commissions: modules/team).
      const fee = w.fee_collected ? BigInt(w.fee) : 0n;
      await ledger.post(
        {
          kind: 'withdrawal_release',
          idempotencyKey: `withdrawal:${id}:release`,
          reference: `withdrawal:${id}`,
          postings: [
            { account: userAccount(w.user_id, 'frozen'), amount: -(BigInt(w.amount) - fee) },
            ...(fee > 0n ? [{ account: platformAccount('fee_refunds'), amount: -fee }] : []),
            { account: userAccount(w.user_id, 'available'), amount: BigInt(w.amount) },
          ],
        },
        trx,
      );
      return view((await repo.byId(id, trx))!);
    });
  }

  return {
    view,

    setAddress: addressBook.setAddress,
    addresses: addressBook.addresses,

    /**
     * What holds this investor's withdrawals now, each with why and until when (the
     * console's user page and review queue), with drawinfo's reasons: the 24 hours after a
     * password reset or change or a fund-password change, and the fund password's lockout
     * after too many wrong tries.
     */
    async holds(userId: string) {
      const user = await users.findById(userId);
      if (!user) return [];
      return withdrawalHolds(user, clock.now()).map((h) => ({
        kind: h.reason,
        until: h.until.toISOString(),
      }));
    },

    async drawInfo(userId: string, network: Network) {
      const [saved, net, balances, user] = await Promise.all([
        repo.savedAddress(userId, network),
        deposits.settings(network),
        ledger.userBalances(userId),
        users.findById(userId),
      ]);
      const today = await repo.withdrawnToday(userId, network, clock.now());
      const limit = BigInt(net.daily_withdrawal_limit);
      const hold = user ? withdrawalHold(user, clock.now()) : null;
      return {
        network,
        address: saved?.address ?? '',
        balance: formatAmount(balances.available),
        fee: formatAmount(BigInt(net.withdrawal_fee)),
        min_amount: formatAmount(BigInt(net.min_withdrawal)),
        daily_limit: formatAmount(limit),
        daily_remaining: formatAmount(limit > today ? limit - today : 0n),
        enabled: net.withdraw_enabled,
        decimals: Math.min(net.token_decimals, 8),
        locked_until: hold ? hold.until.toISOString() : '',
        locked_reason: hold?.reason ?? '',
      };
    },

    async request(
      userId: string,
      input: {
        network: Network;
        amount: string;
        fund_password: string;
        request_id?: string | undefined;
        otp?: string | undefined;
      },
    ) {
      if (input.request_id) {
        const earlier = await repo.byRequestId(userId, input.request_id);
        if (earlier) return view(earlier);
      }
      const net = await deposits.settings(input.network);
      if (!net.withdraw_enabled) throw new AppError('withdraw.disabled');
      const amount = parseWithdrawAmount(input.amount, net.token_decimals);
      const saved = await repo.savedAddress(userId, input.network);
      if (!saved) throw fieldError('address', 'withdraw.address_missing');
      const fee = BigInt(net.withdrawal_fee);
      const minimum = BigInt(net.min_withdrawal);
      if (amount < minimum || amount <= fee) {
        throw fieldError('amount', 'withdraw.below_minimum', {
          min: formatAmount(minimum > fee ? minimum : fee),
        });
      }
      const user = await checkFundPassword(userId, input.fund_password);
      if (user.withdrawals_frozen) throw new AppError('withdraw.frozen');
      await deps.secondFactor?.check(userId, input.otp);
      checkRecentChange(user);
      const autoMax = await autoApproveMax();

      return db.transaction().execute(async (trx) => {
        // One request of a user at a time, so the daily limit is checked against every
        // withdrawal that came before it; the balance itself is the ledger's to refuse.
        await sql`select pg_advisory_xact_lock(hashtext(${`withdraw:${userId}`}))`.execute(trx);
        const limit = BigInt(net.daily_withdrawal_limit);
        const today = await repo.withdrawnToday(userId, input.network, clock.now(), trx);
        if (today + amount > limit) {
          throw fieldError('amount', 'withdraw.daily_limit', {
            limit: formatAmount(limit),
            left: formatAmount(limit > today ? limit - today : 0n),
          });
        }
        const row = await trx
          .insertInto('withdrawals')
          .values({
            user_id: userId,
            network: input.network,
            address: saved.address,
            amount,
            fee,
            receive_amount: amount - fee,
            status: requestedState(amount <= autoMax),
            request_id: input.request_id ?? null,
            fee_collected: true,
            created_at: clock.now(),
            updated_at: clock.now(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await ledger
          .post(
            {
              kind: 'withdrawal_freeze',
              idempotencyKey: `withdrawal:${row.id}:freeze`,
              reference: `withdrawal:${row.id}`,
              memo: `${input.network.toUpperCase()} ${saved.address}`,
              // The fee is collected now (refunded if the withdrawal is rejected or fails).
              postings: [
                { account: userAccount(userId, 'available'), amount: -amount },
                { account: userAccount(userId, 'frozen'), amount: amount - fee },
                ...(fee > 0n ? [{ account: platformAccount('fee_revenue'), amount: fee }] : []),
              ],
            },
            trx,
          )
          .catch((error: unknown) => {
            // The balance is the ledger's to refuse; the refusal is about the amount typed.
            if (error instanceof InsufficientBalanceError) {
              throw new AppError(error.key, error.params, { field: 'amount' });
            }
            throw error;
          });
        return view(row);
      });
    },

    /** The state of each of the caller's withdrawals named as "withdrawal:<id>" (Fund Details). */
    async statesOf(userId: string, references: string[]) {
      const ids = references
        .map((r) => /^withdrawal:(\d{1,18})$/.exec(r)?.[1])
        .filter((id): id is string => id !== undefined);
      const states = new Map<string, string>();
      if (ids.length === 0) return states;
      const rows = await db
        .selectFrom('withdrawals')
        .select(['id', 'status'])
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .execute();
      for (const row of rows) states.set(`withdrawal:${row.id}`, row.status);
      return states;
    },

    async list(userId: string, page: number, limit: number) {
      const { rows, total } = await repo.list(userId, page, limit);
      return { list: rows.map(view), page, limit, total };
    },

    /**
     * Approves a withdrawal held for review; the sender then signs and broadcasts it. Above
     * the four-eyes threshold the first approval is only recorded and a second, different
     * operator must approve. Each step is one conditional update, so parallel approvals
     * settle once: the first claim, then the final one retried after a lost claim.
     */
    async approve(id: string, operatorId: string) {
      const min = await fourEyesMin();
      for (const step of ['final', 'first', 'final'] as const) {
        const row =
          step === 'final'
            ? await repo.approveFinal(id, operatorId, min)
            : await repo.approveFirst(id, operatorId, min);
        if (row) return { ...view(row), awaiting_second_approval: step === 'first' };
      }
      const w = await repo.byId(id);
      if (w && canMove(w.status, 'approve') && w.first_approved_by === operatorId) {
        throw new AppError('withdraw.four_eyes_same_operator');
      }
      throw new AppError(w ? 'withdraw.wrong_state' : 'withdraw.not_found', {
        status: w?.status ?? '',
      });
    },

    /** The review policy: sent without review up to one amount, two operators above another. */
    policy,

    async setPolicy(input: {
      auto_approve_max?: string | undefined;
      four_eyes_min?: string | undefined;
    }) {
      // Both are checked before either is saved: a refusal changes nothing.
      const changes = (
        [
          ['auto_approve_max', AUTO_APPROVE_KEY],
          ['four_eyes_min', FOUR_EYES_KEY],
        ] as const
      ).flatMap(([field, key]) => {
        const text = input[field];
        if (text === undefined) return [];
        const refusal = amountRefusal(text);
        if (refusal) throw numberError(field, 'amount', refusal);
        return [[key, formatAmount(parseAmount(text))] as const];
      });
      for (const [key, text] of changes) await settings.put(key, text);
      return policy();
    },

    reject: (id: string, operatorId: string, reason: string) =>
      release(id, 'reject', { reviewed_by: operatorId, review_note: reason }),

    fail: (id: string, reason: string) => release(id, 'fail', { failure_reason: reason }),

    /** The transfer reached its confirmations: the money left custody. */
    async confirm(id: string, confirmations: number) {
      return db.transaction().execute(async (trx) => {
        const w = await repo.byId(id, trx);
        if (!w) throw new AppError('withdraw.not_found');
        if (
          !(await repo.transition(id, 'confirm', { confirmations, confirmed_at: clock.now() }, trx))
        ) {
          return false;
        }
        await ledger.post(
          {
            kind: 'withdrawal_sent',
            idempotencyKey: `withdrawal:${id}:sent`,
            reference: `withdrawal:${id}`,
            memo: `${w.network.toUpperCase()} ${w.tx_hash ?? ''}`,
            // The hot wallet paid what was held; a withdrawal from before migration 0052
            // held the whole amount and pays its fee now.
            postings: w.fee_collected
              ? [
                  { account: userAccount(w.user_id, 'frozen'), amount: -BigInt(w.receive_amount) },
                  {
                    account: platformAccount('custody', `${w.network}:hot`),
                    amount: BigInt(w.receive_amount),
                  },
                ]
              : [
                  { account: userAccount(w.user_id, 'frozen'), amount: -BigInt(w.amount) },
                  {
                    account: platformAccount('custody', `${w.network}:hot`),
                    amount: BigInt(w.receive_amount),
                  },
                  ...(BigInt(w.fee) > 0n
                    ? [{ account: platformAccount('fee_revenue'), amount: BigInt(w.fee) }]
                    : []),
                ],
          },
          trx,
        );
        return true;
      });
    },

    resetAddress: addressBook.resetAddress,
  };
}

export type WithdrawalService = ReturnType<typeof withdrawalService>;
