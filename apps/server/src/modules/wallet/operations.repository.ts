// SQL for the operator console's wallet screens: deposits and withdrawals lists (with the
// investor's account, read-only), network settings changes, and today's figures.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ListQuery } from '../../db/list-query.ts';
import type { NetworkSettingsTable } from '../../db/schema.ts';
import type { Updateable } from 'kysely';
import type { Network } from './networks.ts';
import { AWAITING_REVIEW, RELEASED_STATES } from './withdrawal.states.ts';

export function walletOperationsRepository(db: Db) {
  const deposits = () =>
    db
      .selectFrom('deposits as d')
      .innerJoin('users as u', 'u.id', 'd.user_id')
      .innerJoin('network_settings as n', 'n.network', 'd.network');
  const withdrawals = () =>
    db.selectFrom('withdrawals as w').innerJoin('users as u', 'u.id', 'w.user_id');
  const depositColumns = [
    'd.id',
    'd.user_id',
    'u.account',
    'd.network',
    'd.tx_hash',
    'd.log_index',
    'd.block_number',
    'd.from_address',
    'd.to_address',
    'd.amount',
    'd.status',
    'd.confirmations',
    'n.confirmations as required_confirmations',
    'd.created_at',
    'd.credited_at',
  ] as const;
  return {
    async deposits(query: ListQuery) {
      let q = deposits();
      const f = query.filters;
      if (f.network !== undefined) q = q.where('d.network', '=', String(f.network));
      if (f.status !== undefined) q = q.where('d.status', '=', f.status as 'pending');
      if (f.user_id !== undefined) q = q.where('d.user_id', '=', String(f.user_id));
      if (query.q)
        q = q.where('d.tx_hash', 'like', `${query.q.toLowerCase().replace(/[\\%_]/g, '')}%`);
      const column =
        query.sort === 'amount'
          ? 'd.amount'
          : query.sort === 'created_at'
            ? 'd.created_at'
            : 'd.id';
      const [rows, count] = await Promise.all([
        q
          .select(depositColumns)
          .orderBy(column, query.order)
          .orderBy('d.id', query.order)
          .limit(query.limit)
          .offset((query.page - 1) * query.limit)
          .execute(),
        q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
    deposit: (id: string) =>
      deposits().select(depositColumns).where('d.id', '=', id).executeTakeFirst(),

    async withdrawals(query: ListQuery) {
      let q = withdrawals();
      const f = query.filters;
      if (f.network !== undefined) q = q.where('w.network', '=', String(f.network));
      if (f.status !== undefined) q = q.where('w.status', '=', f.status as 'approved');
      if (f.user_id !== undefined) q = q.where('w.user_id', '=', String(f.user_id));
      if (f.awaiting === 'first') {
        q = q.where('w.status', '=', AWAITING_REVIEW).where('w.first_approved_by', 'is', null);
      } else if (f.awaiting === 'second') {
        q = q.where('w.status', '=', AWAITING_REVIEW).where('w.first_approved_by', 'is not', null);
      }
      const column =
        query.sort === 'amount'
          ? 'w.amount'
          : query.sort === 'created_at'
            ? 'w.created_at'
            : 'w.id';
      const [rows, count] = await Promise.all([
        q
          .selectAll('w')
          .select('u.account')
          .orderBy(column, query.order)
          .orderBy('w.id', query.order)
          .limit(query.limit)
          .offset((query.page - 1) * query.limit)
          .execute(),
        q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
    withdrawal: (id: string) =>
      withdrawals().selectAll('w').select('u.account').where('w.id', '=', id).executeTakeFirst(),

    /**
     * What a reviewer weighs beside one withdrawal: the investor's money in and out so far
     * (this withdrawal left out) and how this destination has been used before.
     */
    async reviewHistory(w: { id: string; user_id: string; network: string; address: string }) {
      const address = w.address.toLowerCase();
      const [deposited, withdrawn, saved, mine, anyone] = await Promise.all([
        db
          .selectFrom('deposits')
          .select((eb) => [
            eb.fn.countAll<string>().as('count'),
            eb.fn.coalesce(eb.fn.sum<string>('amount'), sql<string>`0`).as('total'),
            eb.fn.min<Date>('created_at').as('first_at'),
          ])
          .where('user_id', '=', w.user_id)
          .where('status', '=', 'credited')
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('withdrawals')
          .select((eb) => [
            eb.fn.countAll<string>().as('count'),
            eb.fn.coalesce(eb.fn.sum<string>('amount'), sql<string>`0`).as('total'),
            eb.fn.coalesce(eb.fn.max<string>('amount'), sql<string>`0`).as('largest'),
          ])
          .where('user_id', '=', w.user_id)
          .where('status', '=', 'confirmed')
          .where('id', '<>', w.id)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('withdrawal_addresses')
          .select(['address', 'created_at'])
          .where('user_id', '=', w.user_id)
          .where('network', '=', w.network)
          .executeTakeFirst(),
        db
          .selectFrom('withdrawals')
          .select((eb) => eb.fn.min<Date>('created_at').as('first_at'))
          .where('user_id', '=', w.user_id)
          .where(sql<string>`lower(address)`, '=', address)
          .where('id', '<>', w.id)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('withdrawals')
          .select((eb) => [
            eb.fn.min<Date>('created_at').as('first_at'),
            sql<string>`count(distinct user_id) filter (where user_id <> ${w.user_id})`.as(
              'others',
            ),
          ])
          .where(sql<string>`lower(address)`, '=', address)
          .where('id', '<>', w.id)
          .executeTakeFirstOrThrow(),
      ]);
      return {
        deposited,
        withdrawn,
        savedAt:
          saved && saved.address.toLowerCase() === address ? new Date(saved.created_at) : null,
        firstUseByInvestor: mine.first_at ? new Date(mine.first_at) : null,
        firstUseByAnyone: anyone.first_at ? new Date(anyone.first_at) : null,
        otherInvestors: Number(anyone.others),
      };
    },

    networks: () => db.selectFrom('network_settings').selectAll().orderBy('network').execute(),
    updateNetwork: (network: Network, values: Updateable<NetworkSettingsTable>) =>
      db
        .updateTable('network_settings')
        .set({ ...values, updated_at: new Date() })
        .where('network', '=', network)
        .returningAll()
        .executeTakeFirst(),

    /** Today's figures; demo investors' (decision 111d) are no customer's and left out. */
    async today(since: Date) {
      const real = sql`user_id not in (select id from users where demo)`;
      const released = sql.join(RELEASED_STATES);
      const row = await db
        .selectNoFrom([
          sql<string>`(select count(*)::text from deposits where status = 'credited' and credited_at >= ${since} and ${real})`.as(
            'deposit_count',
          ),
          sql<string>`(select coalesce(sum(amount), 0)::text from deposits where status = 'credited' and credited_at >= ${since} and ${real})`.as(
            'deposit_amount',
          ),
          sql<string>`(select count(*)::text from withdrawals where created_at >= ${since} and status not in (${released}) and ${real})`.as(
            'withdrawal_count',
          ),
          sql<string>`(select coalesce(sum(amount), 0)::text from withdrawals where created_at >= ${since} and status not in (${released}) and ${real})`.as(
            'withdrawal_amount',
          ),
          sql<string>`(select count(*)::text from withdrawals where status = ${AWAITING_REVIEW})`.as(
            'pending',
          ),
          sql<string>`(select count(*)::text from withdrawals where status = ${AWAITING_REVIEW} and first_approved_by is not null)`.as(
            'awaiting_second',
          ),
        ])
        .executeTakeFirstOrThrow();
      return row;
    },
  };
}

export type WalletOperationsRepository = ReturnType<typeof walletOperationsRepository>;
