// SQL for users and their avatars.
import type { Db } from '../../db/database.ts';
import type { Database, UsersTable } from '../../db/schema.ts';
import {
  sql,
  type Insertable,
  type Selectable,
  type SelectQueryBuilder,
  type Updateable,
} from 'kysely';
import type { ListQuery } from '../../db/list-query.ts';
import type { ProfileWrites } from '../../db/user-cache.ts';

/** Counts stop at this many rows; above it an unfiltered list gives the planner's estimate. */
export const EXACT_COUNT_MAX = 10_000;

export function userRepository(db: Db, { changed }: ProfileWrites = {}) {
  return {
    /** By the account it registered with, or by an identifier bound to it later. */
    findByAccount(account: string) {
      return db
        .selectFrom('users')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb('account', '=', account),
            eb(
              'id',
              'in',
              eb.selectFrom('account_aliases').select('user_id').where('account', '=', account),
            ),
          ]),
        )
        .executeTakeFirst();
    },
    findById(id: string) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByInviteCode(code: string) {
      return (
        db
          .selectFrom('users')
          .select(['id'])
          .where('invite_code', '=', code)
          // A demo investor is nobody's upline: no real fee ever earns it a commission.
          .where('demo', '=', false)
          .executeTakeFirst()
      );
    },
    async inviteCodeTaken(code: string) {
      return Boolean(await this.findByInviteCode(code));
    },
    /** Undefined when the account or invite code is already taken (unique violation). */
    async insert(row: Insertable<UsersTable>) {
      return db
        .insertInto('users')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .returning(['id', 'account'])
        .executeTakeFirst();
    },
    async update(id: string, values: Updateable<UsersTable>) {
      await db.updateTable('users').set(values).where('id', '=', id).execute();
      changed?.(id);
    },
    async saveAvatar(userId: string, image: Buffer, etag: string, url: string) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('avatars')
          .values({ user_id: userId, image, etag, updated_at: new Date() })
          .onConflict((oc) =>
            oc.column('user_id').doUpdateSet({ image, etag, updated_at: new Date() }),
          )
          .execute();
        await trx.updateTable('users').set({ avatar: url }).where('id', '=', userId).execute();
      });
      changed?.(userId);
    },
    /**
     * The console's users list: account prefix search (index users_account_prefix_idx)
     * and pages by available balance (index accounts_available_balance_idx: every user
     * has that account from registration on). The balance is read from the ledger's
     * accounts table, read-only (decision 115).
     */
    async operatorList(query: ListQuery) {
      const f = query.filters;
      const prefix = query.q
        ? `${query.q
            .trim()
            .toLowerCase()
            .replace(/[\\%_]/g, (c) => `\\${c}`)}%`
        : null;
      const filtered = <T extends SelectQueryBuilder<Database, 'users', object>>(qb: T): T => {
        let q = qb;
        if (prefix) q = q.where('users.account', 'like', prefix) as T;
        if (f.status !== undefined) q = q.where('users.status', '=', f.status as 'active') as T;
        if (f.withdrawals_frozen !== undefined) {
          q = q.where('users.withdrawals_frozen', '=', Boolean(f.withdrawals_frozen)) as T;
        }
        if (f.inviter_id !== undefined) {
          q = q.where('users.inviter_id', '=', String(f.inviter_id)) as T;
        }
        return q;
      };
      const columns = [
        'users.id',
        'users.demo',
        'users.account',
        'users.account_kind',
        'users.nickname',
        'users.status',
        'users.withdrawals_frozen',
        'users.inviter_id',
        'users.created_at',
      ] as const;
      const offset = (query.page - 1) * query.limit;
      let rows: (Pick<
        Selectable<UsersTable>,
        | 'id'
        | 'demo'
        | 'account'
        | 'account_kind'
        | 'nickname'
        | 'status'
        | 'withdrawals_frozen'
        | 'inviter_id'
        | 'created_at'
      > & { balance: string })[];
      if (query.sort === 'balance') {
        // Walks accounts_available_balance_idx; each user has that account (0090).
        rows = await filtered(db.selectFrom('users'))
          .innerJoin('accounts', (j) =>
            j
              .onRef('accounts.user_id', '=', 'users.id')
              .on('accounts.kind', '=', 'available')
              .on('accounts.user_id', 'is not', null),
          )
          .select([...columns, 'accounts.balance'])
          .orderBy('accounts.balance', query.order)
          .orderBy('accounts.user_id', query.order)
          .limit(query.limit)
          .offset(offset)
          .execute();
      } else {
        const page = await filtered(db.selectFrom('users'))
          .select(columns)
          .orderBy(query.sort === 'created_at' ? 'users.created_at' : 'users.id', query.order)
          .orderBy('users.id', query.order)
          .limit(query.limit)
          .offset(offset)
          .execute();
        const balances = page.length
          ? await db
              .selectFrom('accounts')
              .select(['user_id', 'balance'])
              .where('kind', '=', 'available')
              .where('subkey', '=', '')
              .where('shard', '=', 0)
              .where(
                'user_id',
                'in',
                page.map((r) => r.id),
              )
              .execute()
          : [];
        const byUser = new Map(balances.map((b) => [b.user_id, b.balance]));
        rows = page.map((r) => ({ ...r, balance: byUser.get(r.id) ?? '0' }));
      }
      if (!prefix && Object.keys(f).length === 0) {
        // The whole table: the planner's figure, once it is past what is worth counting.
        const estimate = await sql<{ n: string }>`
          select greatest(reltuples, 0)::bigint::text as n from pg_class where oid = 'users'::regclass
        `.execute(db);
        const n = Number(estimate.rows[0]?.n ?? 0);
        if (n > 2 * EXACT_COUNT_MAX) return { rows, total: n, exact: false };
      }
      const counted = await db
        .selectFrom(
          filtered(db.selectFrom('users'))
            .select(sql`1`.as('one'))
            .limit(EXACT_COUNT_MAX + 1)
            .as('c'),
        )
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      const total = Number(counted.n);
      return { rows, total, exact: total <= EXACT_COUNT_MAX };
    },
    async setStatus(id: string, status: 'active' | 'frozen') {
      return db
        .updateTable('users')
        .set({ status })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },
    async setWithdrawalsFrozen(id: string, frozen: boolean) {
      return db
        .updateTable('users')
        .set({ withdrawals_frozen: frozen })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
    },
    /** Investors, and those new since `since`; demo investors are counted apart. */
    async counts(since: Date) {
      const row = await db
        .selectFrom('users')
        .select((eb) => [
          eb.fn.countAll<string>().filterWhere('demo', '=', false).as('total'),
          eb.fn
            .countAll<string>()
            .filterWhere('demo', '=', false)
            .filterWhere('created_at', '>=', since)
            .as('today'),
          eb.fn.countAll<string>().filterWhere('demo', '=', true).as('demo'),
        ])
        .executeTakeFirstOrThrow();
      return { total: Number(row.total), today: Number(row.today), demo: Number(row.demo) };
    },
    /** Which of these users are demo investors (decision 111d). */
    async demoAmong(ids: readonly string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('users')
        .select('id')
        .where('id', 'in', [...new Set(ids)])
        .where('demo', '=', true)
        .execute();
      return new Set(rows.map((r) => r.id));
    },
    findAvatar(userId: string) {
      return db
        .selectFrom('avatars')
        .select(['image', 'etag'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },
  };
}

export type UserRepository = ReturnType<typeof userRepository>;
