// SQL for sessions. Tokens never reach this layer, only their SHA-256 hashes.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export function sessionRepository(db: Db) {
  return {
    async insert(row: {
      userId: string;
      tokenHash: Buffer;
      now: Date;
      expiresAt: Date;
      ip?: string | null;
      userAgent?: string | null;
      /** A rotation: the sign-in it continues. */
      signInId?: string | null;
    }) {
      return db
        .insertInto('sessions')
        .values({
          user_id: row.userId,
          token_hash: row.tokenHash,
          created_at: row.now,
          last_seen_at: row.now,
          expires_at: row.expiresAt,
          ip: row.ip ?? null,
          user_agent: row.userAgent?.slice(0, 300) ?? null,
          sign_in_id: row.signInId ?? null,
        })
        .returning(['id'])
        .executeTakeFirstOrThrow();
    },

    findByHash(tokenHash: Buffer) {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select([
          'sessions.id',
          'sessions.user_id',
          'sessions.created_at',
          'sessions.last_seen_at',
          'sessions.expires_at',
          'sessions.replaced_at',
          'sessions.revoked_at',
          'sessions.sign_in_id',
          'users.status',
        ])
        .where('sessions.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /**
     * Writes `last_seen_at` of many sessions in one statement (the service gathers them for
     * a second). A time never moves back: a later write has already gone through.
     */
    async touch(touches: { id: string; at: Date }[]) {
      if (touches.length === 0) return;
      await sql`
        update sessions s set last_seen_at = v.at
        from unnest(${touches.map((t) => t.id)}::bigint[], ${touches.map((t) => t.at)}::timestamptz[])
          as v (id, at)
        where s.id = v.id and s.last_seen_at < v.at
      `.execute(db);
    },

    /** Marks `id` replaced unless it already was; true when this caller won the race. */
    async markReplaced(id: string, now: Date) {
      const result = await db
        .updateTable('sessions')
        .set({ replaced_at: now })
        .where('id', '=', id)
        .where('replaced_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async revoke(id: string, now: Date) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async revokeAllForUser(userId: string, now: Date, exceptId?: string) {
      let query = db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (exceptId) query = query.where('id', '<>', exceptId);
      await query.execute();
    },

    /**
     * A user's sessions still in use (the console's user page): the current row of each
     * sign-in, not revoked, not expired and seen since `idleSince`, with when its sign-in
     * began.
     */
    active(userId: string, now: Date, idleSince: Date) {
      return db
        .selectFrom('sessions as s')
        .leftJoin('sessions as f', 'f.id', 's.sign_in_id')
        .select([
          's.id',
          's.ip',
          's.user_agent',
          's.last_seen_at',
          's.expires_at',
          sql<Date>`coalesce(f.created_at, s.created_at)`.as('signed_in_at'),
        ])
        .where('s.user_id', '=', userId)
        .where('s.revoked_at', 'is', null)
        .where('s.replaced_at', 'is', null)
        .where('s.expires_at', '>', now)
        .where('s.last_seen_at', '>', idleSince)
        .orderBy('s.last_seen_at', 'desc')
        .limit(50)
        .execute();
    },

    /** A user's latest sign-ins: the first row of each (a rotation continues one). */
    signIns(userId: string, limit: number) {
      return db
        .selectFrom('sessions')
        .select(['id', 'created_at', 'ip', 'user_agent'])
        .where('user_id', '=', userId)
        .where('sign_in_id', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Ends the sign-in `id` belongs to, with every rotation of it. False if not this user's. */
    async revokeSignIn(userId: string, id: string, now: Date) {
      const row = await db
        .selectFrom('sessions')
        .select(['id', 'sign_in_id'])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!row) return false;
      const root = row.sign_in_id ?? row.id;
      await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('id', '=', root), eb('sign_in_id', '=', root)]))
        .where('revoked_at', 'is', null)
        .execute();
      return true;
    },

    async deleteExpired(now: Date) {
      await db
        .deleteFrom('sessions')
        .where(sql<boolean>`expires_at < ${now} - interval '30 days'`)
        .execute();
    },
  };
}

export type SessionRepository = ReturnType<typeof sessionRepository>;
