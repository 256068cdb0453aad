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
          'users.status',
        ])
        .where('sessions.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    async touch(id: string, now: Date) {
      await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
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

    async deleteExpired(now: Date) {
      await db
        .deleteFrom('sessions')
        .where(sql<boolean>`expires_at < ${now} - interval '30 days'`)
        .execute();
    },
  };
}

export type SessionRepository = ReturnType<typeof sessionRepository>;
