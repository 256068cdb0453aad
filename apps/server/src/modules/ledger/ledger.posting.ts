// Posting: writes planned entries and moves every balance they touch in the same
// transaction, idempotently by a caller-chosen key, one by one (post), many at once
// (postBatch) or as credits the database computes (postCredits). The rules are checked
// first by ledger.planning.ts; the database refuses a balance below zero (OL001).
import { randomInt } from 'node:crypto';
import type { RawBuilder } from 'kysely';
import { MANY_USERS, type UserCache } from '../../db/user-cache.ts';
import { AppError } from '../../errors.ts';
import { isTransientError, type Db } from '../../db/database.ts';
import {
  ENTRY_KINDS,
  isEntryKind,
  isUserAccountKind,
  type AccountKind,
  type EntryKind,
  type PlatformAccountKind,
  type UserAccountKind,
} from './kinds.ts';
import type { LedgerRepository } from './ledger.repository.ts';
import {
  LedgerEntryError,
  accountKeyOf,
  anyShard,
  entryRule,
  planEntry,
  planLeg,
  platformAccount,
  userAccount,
  type AccountRef,
  type EntryRequest,
  type Plan,
  type PlannedLeg,
  type ShardCount,
  type ShardPick,
} from './ledger.planning.ts';

export interface PostedEntry {
  id: string;
  kind: EntryKind;
  idempotencyKey: string;
  reference: string | null;
  memo: string | null;
  createdAt: Date;
  /** True when the key had been posted before and this is that first result. Postings
   * are then in the order they were written, not the order of the request. */
  replayed: boolean;
  postings: PostedLeg[];
}

export interface PostedLeg {
  accountId: string;
  /** null for a platform account. */
  userId: string | null;
  accountKind: AccountKind;
  subkey: string;
  amount: bigint;
  balanceAfter: bigint;
}

/** Code 0, translated: a no-negative account would go below zero. Nothing was posted. */
export class InsufficientBalanceError extends AppError {
  constructor() {
    super('ledger.insufficient_balance');
    this.name = 'InsufficientBalanceError';
  }
}

/** The idempotency key was already used for a different entry. Nothing was posted. */
export class IdempotencyConflictError extends AppError {
  constructor(readonly idempotencyKey: string) {
    super('ledger.idempotency_conflict');
    this.name = 'IdempotencyConflictError';
  }
}

