// Withdrawals as the investor and the reviewer meet them. A request takes the whole
// amount from available in one ledger entry, in the same transaction as the withdrawal
// row: amount - fee is frozen and the fee is collected (fee revenue). Each later state
// either sends what was frozen (out of custody) or releases it and refunds the fee
// (-> available; the refund reverses referral commissions, modules/team). States:
//   pending_review -> approved -> broadcast -> confirmed
//   pending_review -> rejected;  approved | broadcast -> failed
import { sql } from 'kysely';
import { privateKeyToAccount } from 'viem/accounts';
import type { ChainEnvironment } from './chain-environment.ts';
import { isValidEvmAddress, isValidTronAddress, tronToHex } from '@olive/chain';
import { amountRefusal, formatAmount, NumberError, parseAmount } from '@olive/protocol';
import { AppError, fieldError, numberError } from '../../errors.ts';
import type { Clock } from '../../ports/clock.ts';
import { verifyPassword } from '../auth/password.ts';
import { InsufficientBalanceError, type LedgerService } from '../ledger/ledger.service.ts';
import { platformAccount, userAccount } from '../ledger/ledger.service.ts';
import type { SettingsRepository } from '../../db/settings.repository.ts';
import type { UserRepository } from '../users/user.repository.ts';
import type { DepositRepository } from './deposit.repository.ts';
import { oliveToToken, type Network } from './networks.ts';
import type { WithdrawalRepository } from './withdrawal.repository.ts';

export const FUND_PASSWORD_TRIES = 5;
export const LOCK_MS = 24 * 3_600_000;
export const AUTO_APPROVE_KEY = 'withdrawal_auto_approve_max';
export const DEFAULT_AUTO_APPROVE_MAX = '1000';
/** Pending withdrawals above this amount need two different operators to approve. */
export const FOUR_EYES_KEY = 'withdrawal_four_eyes_min';
export const DEFAULT_FOUR_EYES_MIN = '10000';

