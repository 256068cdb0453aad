// SQL of the admin module: operators, their sessions and the audit log (append-only:
// only inserts and reads here, and the database refuses anything else).
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AdminAuditTable, OperatorsTable } from '../../db/schema.ts';
import type { ListQuery } from '../../db/list-query.ts';
import { applyList } from '../../db/list-query.ts';

export function operatorRepository(db: Db) {
  return {
    db,
    byEmail: (email: string) =>
      db.selectFrom('operators').selectAll().where('email', '=', email).executeTakeFirst(),
    byId: (id: string) =>
      db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst(),
    insert: (row: Insertable<OperatorsTable>) =>
      db.insertInto('operators').values(row).returningAll().executeTakeFirstOrThrow(),
    update: (id: string, values: Partial<Insertable<OperatorsTable>>) =>
      db
        .updateTable('operators')
        .set(values)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),
    /** A pending secret can be replaced only while TOTP is not enabled. */
    savePendingSecret: async (id: string, secret: string) =>
      (
        await db
          .updateTable('operators')
          .set({ totp_secret: secret })
          .where('id', '=', id)
          .where('totp_enabled_at', 'is', null)
          .executeTakeFirst()
      ).numUpdatedRows === 1n,
    enableTotp: async (id: string, at: Date) =>
      (
        await db
          .updateTable('operators')
          .set({ totp_enabled_at: at })
          .where('id', '=', id)
          .where('totp_enabled_at', 'is', null)
          .where('totp_secret', 'is not', null)
          .executeTakeFirst()
      ).numUpdatedRows === 1n,
    /** Spends a TOTP time step: a code (or an earlier one) is accepted once. */
    claimStep: async (id: string, step: number) =>
      (
        await db
          .updateTable('operators')
          .set({ totp_last_step: String(step) })
          .where('id', '=', id)
          .where('totp_last_step', '<', String(step))
          .executeTakeFirst()
      ).numUpdatedRows === 1n,
    async list(query: ListQuery) {
      let q = db.selectFrom('operators');
      if (query.filters.role) q = q.where('role', '=', query.filters.role as never);
      if (query.filters.status) q = q.where('status', '=', query.filters.status as never);
      if (query.q) q = q.where('email', 'like', `${escapeLike(query.q.toLowerCase())}%`);
      const [rows, total] = await Promise.all([
        applyList(q.selectAll(), query, {
          id: 'id',
          email: 'email',
          created_at: 'created_at',
        }).execute(),
        q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    // Sessions
    insertSession: (row: {
      operator_id: string;
      token_hash: Buffer;
      created_at: Date;
      last_seen_at: Date;
      expires_at: Date;
      ip: string | null;
      user_agent: string | null;
    }) => db.insertInto('operator_sessions').values(row).returning('id').executeTakeFirstOrThrow(),
    /** Resolves a live session and refreshes its inactivity timer in the same statement. */
    touchSession: (tokenHash: Buffer, now: Date, idleSince: Date) =>
      db
        .updateTable('operator_sessions')
        .set({ last_seen_at: now })
        .where('token_hash', '=', tokenHash)
        .where('ended_at', 'is', null)
        .where('expires_at', '>', now)
        .where('last_seen_at', '>', idleSince)
        .returning(['id', 'operator_id'])
        .executeTakeFirst(),
    sessionsOf: (operatorId: string, now: Date, idleSince: Date) =>
      db
        .selectFrom('operator_sessions')
        .select(['id', 'created_at', 'last_seen_at', 'expires_at', 'ip', 'user_agent'])
        .where('operator_id', '=', operatorId)
        .where('ended_at', 'is', null)
        .where('expires_at', '>', now)
        .where('last_seen_at', '>', idleSince)
        .orderBy('id', 'desc')
        .limit(100)
        .execute(),
    endSession: async (operatorId: string, sessionId: string, now: Date) =>
      (
        await db
          .updateTable('operator_sessions')
          .set({ ended_at: now })
          .where('id', '=', sessionId)
          .where('operator_id', '=', operatorId)
          .where('ended_at', 'is', null)
          .executeTakeFirst()
      ).numUpdatedRows === 1n,
    endSessionsOf: (operatorId: string, now: Date, exceptId?: string) => {
      let q = db
        .updateTable('operator_sessions')
        .set({ ended_at: now })
        .where('operator_id', '=', operatorId)
        .where('ended_at', 'is', null);
      if (exceptId) q = q.where('id', '<>', exceptId);
      return q.execute();
    },

    // Audit
    audit: (
      row: Omit<Insertable<AdminAuditTable>, 'before' | 'after'> & {
        before?: unknown;
        after?: unknown;
      },
    ) =>
      db
        .insertInto('admin_audit')
        .values({
          ...row,
          before: row.before === undefined ? null : JSON.stringify(row.before),
          after: row.after === undefined ? null : JSON.stringify(row.after),
        })
        .execute(),
    async auditList(query: ListQuery) {
      let q = db.selectFrom('admin_audit');
      const f = query.filters;
      if (f.operator_id) q = q.where('operator_id', '=', String(f.operator_id));
      if (f.action) q = q.where('action', '=', String(f.action));
      if (f.outcome) q = q.where('outcome', '=', f.outcome as never);
      if (f.target) q = q.where('target', '=', String(f.target));
      if (f.from) q = q.where('at', '>=', new Date(String(f.from)));
      if (f.to) q = q.where('at', '<', new Date(String(f.to)));
      if (query.q) q = q.where('target', 'like', `${escapeLike(query.q)}%`);
      const [rows, total] = await Promise.all([
        applyList(q.selectAll(), query, { id: 'id' }).execute(),
        q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },
    /** The latest done audit rows of one action on one target, newest first. */
    latestAudit: (target: string, action: string, limit = 10) =>
      db
        .selectFrom('admin_audit')
        .selectAll()
        .where('target', '=', target)
        .where('action', '=', action)
        .where('outcome', '=', 'done')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),
    auditById: (id: string) =>
      db.selectFrom('admin_audit').selectAll().where('id', '=', id).executeTakeFirst(),
  };
}

export function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export type OperatorRepository = ReturnType<typeof operatorRepository>;
