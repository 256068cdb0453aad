// SQL for saved withdrawal addresses, withdrawals and hot-wallet nonces.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ProfileWrites } from '../../db/user-cache.ts';
import type { Network } from './networks.ts';
import {
  RELEASED_STATES,
  SENDER_STATES,
  WITHDRAWAL_TRANSITIONS,
  type WithdrawalMove,
} from './withdrawal.states.ts';

export function withdrawalRepository(db: Db, { changed }: ProfileWrites = {}) {
  const approve = WITHDRAWAL_TRANSITIONS.approve;
  return {
    db,

    savedAddress(userId: string, network: Network, trx: Db = db) {
      return trx
        .selectFrom('withdrawal_addresses')
        .select(['address', 'created_at'])
        .where('user_id', '=', userId)
        .where('network', '=', network)
        .executeTakeFirst();
    },

    /** Every saved address of the user, in one round trip. */
    savedAddresses(userId: string) {
      return db
        .selectFrom('withdrawal_addresses')
        .select(['network', 'address'])
        .where('user_id', '=', userId)
        .execute();
    },

    /** False when an address was already saved: the user cannot change it. */
    async saveAddress(userId: string, network: Network, address: string) {
      const row = await db
        .insertInto('withdrawal_addresses')
        .values({ user_id: userId, network, address })
        .onConflict((oc) => oc.doNothing())
        .returning('address')
        .executeTakeFirst();
      if (row) changed?.(userId);
      return Boolean(row);
    },

    async resetAddress(userId: string, network: Network, operatorId: string, reason: string) {
      const address = await db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('withdrawal_addresses')
          .where('user_id', '=', userId)
          .where('network', '=', network)
          .returning('address')
          .executeTakeFirst();
        if (!removed) return null;
        await trx
          .insertInto('withdrawal_address_resets')
          .values({
            user_id: userId,
            network,
            old_address: removed.address,
            operator_id: operatorId,
            reason,
          })
          .execute();
        return removed.address;
      });
      if (address) changed?.(userId);
      return address;
    },

    /** Sum of today's (UTC) withdrawals that still count: not rejected, not failed. */
    async withdrawnToday(userId: string, network: Network, now: Date, trx: Db = db) {
      const row = await trx
        .selectFrom('withdrawals')
        .select(sql<string>`coalesce(sum(amount), 0)`.as('total'))
        .where('user_id', '=', userId)
        .where('network', '=', network)
        .where('status', 'not in', RELEASED_STATES)
        .where(
          sql<boolean>`created_at >= date_trunc('day', ${now}::timestamptz at time zone 'UTC') at time zone 'UTC'`,
        )
        .executeTakeFirstOrThrow();
      return BigInt(row.total);
    },

    byRequestId(userId: string, requestId: string) {
      return db
        .selectFrom('withdrawals')
        .selectAll()
        .where('user_id', '=', userId)
        .where('request_id', '=', requestId)
        .executeTakeFirst();
    },

    byId(id: string, trx: Db = db) {
      return trx.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async list(userId: string, page: number, limit: number) {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('withdrawals')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('id', 'desc')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        db
          .selectFrom('withdrawals')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** The approval that sends it: one is enough up to `fourEyesMin`, above it a second operator's. */
    async approveFinal(id: string, operatorId: string, fourEyesMin: bigint) {
      return db
        .updateTable('withdrawals')
        .set({ status: approve.to, reviewed_by: operatorId, updated_at: new Date() })
        .where('id', '=', id)
        .where('status', 'in', approve.from)
        .where((eb) =>
          eb.or([
            eb('amount', '<=', fourEyesMin.toString()),
            eb.and([
              eb('first_approved_by', 'is not', null),
              eb('first_approved_by', '<>', operatorId),
            ]),
          ]),
        )
        .returningAll()
        .executeTakeFirst();
    },

    /** The first of two approvals above `fourEyesMin`, claimed once. */
    async approveFirst(id: string, operatorId: string, fourEyesMin: bigint) {
      return db
        .updateTable('withdrawals')
        .set({ first_approved_by: operatorId, updated_at: new Date() })
        .where('id', '=', id)
        .where('status', 'in', approve.from)
        .where('amount', '>', fourEyesMin.toString())
        .where('first_approved_by', 'is', null)
        .returningAll()
        .executeTakeFirst();
    },

    /** Makes one move of the state machine; false when the withdrawal was not in its `from`. */
    async transition(
      id: string,
      move: WithdrawalMove,
      extra: Record<string, unknown> = {},
      trx: Db = db,
    ) {
      const { from, to } = WITHDRAWAL_TRANSITIONS[move];
      const result = await trx
        .updateTable('withdrawals')
        .set({ status: to, updated_at: new Date(), ...extra })
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** The next nonce of a hot wallet on a chain; `initial` seeds the counter from the chain. */
    async allocateNonce(trx: Db, scope: string, address: string, initial: () => Promise<bigint>) {
      // Serialise first allocations too (the row may not exist yet).
      await sql`select pg_advisory_xact_lock(hashtext(${`nonce:${scope}:${address}`}))`.execute(
        trx,
      );
      const existing = await trx
        .updateTable('hot_wallet_nonces')
        .set({ next_nonce: sql`next_nonce + 1` })
        .where('scope', '=', scope)
        .where('address', '=', address)
        .returning(sql<string>`next_nonce - 1`.as('nonce'))
        .executeTakeFirst();
      if (existing) return BigInt(existing.nonce);
      const start = await initial();
      await trx
        .insertInto('hot_wallet_nonces')
        .values({ scope, address, next_nonce: start + 1n })
        .execute();
      return start;
    },

    openForSending(network: Network) {
      return db
        .selectFrom('withdrawals')
        .selectAll()
        .where('network', '=', network)
        .where('status', 'in', SENDER_STATES)
        .orderBy('id')
        .limit(50)
        .execute();
    },
  };
}

export type WithdrawalRepository = ReturnType<typeof withdrawalRepository>;
