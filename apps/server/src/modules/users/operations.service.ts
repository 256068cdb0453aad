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
    counts: (since: Date) => users.counts(since),
    /** Which of these users are demo investors, for the console's "Demo" mark. */
    demoAmong: (ids: readonly string[]) => users.demoAmong(ids),
  };
}

export type UserOperations = ReturnType<typeof userOperations>;
