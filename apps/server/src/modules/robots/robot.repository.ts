// SQL for robots, their fills and settlements, PnL snapshots, the leaderboard, and the
// two ledger balances a robot holds (read inside the transaction that moves them).
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ListQuery } from '../../db/list-query.ts';
import type { RobotStatus, RobotsTable, RobotTradesTable } from '../../db/schema.ts';

export type RobotRow = Selectable<RobotsTable>;
export type RobotTradeRow = Selectable<RobotTradesTable>;

export interface NewTrade {
  robot_id: string;
  user_id: string;
  seq: number;
  kind: RobotTradeRow['kind'];
  price: bigint;
  quantity: bigint;
  amount: bigint;
  fee: bigint;
  pnl: bigint;
  created_at: Date;
}

export function robotRepository(db: Db) {
  return {
    /** The console's robots list (with the owner's account, read-only). */
    async operatorList(query: ListQuery) {
      let q = db.selectFrom('robots as r').innerJoin('users as u', 'u.id', 'r.user_id');
      const f = query.filters;
      if (f.user_id !== undefined) q = q.where('r.user_id', '=', String(f.user_id));
      if (f.market !== undefined) q = q.where('r.market', '=', String(f.market));
      if (f.status !== undefined) q = q.where('r.status', '=', f.status as RobotStatus);
      if (f.disabled !== undefined) q = q.where('r.disabled', '=', Boolean(f.disabled));
      const column = query.sort === 'principal' ? 'r.principal' : 'r.id';
      const [rows, count] = await Promise.all([
        q
          .selectAll('r')
          .select('u.account')
          .orderBy(column, query.order)
          .orderBy('r.id', query.order)
          .limit(query.limit)
          .offset((query.page - 1) * query.limit)
          .execute(),
        q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
    operatorShow: (id: string) =>
      db
        .selectFrom('robots as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .selectAll('r')
        .select('u.account')
        .where('r.id', '=', id)
        .executeTakeFirst(),
    async runningByMarket() {
      const rows = await db
        .selectFrom('robots')
        .select(['market', (eb) => eb.fn.countAll<string>().as('n')])
        .where('status', '=', 'running')
        .groupBy('market')
        .execute();
      return new Map(rows.map((r) => [r.market, Number(r.n)]));
    },
    db,

    async insert(trx: Db, values: Insertable<RobotsTable>) {
      const row = await trx
        .insertInto('robots')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    byId(id: string, trx: Db = db) {
      return trx.selectFrom('robots').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The robot if a seeded demo investor runs it (decision 111d): anyone may look. */
    demoRobot(id: string) {
      return db
        .selectFrom('robots')
        .selectAll('robots')
        .where('robots.id', '=', id)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('users')
              .select('users.id')
              .whereRef('users.id', '=', 'robots.user_id')
              .where('users.demo', '=', true),
          ),
        )
        .executeTakeFirst();
    },

    /** The row locked until the transaction ends: API actions and the engine queue here. */
    lock(trx: Db, id: string) {
      return trx
        .selectFrom('robots')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Writes the changes and moves the version on, so the engine sees the robot changed. */
    async update(
      trx: Db,
      id: string,
      changes: Partial<Omit<RobotRow, 'id' | 'version' | 'user_id'>>,
    ) {
      await trx
        .updateTable('robots')
        .set({ ...changes, version: sql`version + 1` })
        .where('id', '=', id)
        .execute();
    },

    async setDisabled(id: string, disabled: boolean, now: Date) {
      const row = await db
        .updateTable('robots')
        .set({ disabled, updated_at: now, version: sql`version + 1` })
        .where('id', '=', id)
        .returning(['id', 'status', 'disabled'])
        .executeTakeFirst();
      return row ?? null;
    },

    async listByUser(userId: string, page: number, limit: number, status?: RobotStatus) {
      let base = db.selectFrom('robots').where('user_id', '=', userId);
      if (status) base = base.where('status', '=', status);
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('id', 'desc')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** Every running robot's id and version: what the engine compares its memory with. */
    runningVersions() {
      return db
        .selectFrom('robots')
        .select(['id', 'version'])
        .where('status', '=', 'running')
        .execute();
    },

    runningByIds(ids: string[]) {
      return db
        .selectFrom('robots')
        .selectAll()
        .where('id', 'in', ids)
        .where('status', '=', 'running')
        .execute();
    },

    async insertTrades(trx: Db, trades: NewTrade[]) {
      if (trades.length === 0) return;
      await trx.insertInto('robot_trades').values(trades).execute();
    },

    trades(robotId: string, limit: number) {
      return db
        .selectFrom('robot_trades')
        .selectAll()
        .where('robot_id', '=', robotId)
        .where('kind', 'in', ['buy', 'sell'])
        .orderBy('seq', 'desc')
        .limit(limit)
        .execute();
    },

    /** Every fill and settlement of the user's robots (or one of them), newest first. */
    async log(userId: string, page: number, limit: number, robotId?: string) {
      let base = db
        .selectFrom('robot_trades as t')
        .innerJoin('robots as r', 'r.id', 't.robot_id')
        .where('t.user_id', '=', userId);
      if (robotId) base = base.where('t.robot_id', '=', robotId);
      const [rows, count] = await Promise.all([
        base
          .select([
            't.id',
            't.robot_id',
            'r.market',
            't.kind',
            't.price',
            't.quantity',
            't.amount',
            't.fee',
            't.pnl',
            't.created_at',
          ])
          .orderBy('t.id', 'desc')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** What the robot holds in the ledger: its principal and its unsettled realised PnL. */
    async balances(trx: Db, userId: string, robotId: string) {
      const rows = await trx
        .selectFrom('accounts')
        .select(['kind', 'balance'])
        .where('user_id', '=', userId)
        .where('kind', 'in', ['robot_principal', 'robot_pnl'])
        .where('subkey', '=', robotId)
        .execute();
      const of = (kind: string) => BigInt(rows.find((r) => r.kind === kind)?.balance ?? '0');
      return { principal: of('robot_principal'), pnl: of('robot_pnl') };
    },

    /** The same two balances for many robots of one user (lists), by robot id. */
    async balancesOf(userId: string, robotIds: string[]) {
      const result = new Map<string, { principal: bigint; pnl: bigint }>();
      for (const id of robotIds) result.set(id, { principal: 0n, pnl: 0n });
      if (robotIds.length === 0) return result;
      const rows = await db
        .selectFrom('accounts')
        .select(['kind', 'subkey', 'balance'])
        .where('user_id', '=', userId)
        .where('kind', 'in', ['robot_principal', 'robot_pnl'])
        .where('subkey', 'in', robotIds)
        .execute();
      for (const row of rows) {
        const held = result.get(row.subkey)!;
        if (row.kind === 'robot_principal') held.principal = BigInt(row.balance);
        else held.pnl = BigInt(row.balance);
      }
      return result;
    },

    /** Minute snapshots; `replace` (a robot's final figure at stop) wins over the engine's. */
    async insertSnapshots(
      rows: { robot_id: string; t: Date; pnl: bigint }[],
      trx: Db = db,
      replace = false,
    ) {
      for (let i = 0; i < rows.length; i += 2000) {
        await trx
          .insertInto('robot_pnl_snapshots')
          .values(rows.slice(i, i + 2000))
          .onConflict((oc) =>
            replace
              ? oc.columns(['robot_id', 't']).doUpdateSet((eb) => ({ pnl: eb.ref('excluded.pnl') }))
              : oc.columns(['robot_id', 't']).doNothing(),
          )
          .execute();
      }
    },

    /** The PnL chart: at most `points` snapshots, evenly thinned, oldest first. */
    async pnlSeries(robotId: string, points: number) {
      const { rows } = await sql<{ t: Date; pnl: string }>`
        select t, pnl::text from (
          select t, pnl, row_number() over (order by t) as n, count(*) over () as total
          from robot_pnl_snapshots where robot_id = ${robotId}
        ) s
        where (n - 1) % greatest(1, ceil(total::numeric / ${points})::int) = 0 or n = total
        order by t
      `.execute(db);
      return rows;
    },

    /** Keeps one snapshot an hour of what is older than `before`. */
    async thinSnapshots(before: Date) {
      await db
        .deleteFrom('robot_pnl_snapshots')
        .where('t', '<', before)
        .where(sql<boolean>`date_trunc('hour', t) <> t`)
        .execute();
    },

    /**
     * Leaderboard: robots that ran during the period, by the change of their cumulative
     * earnings since its start (the last snapshot at or before it; 0 for younger robots)
     * over their principal.
     */
    async rank(since: Date, limit: number) {
      const { rows } = await sql<{
        id: string;
        nickname: string;
        demo: boolean;
        market: string;
        direction: string;
        principal: string;
        started_at: Date;
        ended_at: Date | null;
        gain: string;
      }>`
        select r.id::text, u.nickname, u.demo, r.market, r.direction, r.principal::text,
               r.started_at, r.ended_at, (now_pnl.pnl - coalesce(then_pnl.pnl, 0))::text as gain
        from robots r
        join users u on u.id = r.user_id
        join lateral (
          select pnl from robot_pnl_snapshots s where s.robot_id = r.id order by t desc limit 1
        ) now_pnl on true
        left join lateral (
          select pnl from robot_pnl_snapshots s
          where s.robot_id = r.id and s.t <= ${since} order by t desc limit 1
        ) then_pnl on true
        where r.started_at is not null and (r.ended_at is null or r.ended_at >= ${since})
        order by (now_pnl.pnl - coalesce(then_pnl.pnl, 0))::numeric / r.principal desc, r.id
        limit ${limit}
      `.execute(db);
      return rows;
    },
  };
}

export type RobotRepository = ReturnType<typeof robotRepository>;