/** "2026-05-02 08:00 UTC": how lock messages say until when. */
export const formatUntil = (date: Date) =>
  `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function isValidAddress(network: Network, address: string) {
  return network === 'trc20' ? isValidTronAddress(address) : isValidEvmAddress(address);
}

/**
 * Addresses nobody can spend from (20-byte hex, lower case; TRON's are the same bytes
 * behind its 0x41 prefix): money sent there is gone. Sources: the zero address, the
 * "dead" addresses burns conventionally use, and the precompiles' range.
 */
export const BURN_ADDRESSES: ReadonlySet<string> = new Set([
  `0x${'0'.repeat(40)}`,
  `0x${'0'.repeat(36)}dead`,
  `0xdead${'0'.repeat(36)}`,
  `0x${'0'.repeat(39)}1`,
  `0x${'f'.repeat(40)}`,
]);

/** The hot wallet's and the sweep gas payer's addresses, as 20-byte hex. */
export function platformWalletAddresses(chain: ChainEnvironment | null): string[] {
  const keys = [chain?.hotKey, chain?.tron?.hotKey, chain?.sweep?.gasKey].filter((k): k is string =>
    Boolean(k),
  );
  return keys.map((k) => privateKeyToAccount(`0x${k.replace(/^0x/, '')}`).address.toLowerCase());
}

/** The 20 bytes of an address as lower-case 0x hex, whatever its network's spelling. */
export function addressBytes(network: Network, address: string) {
  const hex = network === 'trc20' && address.startsWith('T') ? tronToHex(address) : address;
  return `0x${hex.toLowerCase().replace(/^0x/, '').slice(-40)}`;
}

export function withdrawalService(deps: {
  repo: WithdrawalRepository;
  deposits: DepositRepository;
  users: UserRepository;
  ledger: LedgerService;
  settings: SettingsRepository;
  clock: Clock;
  /** The hot wallet and sweep addresses (20-byte hex): never a withdrawal destination. */
  platformWallets?: () => readonly string[];
  /** Two-factor: asked for address saving and withdrawals once enabled (security module). */
  secondFactor?: { check(userId: string, otp: string | undefined): Promise<void> };
}) {
  const { repo, deposits, users, ledger, settings, clock } = deps;
  const platformWallets = deps.platformWallets ?? (() => []);
  const db = repo.db;

  /**
   * Checks the fund password; 5 wrong tries lock withdrawals for 24 hours. The try is
   * claimed first, in one conditional statement that only counts while the account is
   * not locked, and only a claimed try is checked. The claim's row lock is held while the
   * password is verified, so checks of one account run one after another: parallel
   * requests cannot check more than 5 wrong passwords between them, and parallel right
   * ones all pass (decision 110).
   */
  async function checkFundPassword(userId: string, fundPassword: string) {
    const now = clock.now();
    const lockUntil = new Date(now.getTime() + LOCK_MS);
    // The fifth claim sets the lock in the same statement.
    const last = sql<boolean>`fund_password_failures + 1 >= ${FUND_PASSWORD_TRIES}`;
    const outcome = await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('users')
        .set({
          fund_password_failures: sql`case when ${last} then 0 else fund_password_failures + 1 end`,
          withdraw_locked_until: sql`case when ${last} then ${lockUntil}::timestamptz else withdraw_locked_until end`,
        })
        .where('id', '=', userId)
        .where((eb) =>
          eb.or([eb('withdraw_locked_until', 'is', null), eb('withdraw_locked_until', '<=', now)]),
        )
        .returning(['fund_password_failures as failures', 'withdraw_locked_until as locked_until'])
        .executeTakeFirst();
      if (!claimed) return { kind: 'locked' as const };
      const user = await trx
        .selectFrom('users')
        .selectAll()
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      const lastTry = claimed.locked_until !== null && new Date(claimed.locked_until) > now;
      if (await verifyPassword(user.fund_password_hash, fundPassword)) {
        // The right password gives back every try (and the lock its own claim set).
        await trx
          .updateTable('users')
          .set({ fund_password_failures: 0, ...(lastTry ? { withdraw_locked_until: null } : {}) })
          .where('id', '=', userId)
          .execute();
        return { kind: 'ok' as const, user };
      }
      return { kind: 'wrong' as const, lastTry, failures: claimed.failures };
    });
    if (outcome.kind === 'ok') return outcome.user;
    if (outcome.kind === 'locked') {
      const user = await users.findById(userId);
      if (!user) throw new AppError('error.not_signed_in');
      throw new AppError('withdraw.locked', {
        until: formatUntil(new Date(user.withdraw_locked_until ?? lockUntil)),
      });
    }
    if (outcome.lastTry) {
      throw new AppError(
        'withdraw.locked',
        { until: formatUntil(lockUntil) },
        { field: 'fund_password' },
      );
    }
    throw new AppError(
      'withdraw.fund_password_wrong',
      { left: FUND_PASSWORD_TRIES - outcome.failures },
      { field: 'fund_password' },
    );
  }

  /** Withdrawals wait 24 hours after a login- or fund-password change. */
  function checkRecentChange(user: {
    password_changed_at: Date | null;
    fund_password_changed_at: Date | null;
  }) {
    const changes = [user.password_changed_at, user.fund_password_changed_at]
      .filter((d): d is Date => Boolean(d))
      .map((d) => new Date(d).getTime() + LOCK_MS);
    const until = Math.max(0, ...changes);
    if (until > clock.now().getTime()) {
      throw new AppError('withdraw.recent_change', { until: formatUntil(new Date(until)) });
    }
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

  async function release(id: string, to: 'rejected' | 'failed', note: Record<string, unknown>) {
    return db.transaction().execute(async (trx) => {
      const w = await repo.byId(id, trx);
      if (!w) throw new AppError('withdraw.not_found');
      const from =
        to === 'rejected' ? (['pending_review'] as const) : (['approved', 'broadcast'] as const);
      if (!(await repo.transition(id, [...from], to, note, trx))) {
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
    checkFundPassword,
    view,

    async setAddress(
      userId: string,
      network: Network,
      address: string,
      fundPassword: string,
      otp?: string,
    ) {
      const trimmed = address.trim();
      if (!isValidAddress(network, trimmed))
        throw fieldError('address', `withdraw.address_invalid_${network}`);
      const hex = (network === 'trc20' ? tronToHex(trimmed) : trimmed).toLowerCase();
      // Money sent to these can never be spent again: refuse them before anything is saved.
      const bytes = addressBytes(network, trimmed);
      const leading = bytes.slice(2, 38);
      if (BURN_ADDRESSES.has(bytes) || /^0+$/.test(leading)) {
        throw fieldError('address', 'withdraw.address_unspendable');
      }
      const contracts = await Promise.all(
        (['erc20', 'bep20', 'trc20'] as const).map(async (n) =>
          addressBytes(n, (await deposits.settings(n)).contract_address || '0x'),
        ),
      );
      if (contracts.includes(bytes)) throw fieldError('address', 'withdraw.address_is_contract');
      if (platformWallets().some((w) => w.toLowerCase() === bytes)) {
        throw fieldError('address', 'withdraw.address_is_platform');
      }
      // Olive's own deposit addresses are not withdrawal destinations (on any network).
      for (const n of ['erc20', 'bep20', 'trc20'] as const) {
        if (await deposits.isDepositAddress(n, hex))
          throw fieldError('address', 'withdraw.address_is_platform');
      }
      if (await repo.savedAddress(userId, network))
        throw fieldError('address', 'withdraw.address_locked');
      await checkFundPassword(userId, fundPassword);
      await deps.secondFactor?.check(userId, otp);
      if (!(await repo.saveAddress(userId, network, trimmed))) {
        throw fieldError('address', 'withdraw.address_locked');
      }
      return { network, address: trimmed };
    },

    async addresses(userId: string) {
      const result: Record<Network, string> = { erc20: '', bep20: '', trc20: '' };
      for (const row of await repo.savedAddresses(userId)) {
        result[row.network as Network] = row.address;
      }
      return result;
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
      const locks = [
        user?.withdraw_locked_until,
        user?.password_changed_at &&
          new Date(new Date(user.password_changed_at).getTime() + LOCK_MS),
        user?.fund_password_changed_at &&
          new Date(new Date(user.fund_password_changed_at).getTime() + LOCK_MS),
      ]
        .filter((d): d is Date => Boolean(d))
        .map((d) => new Date(d))
        .filter((d) => d > clock.now());
      const lockedUntil = locks.length
        ? new Date(Math.max(...locks.map((d) => d.getTime())))
        : null;
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
        locked_until: lockedUntil ? lockedUntil.toISOString() : '',
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
            status: amount <= autoMax ? 'approved' : 'pending_review',
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
      if (w?.status === 'pending_review' && w.first_approved_by === operatorId) {
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
      release(id, 'rejected', { reviewed_by: operatorId, review_note: reason }),

    fail: (id: string, reason: string) => release(id, 'failed', { failure_reason: reason }),

    /** The transfer reached its confirmations: the money left custody. */
    async confirm(id: string, confirmations: number) {
      return db.transaction().execute(async (trx) => {
        const w = await repo.byId(id, trx);
        if (!w) throw new AppError('withdraw.not_found');
        if (
          !(await repo.transition(
            id,
            ['broadcast'],
            'confirmed',
            { confirmations, confirmed_at: clock.now() },
            trx,
          ))
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

    resetAddress: (userId: string, network: Network, operatorId: string, reason: string) =>
      repo.resetAddress(userId, network, operatorId, reason),
  };
}

export type WithdrawalService = ReturnType<typeof withdrawalService>;
