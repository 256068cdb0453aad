// Withdrawals as the investor and the reviewer meet them. A request moves the whole
// amount from available to frozen in one ledger entry, in the same transaction as the
// withdrawal row; each later state either sends the money (frozen -> out of custody, fee
// to revenue) or releases it (frozen -> available). States:
//   pending_review -> approved -> broadcast -> confirmed
//   pending_review -> rejected;  approved | broadcast -> failed
import { sql } from 'kysely';
import { isValidEvmAddress, isValidTronAddress, tronToHex } from '@olive/chain';
import { formatAmount, parseAmount } from '@olive/protocol';
import { AppError, fieldError } from '../../errors.ts';
import type { Clock } from '../../ports/clock.ts';
import { verifyPassword } from '../auth/password.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { platformAccount, userAccount } from '../ledger/ledger.service.ts';
import type { SettingsRepository } from '../support/settings.repository.ts';
import type { UserRepository } from '../users/user.repository.ts';
import type { DepositRepository } from './deposit.repository.ts';
import { oliveToToken, type Network } from './networks.ts';
import type { WithdrawalRepository } from './withdrawal.repository.ts';

export const FUND_PASSWORD_TRIES = 5;
export const LOCK_MS = 24 * 3_600_000;
export const AUTO_APPROVE_KEY = 'withdrawal_auto_approve_max';
export const DEFAULT_AUTO_APPROVE_MAX = '1000';

/** "2026-05-02 08:00 UTC": how lock messages say until when. */
export const formatUntil = (date: Date) =>
  `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export function isValidAddress(network: Network, address: string) {
  return network === 'trc20' ? isValidTronAddress(address) : isValidEvmAddress(address);
}

export function withdrawalService(deps: {
  repo: WithdrawalRepository;
  deposits: DepositRepository;
  users: UserRepository;
  ledger: LedgerService;
  settings: SettingsRepository;
  clock: Clock;
}) {
  const { repo, deposits, users, ledger, settings, clock } = deps;
  const db = repo.db;

  /** Checks the fund password; 5 wrong tries lock withdrawals for 24 hours. */
  async function checkFundPassword(userId: string, fundPassword: string) {
    const user = await users.findById(userId);
    if (!user) throw new AppError('error.not_signed_in');
    const now = clock.now();
    if (user.withdraw_locked_until && new Date(user.withdraw_locked_until) > now) {
      throw new AppError('withdraw.locked', {
        until: formatUntil(new Date(user.withdraw_locked_until)),
      });
    }
    if (await verifyPassword(user.fund_password_hash, fundPassword)) {
      if (user.fund_password_failures > 0) {
        await db
          .updateTable('users')
          .set({ fund_password_failures: 0 })
          .where('id', '=', userId)
          .execute();
      }
      return user;
    }
    const { failures } = await db
      .updateTable('users')
      .set({ fund_password_failures: sql`fund_password_failures + 1` })
      .where('id', '=', userId)
      .returning('fund_password_failures as failures')
      .executeTakeFirstOrThrow();
    if (failures >= FUND_PASSWORD_TRIES) {
      const until = new Date(now.getTime() + LOCK_MS);
      await db
        .updateTable('users')
        .set({ fund_password_failures: 0, withdraw_locked_until: until })
        .where('id', '=', userId)
        .execute();
      throw new AppError(
        'withdraw.locked',
        { until: formatUntil(until) },
        { field: 'fund_password' },
      );
    }
    throw new AppError(
      'withdraw.fund_password_wrong',
      { left: FUND_PASSWORD_TRIES - failures },
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

  function parseWithdrawAmount(raw: string, decimals: number): bigint {
    const text = raw.trim();
    if (!/^-?\d+(\.\d+)?$/.test(text)) throw fieldError('amount', 'withdraw.amount_invalid');
    if (/\.\d{9,}$/.test(text)) throw fieldError('amount', 'withdraw.amount_precision');
    const amount = parseAmount(text);
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
      await ledger.post(
        {
          kind: 'withdrawal_release',
          idempotencyKey: `withdrawal:${id}:release`,
          reference: `withdrawal:${id}`,
          postings: [
            { account: userAccount(w.user_id, 'frozen'), amount: -BigInt(w.amount) },
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

    async setAddress(userId: string, network: Network, address: string, fundPassword: string) {
      const trimmed = address.trim();
      if (!isValidAddress(network, trimmed))
        throw fieldError('address', `withdraw.address_invalid_${network}`);
      const hex = (network === 'trc20' ? tronToHex(trimmed) : trimmed).toLowerCase();
      // Olive's own deposit addresses are not withdrawal destinations (on any network).
      for (const n of ['erc20', 'bep20', 'trc20'] as const) {
        if (await deposits.isDepositAddress(n, hex))
          throw fieldError('address', 'withdraw.address_is_platform');
      }
      if (await repo.savedAddress(userId, network))
        throw fieldError('address', 'withdraw.address_locked');
      await checkFundPassword(userId, fundPassword);
      if (!(await repo.saveAddress(userId, network, trimmed))) {
        throw fieldError('address', 'withdraw.address_locked');
      }
      return { network, address: trimmed };
    },

    async addresses(userId: string) {
      const result: Record<Network, string> = { erc20: '', bep20: '', trc20: '' };
      for (const network of ['erc20', 'bep20', 'trc20'] as const) {
        result[network] = (await repo.savedAddress(userId, network))?.address ?? '';
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
            created_at: clock.now(),
            updated_at: clock.now(),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await ledger.post(
          {
            kind: 'withdrawal_freeze',
            idempotencyKey: `withdrawal:${row.id}:freeze`,
            reference: `withdrawal:${row.id}`,
            memo: `${input.network.toUpperCase()} ${saved.address}`,
            postings: [
              { account: userAccount(userId, 'available'), amount: -amount },
              { account: userAccount(userId, 'frozen'), amount },
            ],
          },
          trx,
        );
        return view(row);
      });
    },

    async list(userId: string, page: number, limit: number) {
      const { rows, total } = await repo.list(userId, page, limit);
      return { list: rows.map(view), page, limit, total };
    },

    async approve(id: string, operatorId: string) {
      if (
        !(await repo.transition(id, ['pending_review'], 'approved', { reviewed_by: operatorId }))
      ) {
        const w = await repo.byId(id);
        throw new AppError(w ? 'withdraw.wrong_state' : 'withdraw.not_found', {
          status: w?.status ?? '',
        });
      }
      return view((await repo.byId(id))!);
    },

    reject: (id: string, operatorId: string, reason: string) =>
      release(id, 'rejected', { reviewed_by: operatorId, review_note: reason }),

    fail: (id: string, reason: string) => release(id, 'failed', { failure_reason: reason }),

    /** The transfer reached its confirmations: the money left custody, the fee is revenue. */
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
            postings: [
              { account: userAccount(w.user_id, 'frozen'), amount: -BigInt(w.amount) },
              // The hot wallet paid it.
              {
                account: platformAccount('custody', `${w.network}:hot`),
                amount: BigInt(w.receive_amount),
              },
              { account: platformAccount('fee_revenue'), amount: BigInt(w.fee) },
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
