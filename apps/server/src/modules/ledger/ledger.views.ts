// Read views of the ledger: the investor's balances and figures (cached until a posting
// moves them, when the balance cache is on), Fund Details, and single balances.
import type { UserCache } from '../../db/user-cache.ts';
import type { Db } from '../../db/database.ts';
import {
  EARNING_KINDS,
  UNEARNED_ACCOUNT_KINDS,
  type EntryKind,
  type PlatformAccountKind,
  type UserAccountKind,
} from './kinds.ts';
import type { LedgerRepository } from './ledger.repository.ts';

export interface UserBalances {
  available: bigint;
  frozen: bigint;
  trading_principal: bigint;
  undistributed_earnings: bigint;
  mining: bigint;
  total_assets: bigint;
  total_earnings: bigint;
}

export function ledgerViews(
  repo: LedgerRepository,
  options: {
    /** Users' balance figures kept until their accounts move (db/user-cache.ts). */
    balanceCache?: UserCache<UserBalances> | undefined;
  } = {},
) {
  /** The user's balances by kind, their total and their earnings (userinfo, Home, Me). */
  async function userBalances(userId: string): Promise<UserBalances> {
    const { balances, net: earnings } = await repo.userFigures(
      userId,
      EARNING_KINDS,
      UNEARNED_ACCOUNT_KINDS,
    );
    const of = (kind: UserAccountKind) => BigInt(balances[kind] ?? '0');
    const figures = {
      available: of('available'),
      frozen: of('frozen'),
      trading_principal: of('robot_principal'),
      undistributed_earnings: of('robot_pnl'),
      mining: of('mining'),
    };
    return {
      ...figures,
      total_assets: Object.values(figures).reduce((sum, v) => sum + v, 0n),
      total_earnings: earnings,
    };
  }

  return {
    userPostings: repo.userPostings,
    platformFigures: repo.platformFigures,

    /**
     * userBalances as screens show them (userinfo, Home): from memory until a posting moves
     * one of the user's accounts, when the balance cache is on. Decisions and operator
     * screens read userBalances.
     */
    shownBalances(userId: string): Promise<UserBalances> {
      const cache = options.balanceCache;
      return cache ? cache.get(userId, () => userBalances(userId)) : userBalances(userId);
    },

    /** `shownBalances` when it is in memory now (no waiting); undefined when it must be read. */
    shownBalancesNow(userId: string): UserBalances | undefined {
      return options.balanceCache?.peek(userId);
    },

    /** The investor's figures, each a sum of ledger postings, read from the database. */
    userBalances,

    /** Fund Details: the changes of the user's balance (available), newest first. */
    async fundLog(userId: string, options: { page: number; limit: number; kind?: EntryKind }) {
      const { rows, total } = await repo.accountHistory(userId, 'available', {
        limit: options.limit,
        offset: (options.page - 1) * options.limit,
        ...(options.kind ? { entryKind: options.kind } : {}),
      });
      return {
        total,
        records: rows.map((r) => ({
          id: r.id,
          kind: r.kind as EntryKind,
          amount: BigInt(r.amount),
          balanceAfter: BigInt(r.balance_after),
          createdAt: new Date(r.created_at),
          memo: r.memo ?? '',
          reference: r.reference,
        })),
      };
    },

    /**
     * A user's balance of one (unsharded, subkey-less) kind inside `trx`, locked until it
     * ends: what a debit posted in the same transaction may take without being refused.
     */
    lockedUserBalance: (trx: Db, userId: string, kind: UserAccountKind) =>
      repo.lockedUserBalance(trx, userId, kind),

    /** A user's balance of one account kind, unlocked (e.g. pending commissions). */
    userAccountBalance: (userId: string, kind: UserAccountKind) =>
      repo.userAccountBalance(userId, kind),

    /** A platform account's balance: the sum of its shards. */
    platformBalance: (kind: PlatformAccountKind, subkey = '') => repo.platformBalance(kind, subkey),
  };
}

export type LedgerViews = ReturnType<typeof ledgerViews>;
