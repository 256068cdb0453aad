// The only way money moves: post() writes one balanced journal entry and moves every
// balance it touches in the same transaction, idempotently by a caller-chosen key.
// Other modules call it, inside their own transaction when they change state with it.
// The ledger's one service, composed of its concerns, each in its own file:
//   ledger.planning.ts  the accounts an entry names and the rules it is checked against
//   ledger.posting.ts   post, postBatch, postCredits, openAccounts, adjust
//   ledger.views.ts     balances, figures, Fund Details
// The arrows point one way: this file -> the concerns -> kinds.ts / repository.
import type { UserCache } from '../../db/user-cache.ts';
import type { PlatformAccountKind } from './kinds.ts';
import type { LedgerRepository } from './ledger.repository.ts';
import { defaultShards, type ShardCount } from './ledger.planning.ts';
import { ledgerPosting } from './ledger.posting.ts';
import { ledgerViews, type UserBalances } from './ledger.views.ts';

export {
  LedgerEntryError,
  planEntry,
  platformAccount,
  userAccount,
  type AccountRef,
  type EntryRequest,
} from './ledger.planning.ts';
export {
  IdempotencyConflictError,
  InsufficientBalanceError,
  type PostedEntry,
  type PostedLeg,
} from './ledger.posting.ts';
export type { UserBalances } from './ledger.views.ts';

export function ledgerService(
  repo: LedgerRepository,
  options: {
    shards?: Partial<Record<PlatformAccountKind, number>>;
    /** Users' balance figures kept until their accounts move (db/user-cache.ts). */
    balanceCache?: UserCache<UserBalances>;
  } = {},
) {
  const shardsOf: ShardCount = (kind) => options.shards?.[kind] ?? defaultShards(kind);
  const posting = ledgerPosting(repo, { shardsOf, balanceCache: options.balanceCache });
  const views = ledgerViews(repo, { balanceCache: options.balanceCache });

  return {
    adjust: posting.adjust,
    userPostings: views.userPostings,
    platformFigures: views.platformFigures,
    post: posting.post,
    postBatch: posting.postBatch,
    postCredits: posting.postCredits,
    openAccounts: posting.openAccounts,
    shownBalances: views.shownBalances,
    shownBalancesNow: views.shownBalancesNow,
    userBalances: views.userBalances,
    fundLog: views.fundLog,
    lockedUserBalance: views.lockedUserBalance,
    userAccountBalance: views.userAccountBalance,
    platformBalance: views.platformBalance,
  };
}

export type LedgerService = ReturnType<typeof ledgerService>;
