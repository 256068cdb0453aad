// SQL for robots, their fills and settlements, PnL snapshots, the leaderboard, and the
// two ledger balances a robot holds (read inside the transaction that moves them).
import { sql, type ExpressionBuilder, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import { preparedRead } from '../../db/prepared.ts';
import { BALANCE_CHANNEL } from '../../db/user-cache.ts';
import type { ListQuery } from '../../db/list-query.ts';
import type { Database, RobotStatus, RobotsTable, RobotTradesTable } from '../../db/schema.ts';

export type RobotRow = Selectable<RobotsTable>;

const HOUR_MS = 3_600_000;
/** Snapshots older than this keep one an hour (the engine thins them at each new hour). */
export const MINUTE_SNAPSHOTS_FOR_MS = 48 * HOUR_MS;
/**
 * Where a record read at `now` treats snapshots as thinned, whether or not the engine has
 * thinned them yet (decision 199): as far as any thinning within this hour could reach (the
 * hour's end less 48 hours), so every read in the hour sees the same snapshots, whenever
 * the engine's hourly thinning runs.
 */
export const thinnedBefore = (now: Date) =>
  new Date((Math.floor(now.getTime() / HOUR_MS) + 1) * HOUR_MS - MINUTE_SNAPSHOTS_FOR_MS);
/** The snapshots a record reads (`t` is the snapshot's): those thinning at `before` keeps. */
const unthinned = (before: Date) => sql<boolean>`(t >= ${before} or date_trunc('hour', t) = t)`;
/** A snapshot's drawdown from the peak so far: the one expression every read uses. */
const drawdown = sql`(equity - peak)::numeric / nullif(peak, 0)`;
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

/** `reads`: where the leaderboard and the console's list are read (a replica may serve them). */
/** A leaderboard row as both leaderboards (quanrank's periods, issue 32's) show it. */
export interface RankedRobot {
  id: string;
  /** The owner, to mark the reader's own rows. */
  user_id: string;
  nickname: string;
  demo: boolean;
  market: string;
  direction: string;
  principal: string;
  started_at: Date;
  ended_at: Date | null;
  gain: string;
}

/**
 * Told of the users whose robots' rows changed, so what quaninfo keeps of them is dropped
 * here and announced to the other processes (the balance cache's channel: a robot's figures
 * are its owner's). A transaction of ours is joined (`joinCommit`): what is touched in it,
 * row writes and the ledger's posts, is announced once by `committed` after it commits;
 * a write in anyone else's transaction is announced now and a second later.
 */
export interface RobotWrites {
  touched(userIds: Iterable<string>, done?: boolean, trx?: object): void;
  joinCommit(trx: object, users: Set<string>): void;
  committed(userIds: Iterable<string>): void;
}

export function robotRepository(db: Db, reads: Db = db, writes?: RobotWrites) {
  async function changed(trx: Db, userIds: (string | null | undefined)[]) {
    const ids = userIds.filter((id): id is string => !!id);
    if (ids.length === 0) return;
    // No cache in this process (the command line): announced in SQL, delivered at commit,
    // in a transaction of ours too.
    if (!writes) {
      for (const id of ids) await sql`select pg_notify(${BALANCE_CHANNEL}, ${id})`.execute(trx);
      return;
    }
    // In a transaction of ours: announced once after its commit; otherwise now and again a
    // second later.
    writes.touched(ids, true, trx);
  }
  // Sent for every quaninfo whose robot is not kept (a crowd's robots after their fills):
  // built once, a prepared statement after that (decision 210).
  const figuresRow = preparedRead(db, 'olive_robot_with_figures', (id) =>
    db
      .selectFrom('robots as r')
      .selectAll('r')
      .select((eb) => {
        const held = <A extends string>(kind: 'robot_principal' | 'robot_pnl', alias: A) =>
          eb
            .selectFrom('accounts as a')
            .select('a.balance')
            .whereRef('a.user_id', '=', 'r.user_id')
            .where('a.kind', '=', kind)
            .where('a.subkey', '=', id)
            .limit(1)
            .as(alias);
        return [
          held('robot_principal', 'held_principal'),
          held('robot_pnl', 'held_pnl'),
          eb
            .selectFrom('robots as c')
            .select((c) => c.fn.countAll<string>().as('n'))
            .whereRef('c.copied_from', '=', 'r.id')
            .where('c.status', '<>', 'ended')
            .as('copiers'),
          eb
            .selectFrom('robot_profit_shares as s')
            .select((c) => c.fn.sum<string>('s.amount').as('total'))
            .whereRef('s.leader_robot_id', '=', 'r.id')
            .as('shares_earned'),
        ];
      })
      .where('r.id', '=', id),
  );
  /** The leader's owner when `copied_from` names one: its copier count is theirs to see. */
  const leaderUser = (eb: ExpressionBuilder<Database, 'robots'>) =>
    eb
      .selectFrom('robots as l')
      .select('l.user_id')
      .whereRef('l.id', '=', 'robots.copied_from')
      .as('leader_user_id');
  return {
    /**
     * A transaction whose robot writes, and the ledger's posts in it, are announced once,
     * after it commits (every write of a robot's row goes through `insert`, `update` or
     * `setDisabled` here). A fill is one drop in every other process, not one now and one
     * a second later.
     */
    async transaction<T>(run: (trx: Db) => Promise<T>): Promise<T> {
      const users = new Set<string>();
      try {
        return await db.transaction().execute((trx) => {
          writes?.joinCommit(trx, users);
          return run(trx);
        });
      } finally {
        // Also after an error: a commit whose reply was lost (the connection dropped) may
        // have committed; announcing a rollback's users only reads them again.
        if (users.size > 0) writes?.committed(users);
      }
    },

    /** The console's robots list (with the owner's account, read-only). */
    async operatorList(query: ListQuery) {
      let q = reads.selectFrom('robots as r').innerJoin('users as u', 'u.id', 'r.user_id');
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
    /** Running robots by market, customers' apart from the demo investors' (issue 11). */
    async runningByMarket() {
      const rows = await db
        .selectFrom('robots')
        .innerJoin('users', 'users.id', 'robots.user_id')
        .select(['robots.market', 'users.demo', (eb) => eb.fn.countAll<string>().as('n')])
        .where('robots.status', '=', 'running')
        .groupBy(['robots.market', 'users.demo'])
        .execute();
      const customers = new Map<string, number>();
      const demo = new Map<string, number>();
      for (const r of rows) (r.demo ? demo : customers).set(r.market, Number(r.n));
      return { customers, demo };
    },
    db,

    async insert(trx: Db, values: Insertable<RobotsTable>) {
      const row = await trx
        .insertInto('robots')
        .values(values)
        .returning((eb) => ['id', 'user_id', leaderUser(eb)])
        .executeTakeFirstOrThrow();
      await changed(trx, [row.user_id, row.leader_user_id]);
      return row.id;
    },

    byId(id: string, trx: Db = db) {
      return trx.selectFrom('robots').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * quaninfo's reads in one statement (issue 33): the robot, what the ledger holds for it
     * (as `balances`) and its copy figures (as `copyStats`). Undefined when no such robot.
     */
    async withFigures(id: string) {
      const [row] = await figuresRow(id);
      if (!row) return undefined;
      const { held_principal, held_pnl, copiers, shares_earned, ...robot } = row;
      return {
        robot: robot as RobotRow,
        held: { principal: BigInt(held_principal ?? '0'), pnl: BigInt(held_pnl ?? '0') },
        stats: { copiers: Number(copiers ?? 0), earned: BigInt(shares_earned ?? '0') },
      };
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
      const row = await trx
        .updateTable('robots')
        .set({ ...changes, version: sql`version + 1` })
        .where('id', '=', id)
        .returning((eb) => ['user_id', leaderUser(eb)])
        .executeTakeFirst();
      if (row) await changed(trx, [row.user_id, row.leader_user_id]);
    },

    async setDisabled(id: string, disabled: boolean, now: Date) {
      const row = await db
        .updateTable('robots')
        .set({ disabled, updated_at: now, version: sql`version + 1` })
        .where('id', '=', id)
        .returning((eb) => ['id', 'status', 'disabled', 'user_id', leaderUser(eb)])
        .executeTakeFirst();
      if (!row) return null;
      await changed(db, [row.user_id, row.leader_user_id]);
      return { id: row.id, status: row.status, disabled: row.disabled };
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

    /**
     * The engine's one look a tick: every running robot's id and version, and every robot
     * waiting for its trigger price (with that price), in one query.
     */
    async liveVersions(only?: ReadonlySet<string>) {
      const columns = [
        'id',
        'version',
        'status',
        'market',
        'disabled',
        'trigger_price',
        'trigger_above',
      ] as const;
      // The demo's replay asks for its own few robots only, by id: it ticks hundreds of
      // times in a row, and reading every running robot at each tick cost seconds at
      // 20,000 of them (issue 33).
      if (only) {
        if (only.size === 0) return [];
        return db
          .selectFrom('robots')
          .select(columns)
          .where('id', 'in', [...only])
          .where('status', 'in', ['running', 'waiting'])
          .execute();
      }
      // Two selects, each on its partial index (robots_running_idx, robots_waiting_idx):
      // `status in (...)` could not use either and would scan every robot ever made.
      return db
        .selectFrom('robots')
        .select(columns)
        .where('status', '=', 'running')
        .unionAll(db.selectFrom('robots').select(columns).where('status', '=', 'waiting'))
        .execute();
    },

    /**
     * What moved since the engine's memory (issue 33): the running robots it does not hold
     * at the version it holds (new or changed), the ids it holds that no longer run (gone:
     * `status` null), and every waiting robot. The database compares, so a second's
     * reconcile of 20,000 unchanged robots returns no row of theirs: reading them all every
     * second was most of the engine's cost. `known`: the held ids and versions, in order.
     */
    async liveChanges(known: { ids: string[]; versions: number[] }) {
      const { rows } = await sql<{
        id: string;
        version: number;
        status: RobotStatus | null;
        market: string;
        disabled: boolean;
        trigger_price: string | null;
        trigger_above: boolean | null;
      }>`
        with known as (
          select * from unnest(${`{${known.ids.join(',')}}`}::bigint[],
                               ${`{${known.versions.join(',')}}`}::int[]) as k (id, version)
        )
        select coalesce(r.id, k.id)::text as id, coalesce(r.version, k.version) as version,
               r.status, r.market, r.disabled, r.trigger_price::text, r.trigger_above
        from (select id, version, status, market, disabled, trigger_price, trigger_above
              from robots where status = 'running') r
        full join known k on k.id = r.id
        where r.id is null or k.id is null or k.version <> r.version
        union all
        select id::text, version, status, market, disabled, trigger_price::text, trigger_above
        from robots where status = 'waiting'
      `.execute(db);
      return rows;
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

    /** The minute of each robot's newest snapshot: the last tick the engine stored. */
    async lastSnapshotAt(robotIds: string[]) {
      if (robotIds.length === 0) return new Map<string, Date>();
      const rows = await db
        .selectFrom('robot_pnl_snapshots')
        .select(['robot_id', (eb) => eb.fn.max('t').as('t')])
        .where('robot_id', 'in', robotIds)
        .groupBy('robot_id')
        .execute();
      return new Map(rows.map((r) => [r.robot_id, new Date(r.t)]));
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

    /**
     * Running robots' snapshots newer than the one each was last read at, up to `until`, in
     * one statement (issue 33): a record kept in memory moves on by these instead of being
     * read again. `dd` is each snapshot's drawdown from the peak so far, computed exactly as
     * `history` computes it, so the two agree.
     */
    async snapshotsSince(
      robots: { id: string; since: Date | null; principal: bigint; peak: bigint | null }[],
      until: Date,
      thinnedBefore: Date,
    ) {
      if (robots.length === 0) return [];
      const col = <T>(f: (r: (typeof robots)[number]) => T) => robots.map(f);
      const { rows } = await sql<{
        robot_id: string;
        t: Date;
        day: Date;
        pnl: string;
        dd: string | null;
      }>`
        select robot_id::text, t, day, pnl::text, (${drawdown})::text as dd
        from (
          select s.robot_id, s.t, date_trunc('day', s.t) as day, s.pnl, k.principal + s.pnl as equity,
                 greatest(k.peak, max(k.principal + s.pnl) over (partition by s.robot_id order by s.t)) as peak
          from unnest(${col((r) => r.id)}::bigint[], ${col((r) => r.since)}::timestamptz[],
                      ${col((r) => String(r.principal))}::bigint[],
                      ${col((r) => (r.peak === null ? null : String(r.peak)))}::bigint[])
               as k (id, since, principal, peak)
          join robot_pnl_snapshots s
            on s.robot_id = k.id and s.t > coalesce(k.since, '-infinity') and s.t <= ${until}
            and ${unthinned(thinnedBefore)}
        ) x
        order by robot_id, t
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
      const { rows } = await sql<RankedRobot>`
        select r.id::text, r.user_id::text, u.nickname, u.demo, r.market, r.direction,
               r.principal::text,
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
      `.execute(reads);
      return rows;
    },

    // --- copy trading and track records (issue 32, decisions 150 and 151) ---

    /** A robot anyone may copy: running, and public or a demo investor's (decision 111d). */
    copyable(id: string) {
      return db
        .selectFrom('robots as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .selectAll('r')
        .select('u.demo')
        .where('r.id', '=', id)
        .where('r.status', '=', 'running')
        .where((eb) => eb.or([eb('r.public', '=', true), eb('u.demo', '=', true)]))
        .executeTakeFirst();
    },

    /** A robot's copies, newest first, with their owners' nicknames (to be masked). */
    async copiers(robotId: string, page: number, limit: number) {
      const base = db
        .selectFrom('robots as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .where('r.copied_from', '=', robotId);
      const [rows, count] = await Promise.all([
        base
          .select([
            'r.id',
            'u.nickname',
            'r.status',
            'r.copy_share_pct',
            'r.shares_paid',
            'r.started_at',
          ])
          .orderBy('r.id', 'desc')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** Per robot: its copies not ended, and the shares its copies paid its owner. */
    async copyStats(robotIds: string[]) {
      const result = new Map<string, { copiers: number; earned: bigint }>();
      for (const id of robotIds) result.set(id, { copiers: 0, earned: 0n });
      if (robotIds.length === 0) return result;
      const [copies, shares] = await Promise.all([
        db
          .selectFrom('robots')
          .select(['copied_from', (eb) => eb.fn.countAll<string>().as('n')])
          .where('copied_from', 'in', robotIds)
          .where('status', '<>', 'ended')
          .groupBy('copied_from')
          .execute(),
        db
          .selectFrom('robot_profit_shares')
          .select(['leader_robot_id', (eb) => eb.fn.sum<string>('amount').as('total')])
          .where('leader_robot_id', 'in', robotIds)
          .groupBy('leader_robot_id')
          .execute(),
      ]);
      for (const c of copies) result.get(c.copied_from!)!.copiers = Number(c.n);
      for (const s of shares) result.get(s.leader_robot_id)!.earned = BigInt(s.total);
      return result;
    },

    /**
     * What a robot's record reads, in one statement (issue 33: it was six round trips per
     * robot and minute). From its snapshots (its own fills marked at the price): the deepest
     * fall of principal + cumulative earnings from its running peak, the last cumulative
     * earnings of each UTC day (oldest first), the cumulative earnings at `end` and at each
     * of `from` (the last snapshot at or before it; null: 0, the robot's start). Then the
     * market's close at its start (`firstClose`: a robot started before 0160 kept no start
     * price) and the price its stop closed at (`stopped`).
     */
    async history(options: {
      robotId: string;
      principal: bigint;
      end: Date;
      from: (Date | null)[];
      firstClose: { market: string; at: Date } | null;
      stopped: boolean;
      /** `thinnedBefore(now)`: the read is the same whether the hour's thinning has run. */
      thinnedBefore: Date;
    }) {
      const { robotId, principal } = options;
      const visible = unthinned(options.thinnedBefore);
      const pnlAt = (at: Date) => sql<string>`(
        select pnl::text from robot_pnl_snapshots
        where robot_id = ${robotId} and t <= ${at} and ${visible} order by t desc limit 1)`;
      const first = options.firstClose;
      const { rows } = await sql<{
        dd: string | null;
        days: { day: string; pnl: string }[];
        now_pnl: string | null;
        now_t: Date | null;
        max_pnl: string | null;
        then: (string | null)[];
        first: string | null;
        stop_price: string | null;
      }>`
        select
          (select min(${drawdown})::text from (
            select ${principal}::bigint + pnl as equity,
                   max(${principal}::bigint + pnl) over (order by t) as peak
            from robot_pnl_snapshots where robot_id = ${robotId} and ${visible}
          ) s) as dd,
          (select coalesce(json_agg(json_build_object('day', day, 'pnl', pnl) order by day), '[]')
           from (
            select distinct on (date_trunc('day', t)) date_trunc('day', t) as day, pnl::text as pnl
            from robot_pnl_snapshots where robot_id = ${robotId} and ${visible}
            order by date_trunc('day', t), t desc
          ) d) as days,
          ${pnlAt(options.end)} as now_pnl,
          (select t from robot_pnl_snapshots
           where robot_id = ${robotId} and t <= ${options.end} and ${visible}
           order by t desc limit 1) as now_t,
          (select max(pnl)::text from robot_pnl_snapshots
           where robot_id = ${robotId} and ${visible}) as max_pnl,
          array[${sql.join(options.from.map((at) => (at ? pnlAt(at) : sql`null::text`)))}]::text[] as then,
          ${
            first
              ? sql`(select close::text from market_candles where market = ${first.market}
                     and t <= ${first.at} order by t desc limit 1)`
              : sql`null::text`
          } as first,
          ${
            options.stopped
              ? sql`(select price::text from robot_trades where robot_id = ${robotId}
                     and kind = 'stop' limit 1)`
              : sql`null::text`
          } as stop_price
      `.execute(db);
      const row = rows[0]!;
      return {
        series: {
          drawdown: row.dd,
          days: row.days.map((d) => ({ day: new Date(d.day), pnl: d.pnl })),
        },
        nowPnl: BigInt(row.now_pnl ?? '0'),
        /** The newest snapshot read, and the highest equity (principal + PnL) so far. */
        seen: row.now_t === null ? null : new Date(row.now_t),
        peak: row.max_pnl === null ? null : BigInt(options.principal) + BigInt(row.max_pnl),
        then: row.then.map((pnl) => BigInt(pnl ?? '0')),
        first: row.first === null ? null : BigInt(row.first),
        stopPrice: row.stop_price === null ? null : BigInt(row.stop_price),
      };
    },

    /**
     * The leaderboard (decision 151): robots that have run at least a day (a stopped one
     * for a day before its stop) and ran during the period, with the change of their cumulative earnings since its start over their
     * principal, their deepest drawdown and their copies; sorted by one of the three.
     */
    async leaderboard(options: {
      since: Date;
      startedBefore: Date;
      /** `thinnedBefore(now)`: drawdowns from the snapshots a robot's own page reads. */
      thinnedBefore: Date;
      sort: 'roi' | 'drawdown' | 'copiers';
      limit: number;
    }) {
      const order =
        options.sort === 'copiers'
          ? sql`copiers desc, roi desc`
          : options.sort === 'drawdown'
            ? sql`max_drawdown desc, roi desc`
            : sql`roi desc`;
      const { rows } = await sql<{
        id: string;
        user_id: string;
        nickname: string;
        demo: boolean;
        public: boolean;
        profit_share_pct: number;
        market: string;
        direction: string;
        principal: string;
        started_at: Date;
        ended_at: Date | null;
        gain: string;
        max_drawdown: string;
        copiers: string;
      }>`
        select * from (
          select r.id::text, r.user_id::text, u.nickname, u.demo, (r.public or u.demo) as public,
                 r.profit_share_pct, r.market, r.direction, r.principal::text,
                 r.started_at, r.ended_at, (now_pnl.pnl - coalesce(then_pnl.pnl, 0))::text as gain,
                 (now_pnl.pnl - coalesce(then_pnl.pnl, 0))::numeric / r.principal as roi,
                 coalesce(dd.dd, 0) as max_drawdown,
                 (select count(*) from robots c
                  where c.copied_from = r.id and c.status <> 'ended') as copiers
          from robots r
          join users u on u.id = r.user_id
          join lateral (
            select pnl from robot_pnl_snapshots s where s.robot_id = r.id order by t desc limit 1
          ) now_pnl on true
          left join lateral (
            select pnl from robot_pnl_snapshots s
            where s.robot_id = r.id and s.t <= ${options.since} order by t desc limit 1
          ) then_pnl on true
          left join lateral (
            select min(${drawdown}) as dd from (
              select r.principal + pnl as equity, max(r.principal + pnl) over (order by t) as peak
              from robot_pnl_snapshots
              where robot_id = r.id and ${unthinned(options.thinnedBefore)}
            ) s
          ) dd on true
          where r.started_at is not null and r.started_at <= ${options.startedBefore}
            and (r.ended_at is null
                 or (r.ended_at >= ${options.since} and r.ended_at - r.started_at >= interval '1 day'))
        ) ranked
        order by ${order}, id
        limit ${options.limit}
      `.execute(db);
      return rows;
    },
  };
}

export type RobotRepository = ReturnType<typeof robotRepository>;
