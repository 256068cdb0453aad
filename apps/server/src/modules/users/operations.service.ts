// What operators do to investor accounts (console and CLI): the list and detail with
// balances, freezing sign-in (which also ends every session) or withdrawals.
import { formatAmount } from '@olive/protocol';
import { AppError } from '../../errors.ts';
import type { ListQuery } from '../../db/list-query.ts';
import type { SessionService } from '../auth/session.service.ts';
import type { UserRepository } from './user.repository.ts';

type Row = {
  id: string;
  /** A seeded demo investor (decision 111d): the console marks it "Demo". */
  demo: boolean;
  account: string;
  account_kind: 'email' | 'phone';
  nickname: string;
  status: 'active' | 'frozen';
  withdrawals_frozen: boolean;
  inviter_id: string | null;
  created_at: Date;
};

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export function userOperations(deps: { users: UserRepository; sessions: SessionService }) {
  const { users, sessions } = deps;
  const record = (r: Row) => ({
    id: r.id,
    demo: r.demo,
    account: r.account,
    account_kind: r.account_kind,
    nickname: r.nickname,
    status: r.status,
    withdrawals_frozen: r.withdrawals_frozen,
    inviter_id: r.inviter_id,
    created_at: r.created_at.toISOString(),
  });
  async function found(id: string) {
    const row = await users.findById(id);
    if (!row) throw new AppError('admin.not_found', {}, { field: 'id' });
    return row;
  }
  return {
    record,
    async list(query: ListQuery) {
      const { rows, total, exact } = await users.operatorList(query);
      return {
        list: rows.map((r) => ({ ...record(r), balance: formatAmount(BigInt(r.balance)) })),
        total,
        total_exact: exact,
      };
    },
    async get(id: string) {
      return record(await found(id));
    },
    /** Sign-in: the account cannot sign in and its sessions end. Withdrawals: refused. */
    async setFrozen(id: string, scope: 'sign_in' | 'withdrawals', frozen: boolean) {
      const before = record(await found(id));
      const row =
        scope === 'sign_in'
          ? await users.setStatus(id, frozen ? 'frozen' : 'active')
          : await users.setWithdrawalsFrozen(id, frozen);
      if (!row) throw new AppError('admin.not_found', {}, { field: 'id' });
      if (scope === 'sign_in' && frozen) await sessions.revokeAll(id);
      return { before, after: record(row) };
    },
    /** The investor's sessions in use, newest first (the console's user page). */
    async sessions(id: string) {
      await found(id);
      const rows = await sessions.active(id);
      return rows.map((r) => ({
        id: r.id,
        signed_in_at: iso(r.signed_in_at),
        last_seen_at: iso(r.last_seen_at),
        expires_at: iso(r.expires_at),
        ip: r.ip ?? '',
        user_agent: r.user_agent ?? '',
      }));
    },
    /** The investor's latest sign-ins with where from (IP) and on what (user agent). */
    async signIns(id: string) {
      await found(id);
      const rows = await sessions.signIns(id, 20);
      return rows.map((r) => ({
        id: r.id,
        at: iso(r.created_at),
        ip: r.ip ?? '',
        user_agent: r.user_agent ?? '',
      }));
    },
    /** Ends one of the investor's sessions (an operator's "End session"). */
    async endSession(id: string, sessionId: string) {
      await found(id);
      if (!(await sessions.revokeSignIn(id, sessionId))) {
        throw new AppError('admin.not_found', {}, { field: 'session_id' });
      }
    },
    /** Ends every session of the investor; how many were in use. */
    async endAllSessions(id: string) {
      await found(id);
      const ended = (await sessions.active(id)).length;
      await sessions.revokeAll(id);
      return ended;
    },
    /** When the investor last changed their password and fund password (the holds they set). */
    async changes(id: string) {
      const row = await found(id);
      return {
        password_changed_at: row.password_changed_at ? new Date(row.password_changed_at) : null,
        fund_password_changed_at: row.fund_password_changed_at
          ? new Date(row.fund_password_changed_at)
          : null,
      };
    },
    counts: (since: Date) => users.counts(since),
    /** Which of these users are demo investors, for the console's "Demo" mark. */
    demoAmong: (ids: readonly string[]) => users.demoAmong(ids),
  };
}

export type UserOperations = ReturnType<typeof userOperations>;