export function ledgerPosting(
  repo: LedgerRepository,
  options: {
    shardsOf: ShardCount;
    /** Told which users' balances move, before and after a write. */
    balanceCache?: UserCache<unknown> | undefined;
  },
) {
  const { shardsOf } = options;
  /**
   * Tells the balance cache that these legs' users are moving (before a write) or moved
   * (`after` it). Written in the caller's `trx`, they are announced as that transaction's
   * owner decides (once after its commit, or now and a second later); written in a
   * transaction of their own, which has committed, once.
   */
  const touch = (legs: PlannedLeg[], after?: { trx: Db | undefined }) => {
    const cache = options.balanceCache;
    if (!cache) return;
    const users = new Set<string>();
    for (const leg of legs) if (leg.userId) users.add(leg.userId);
    if (users.size === 0) return;
    if (!after) cache.touched(users);
    else if (after.trx) cache.touched(users, true, after.trx);
    else cache.committed(users);
  };
  // Account ids never change and accounts are never deleted, so an id seen committed can
  // be remembered for the life of the process. Only committed rows are cached.
  const accountIds = new Map<string, string>();
  // Inside a caller's transaction, each platform account keeps the shard its first leg
  // drew until the transaction ends. Were every entry to draw anew, two transactions of
  // several entries (a robot's fills) could lock, or first create, two shards in opposite
  // orders and deadlock (decision 132). On its own an entry draws at random.
  const transactionShards = new WeakMap<Db, Map<PlatformAccountKind, number>>();
  const shardPick = (trx: Db | undefined): ShardPick => {
    if (!trx) return anyShard;
    let drawn = transactionShards.get(trx);
    if (!drawn) transactionShards.set(trx, (drawn = new Map()));
    return (kind, shards) => {
      let shard = drawn.get(kind);
      if (shard === undefined || shard >= shards) drawn.set(kind, (shard = randomInt(shards)));
      return shard;
    };
  };

  async function resolveAccounts(q: Db, legs: PlannedLeg[], cache: boolean) {
    const ids = new Map<string, string>();
    const missing: PlannedLeg[] = [];
    for (const leg of legs) {
      const id = accountIds.get(accountKeyOf(leg));
      if (id) ids.set(accountKeyOf(leg), id);
      else missing.push(leg);
    }
    if (missing.length > 0) {
      let found = await repo.findAccounts(q, missing);
      if (found.length < missing.length) {
        await repo.createAccounts(q, missing);
        found = await repo.findAccounts(q, missing);
      }
      for (const row of found) {
        const key = accountKeyOf({
          userId: row.user_id,
          kind: row.kind,
          subkey: row.subkey,
          shard: row.shard,
        });
        ids.set(key, row.id);
        if (cache) {
          if (accountIds.size > 500_000) accountIds.clear();
          accountIds.set(key, row.id);
        }
      }
    }
    return legs.map((leg) => {
      const id = ids.get(accountKeyOf(leg));
      if (!id) throw new Error(`ledger: account ${accountKeyOf(leg)} could not be created`);
      return id;
    });
  }

  async function write(q: Db, plan: Plan, accountIdsOfLegs: string[]): Promise<PostedEntry> {
    const { request } = plan;
    let rows;
    try {
      rows = await repo.postEntry(
        q,
        {
          kind: request.kind,
          idempotencyKey: request.idempotencyKey,
          reference: request.reference ?? null,
          memo: request.memo ?? null,
          reason: request.reason ?? null,
          operatorId: request.operatorId ?? null,
          payloadHash: plan.payloadHash,
        },
        plan.legs.map((leg, i) => ({ accountId: accountIdsOfLegs[i]!, amount: leg.amount })),
      );
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (code === 'OL001') throw new InsufficientBalanceError();
      if (code === 'OL002') throw new IdempotencyConflictError(request.idempotencyKey);
      throw error;
    }
    const first = rows[0];
    if (!first) throw new Error(`ledger: entry ${request.idempotencyKey} has no postings`);
    // A replay may have drawn other shards than this attempt: name its accounts afresh.
    const known = new Map(
      plan.legs.map((leg, i) => [
        accountIdsOfLegs[i]!,
        { userId: leg.userId, kind: leg.kind, subkey: leg.subkey },
      ]),
    );
    if (first.replayed) {
      for (const a of await repo.accountsById(
        q,
        rows.map((r) => r.account_id),
      )) {
        known.set(a.id, { userId: a.user_id, kind: a.kind, subkey: a.subkey });
      }
    }
    const postings = rows.map((r): PostedLeg => {
      const account = known.get(r.account_id)!;
      return {
        accountId: r.account_id,
        userId: account.userId,
        accountKind: account.kind as AccountKind,
        subkey: account.subkey,
        amount: BigInt(r.amount),
        balanceAfter: BigInt(r.balance_after),
      };
    });
    if (!first.replayed) {
      // In the order of the request (the database wrote them in account id order).
      const index = new Map(accountIdsOfLegs.map((id, i) => [id, i]));
      postings.sort((a, b) => index.get(a.accountId)! - index.get(b.accountId)!);
    }
    return {
      id: first.entry_id,
      kind: request.kind,
      idempotencyKey: request.idempotencyKey,
      reference: request.reference ?? null,
      memo: request.memo ?? null,
      createdAt: new Date(first.created_at),
      replayed: first.replayed,
      postings,
    };
  }

  async function post(request: EntryRequest, trx?: Db): Promise<PostedEntry> {
    const plan = planEntry(request, shardsOf, shardPick(trx));
    touch(plan.legs);
    try {
      if (trx) return await write(trx, plan, await resolveAccounts(trx, plan.legs, false));
      for (let attempt = 1; ; attempt += 1) {
        try {
          // Accounts are created first, in autocommit, so their ids are committed and safe
          // to cache; the entry is then one statement, a transaction of its own.
          const ids = await resolveAccounts(repo.db, plan.legs, true);
          return await write(repo.db, plan, ids);
        } catch (error) {
          if (attempt >= 3 || !isTransientError(error)) throw error;
        }
      }
    } finally {
      touch(plan.legs, { trx });
    }
  }

  /** An operator's credit (amount > 0) or debit of a user's balance, with a mandatory reason. */
  async function adjust(input: {
    userId: string;
    amount: bigint;
    reason: string;
    operatorId: string;
    idempotencyKey: string;
  }) {
    const reason = input.reason.trim();
    if (!reason)
      throw new AppError('validation.required', { field: 'reason' }, { field: 'reason' });
    if (input.amount === 0n) {
      throw new AppError('validation.invalid', { field: 'amount' }, { field: 'amount' });
    }
    const credit = input.amount > 0n;
    const entry = await post({
      kind: credit ? 'adjustment_credit' : 'adjustment_debit',
      idempotencyKey: `adjustment:${input.idempotencyKey}`,
      reason,
      operatorId: input.operatorId,
      postings: [
        { account: platformAccount('adjustment'), amount: -input.amount },
        { account: userAccount(input.userId, 'available'), amount: input.amount },
      ],
    });
    const leg = entry.postings.find((p) => p.accountKind === 'available')!;
    return { entry, balance: leg.balanceAfter };
  }

  return {
    adjust,

    /**
     * Posts one entry. With `trx`, it joins the caller's transaction (if this throws, that
     * transaction is failed and must roll back); without, the entry is a transaction of
     * its own, retried after a deadlock or serialisation failure.
     * Throws InsufficientBalanceError, IdempotencyConflictError or LedgerEntryError.
     */
    post,

    /**
     * Posts many entries at once through ledger_post_batch (a few SQL statements for the
     * whole batch), with every rule of post(): each entry checked against its kind and
     * balanced, no-negative accounts refused below zero at any point of the batch (OL001,
     * nothing of the batch remains), idempotent per entry by its key (a replayed entry
     * moves nothing; a key reused for another payload is IdempotencyConflictError), and
     * append-only. Entries apply in the order given. Operator kinds are not batched.
     * With `trx` it joins the caller's transaction; without, the batch is one transaction.
     */
    async postBatch(
      requests: EntryRequest[],
      trx?: Db,
    ): Promise<{ id: string; idempotencyKey: string; replayed: boolean }[]> {
      if (requests.length === 0) return [];
      const pick = shardPick(trx);
      const plans = requests.map((r) => {
        if (isEntryKind(r.kind) && ENTRY_KINDS[r.kind].operator) {
          throw new LedgerEntryError(`${r.kind} is an operator kind and is posted one by one`);
        }
        return planEntry(r, shardsOf, pick);
      });
      if (new Set(requests.map((r) => r.idempotencyKey)).size !== requests.length) {
        throw new LedgerEntryError('a batch repeats an idempotency key');
      }
      // Every distinct account once, ids resolved in bulk.
      const distinct = new Map<string, PlannedLeg>();
      for (const plan of plans) {
        for (const leg of plan.legs) distinct.set(accountKeyOf(leg), leg);
      }
      touch([...distinct.values()]);
      const run = async (q: Db) => {
        const legs = [...distinct.values()];
        const ids = await repo.resolveAccountsBulk(q, legs);
        const idOf = new Map(legs.map((leg, i) => [accountKeyOf(leg), ids[i]!]));
        const rows = await repo.postBatch(
          q,
          plans.map((plan) => ({
            kind: plan.request.kind,
            idempotencyKey: plan.request.idempotencyKey,
            reference: plan.request.reference ?? null,
            memo: plan.request.memo ?? null,
            reason: null,
            operatorId: null,
            payloadHash: plan.payloadHash,
            legs: plan.legs.map((leg) => ({
              accountId: idOf.get(accountKeyOf(leg))!,
              amount: leg.amount,
            })),
          })),
        );
        return rows.map((row) => ({
          id: row.entry_id,
          idempotencyKey: requests[row.idx - 1]!.idempotencyKey,
          replayed: row.replayed,
        }));
      };
      try {
        if (trx) return await run(trx);
        for (let attempt = 1; ; attempt += 1) {
          try {
            return await repo.db.transaction().execute(run);
          } catch (error) {
            if (attempt >= 3 || !isTransientError(error)) throw error;
          }
        }
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (code === 'OL001') throw new InsufficientBalanceError();
        if (code === 'OL002') throw new IdempotencyConflictError('batch');
        throw error;
      } finally {
        touch([...distinct.values()], { trx });
      }
    },

    /**
     * Posts one entry that credits many users' `userKind` accounts and debits `from` with
     * their total, the credits being the rows `(user_id, amount)` of the caller's query,
     * run in the database: they never travel through this process (a day's mining payout
     * credits 200,000 renters). The rules of post() hold (decision 129): amounts positive,
     * each user once, the kind's accounts only, `from` refused below zero unless it may go
     * negative (InsufficientBalanceError), the key replaying the same credits or refused
     * for others (IdempotencyConflictError), append-only. Joins `trx`. Returns null, and
     * posts nothing, when the query has no rows.
     */
    async postCredits(
      trx: Db,
      request: {
        kind: EntryKind;
        idempotencyKey: string;
        reference?: string | null;
        memo?: string | null;
        from: AccountRef;
        userKind: UserAccountKind;
        credits: RawBuilder<unknown>;
      },
    ): Promise<{ id: string; replayed: boolean; credits: number; total: bigint } | null> {
      const { kind, idempotencyKey: key } = request;
      const rule = entryRule(kind, key);
      if (rule.operator) throw new LedgerEntryError(`${kind} is an operator kind`);
      const allowed = rule.accounts as readonly AccountKind[];
      if (!allowed.includes(request.from.kind) || !allowed.includes(request.userKind)) {
        throw new LedgerEntryError(
          `${kind} may not touch ${request.from.kind} or ${request.userKind}`,
        );
      }
      if (!isUserAccountKind(request.userKind)) {
        throw new LedgerEntryError(`${request.userKind} is not a user account`);
      }
      const from = planLeg(request.from, -1n, shardsOf, shardPick(trx));
      if (from.userId !== null)
        throw new LedgerEntryError('credits are paid by a platform account');
      const staged = await repo.stageCredits(trx, request.credits, request.userKind);
      if (staged === 0) return null;
      const [fromId] = await resolveAccounts(trx, [from], false);
      // The renters' shown balances are dropped here and announced to every process. A
      // crowd of them (more than the cache announces by name) drops everybody instead;
      // dropping everybody for a few renters sent a crowd of 20,000 investors back to the
      // database at every payout (issue 33).
      const cache = options.balanceCache;
      const users = cache && staged <= MANY_USERS ? await repo.stagedUsers(trx) : null;
      const touch = (done: boolean) =>
        users ? cache?.touched(users, done) : cache?.touchedEveryone(done);
      touch(false);
      try {
        const row = await repo.postCredits(trx, {
          kind,
          idempotencyKey: key,
          reference: request.reference ?? null,
          memo: request.memo ?? null,
          fromId: fromId!,
          fromLogical: from.logical,
          userKind: request.userKind,
        });
        return {
          id: row.entry_id,
          replayed: row.replayed,
          credits: row.credits,
          total: BigInt(row.total),
        };
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (code === 'OL001') throw new InsufficientBalanceError();
        if (code === 'OL002') throw new IdempotencyConflictError(key);
        throw error;
      } finally {
        touch(true);
      }
    },

    /**
     * Creates the accounts (every shard of a platform one) unless they exist, outside any
     * transaction. Optional: post() creates accounts on first use; a module that posts
     * inside its own transaction can open a user's accounts first (e.g. at registration)
     * so that no account row is created while its transaction holds locks.
     */
    async openAccounts(refs: AccountRef[]) {
      const legs = refs.flatMap((ref) => {
        const leg = planLeg(ref, 1n, shardsOf);
        const shards = leg.userId === null ? shardsOf(ref.kind as PlatformAccountKind) : 1;
        return Array.from({ length: shards }, (_, shard) => ({ ...leg, shard }));
      });
      for (let i = 0; i < legs.length; i += 500) {
        await resolveAccounts(repo.db, legs.slice(i, i + 500), true);
      }
    },
  };
}

export type LedgerPosting = ReturnType<typeof ledgerPosting>;
