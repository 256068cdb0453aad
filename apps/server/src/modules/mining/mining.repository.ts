// SQL of mining: models and their stock (claimed in one conditional update), rentals,
// payments, each day's inputs (stored once) and the audit's reads. The daily payout's is
// mining.payout.repository.ts.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ListQuery } from '../../db/list-query.ts';
import type { MiningDayInputs } from './feed.ts';
import { paidTerms } from './mining.payout.repository.ts';

export interface ModelRow {
  id: string;
  name: string;
  algorithm: string;
  hash_rate_ghs: string;
  power_w: number;
  price_per_day: string;
  electricity_per_day: string;
  margin_bps: number;
  min_days: number;
  stock: number;
  rented: number;
  enabled: boolean;
}

export interface RentalRow {
  id: string;
  user_id: string;
  model_id: string;
  model_name: string;
  hash_rate_ghs: string;
  electricity_per_day: string;
  price_per_day: string;
  term_days: number;
  days: number;
  starts_on: string;
  ends_on: string;
  started_at: Date;
  expires_at: Date;
  status: 'active' | 'expired';
  auto_renew: boolean;
  cumulative: string;
  paid_days: number;
}

export interface DayRow {
  day: string;
  difficulty: string;
  network_hashrate: string;
  block_reward_sat: string;
  btc_price: string;
  source: string;
  /** The network's period that day, as the source gave it (null: not given). */
  height: number | null;
  epoch_progress_pct: string | null;
  est_change_pct: string | null;
  next_adjustment_at: Date | null;
}

const dayColumns = sql`
  day::text as day, difficulty::text as difficulty, network_hashrate::text as network_hashrate,
  block_reward_sat::text as block_reward_sat, btc_price::text as btc_price, source, height,
  epoch_progress_pct::text as epoch_progress_pct, est_change_pct::text as est_change_pct,
  next_adjustment_at
`;

const rentalColumns = sql`
  r.id::text as id, r.user_id::text as user_id, r.model_id::text as model_id,
  m.name as model_name, r.hash_rate_ghs::text as hash_rate_ghs,
  r.electricity_per_day::text as electricity_per_day, r.price_per_day::text as price_per_day,
  r.term_days, r.days, r.starts_on::text as starts_on, r.ends_on::text as ends_on,
  r.started_at, r.expires_at, r.status, r.auto_renew,
  coalesce((select sum(p.amount) from mining_payouts p where p.rental_id = r.id), 0)::text
    as cumulative,
  (select count(*) from mining_payouts p where p.rental_id = r.id)::integer as paid_days
`;

const modelColumns = sql`
  id::text as id, name, algorithm, hash_rate_ghs::text as hash_rate_ghs, power_w,
  price_per_day::text as price_per_day, electricity_per_day::text as electricity_per_day,
  margin_bps, min_days, stock, rented, enabled
`;

export function miningRepository(db: Db) {
  return {
    db,

    /** The console's rentals list (with the renter's account and the model's name). */
    async operatorRentals(query: ListQuery) {
      let q = db
        .selectFrom('mining_rentals as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .innerJoin('mining_models as m', 'm.id', 'r.model_id');
      const f = query.filters;
      if (f.user_id !== undefined) q = q.where('r.user_id', '=', String(f.user_id));
      if (f.status !== undefined) q = q.where('r.status', '=', f.status as 'active');
      if (f.model_id !== undefined) q = q.where('r.model_id', '=', String(f.model_id));
      const [rows, count] = await Promise.all([
        q
          .select([
            'r.id',
            'r.user_id',
            'u.account',
            'r.model_id',
            'm.name as model',
            'r.hash_rate_ghs',
            'r.days',
            'r.started_at',
            'r.expires_at',
            'r.status',
            'r.auto_renew',
          ])
          .orderBy('r.id', query.order)
          .limit(query.limit)
          .offset((query.page - 1) * query.limit)
          .execute(),
        q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /** Active rentals, customers' apart from the demo investors'. */
    async activeRentals() {
      const rows = await db
        .selectFrom('mining_rentals')
        .innerJoin('users', 'users.id', 'mining_rentals.user_id')
        .select(['users.demo', (eb) => eb.fn.countAll<string>().as('n')])
        .where('mining_rentals.status', '=', 'active')
        .groupBy('users.demo')
        .execute();
      const count = (demo: boolean) => Number(rows.find((r) => r.demo === demo)?.n ?? 0);
      return { customers: count(false), demo: count(true) };
    },

    async models(options: { enabledOnly: boolean }) {
      const { rows } = await sql<ModelRow>`
        select ${modelColumns} from mining_models
        where ${options.enabledOnly ? sql`enabled` : sql`true`} order by id
      `.execute(db);
      return rows;
    },

    async model(q: Db, id: string) {
      const { rows } = await sql<ModelRow>`
        select ${modelColumns} from mining_models where id = ${id}
      `.execute(q);
      return rows[0] ?? null;
    },

    async insertModel(values: {
      name: string;
      algorithm: string;
      hash_rate_ghs: bigint;
      power_w: number;
      price_per_day: bigint;
      electricity_per_day: bigint;
      margin_bps: number;
      min_days: number;
      stock: number;
      enabled: boolean;
    }) {
      const { rows } = await sql<ModelRow>`
        insert into mining_models (name, algorithm, hash_rate_ghs, power_w, price_per_day,
          electricity_per_day, margin_bps, min_days, stock, enabled)
        values (${values.name}, ${values.algorithm}, ${values.hash_rate_ghs}, ${values.power_w},
          ${values.price_per_day}, ${values.electricity_per_day}, ${values.margin_bps},
          ${values.min_days}, ${values.stock}, ${values.enabled})
        returning ${modelColumns}
      `.execute(db);
      return rows[0]!;
    },

    /** Changes the given columns; stock below what is rented is refused by the database. */
    async updateModel(id: string, values: Record<string, string | number | bigint | boolean>) {
      const sets = Object.entries(values).map(([k, v]) => sql`${sql.id(k)} = ${v}`);
      if (sets.length === 0) return this.model(db, id);
      const { rows } = await sql<ModelRow>`
        update mining_models set ${sql.join(sets)}, updated_at = now() where id = ${id}
        returning ${modelColumns}
      `.execute(db);
      return rows[0] ?? null;
    },

    /** Takes one machine of the model's stock, atomically; null when none is left. */
    async claimStock(q: Db, modelId: string) {
      const { rows } = await sql<ModelRow>`
        update mining_models set rented = rented + 1, updated_at = now()
        where id = ${modelId} and enabled and rented < stock
        returning ${modelColumns}
      `.execute(q);
      return rows[0] ?? null;
    },

    async insertRental(
      q: Db,
      r: {
        user_id: string;
        model: ModelRow;
        days: number;
        starts_on: string;
        ends_on: string;
        started_at: Date;
        expires_at: Date;
      },
    ) {
      const { rows } = await sql<{ id: string }>`
        insert into mining_rentals (user_id, model_id, hash_rate_ghs, electricity_per_day,
          price_per_day, term_days, days, starts_on, ends_on, started_at, expires_at, status)
        values (${r.user_id}, ${r.model.id}, ${r.model.hash_rate_ghs},
          ${r.model.electricity_per_day}, ${r.model.price_per_day}, ${r.days}, ${r.days},
          ${r.starts_on}, ${r.ends_on}, ${r.started_at}, ${r.expires_at}, 'active')
        returning id::text as id
      `.execute(q);
      return rows[0]!.id;
    },

    /**
     * A payment and the term it buys: `days` from `starts_on`, at the rental's hash rate
     * and electricity. Never changed afterwards (the payouts follow from it).
     */
    async insertPayment(
      q: Db,
      p: {
        rental_id: string;
        kind: 'rent' | 'renew' | 'auto_renew';
        starts_on: string;
        days: number;
        amount: bigint;
        margin: bigint;
        /** The ledger entry that paid for it (its rent, or its margin when that is all). */
        entry_id: string;
      },
    ) {
      await sql`
        insert into mining_payments (rental_id, user_id, kind, days, amount, margin, starts_on,
          ends_on, hash_rate_ghs, electricity_per_day, entry_id)
        select r.id, r.user_id, ${p.kind}, ${p.days}, ${p.amount}, ${p.margin},
               ${p.starts_on}::date, ${p.starts_on}::date + ${p.days}::integer, r.hash_rate_ghs,
               r.electricity_per_day, ${p.entry_id}
        from mining_rentals r where r.id = ${p.rental_id}
      `.execute(q);
    },

    async rental(q: Db, id: string, lock = false) {
      if (lock) await sql`select 1 from mining_rentals where id = ${id} for update`.execute(q);
      const { rows } = await sql<RentalRow>`
        select ${rentalColumns} from mining_rentals r join mining_models m on m.id = r.model_id
        where r.id = ${id}
      `.execute(q);
      return rows[0] ?? null;
    },

    async rentalsOf(userId: string, options: { status?: string; limit: number; offset: number }) {
      const status = options.status ? sql`and r.status = ${options.status}` : sql``;
      const [{ rows }, count] = await Promise.all([
        sql<RentalRow>`
          select ${rentalColumns} from mining_rentals r join mining_models m on m.id = r.model_id
          where r.user_id = ${userId} ${status}
          order by r.id desc limit ${options.limit} offset ${options.offset}
        `.execute(db),
        sql<{ n: string }>`
          select count(*)::text as n from mining_rentals r where r.user_id = ${userId} ${status}
        `.execute(db),
      ]);
      return { rows, total: Number(count.rows[0]!.n) };
    },

    async payoutsOf(rentalId: string) {
      const { rows } = await sql<
        DayRow & {
          hash_rate_ghs: string;
          output_sat: string;
          gross: string;
          electricity: string;
          amount: string;
          forecast_amount: string | null;
        }
      >`
        select p.day::text as day, d.difficulty::text as difficulty,
               d.network_hashrate::text as network_hashrate,
               d.block_reward_sat::text as block_reward_sat, d.btc_price::text as btc_price,
               d.source, p.hash_rate_ghs::text as hash_rate_ghs, p.output_sat::text as output_sat,
               p.gross::text as gross, p.electricity::text as electricity, p.amount::text as amount,
               d.height, d.epoch_progress_pct::text as epoch_progress_pct,
               d.est_change_pct::text as est_change_pct, d.next_adjustment_at,
               f.amounts[p.day - f.starts_on + 1]::text as forecast_amount
        from mining_payouts p join mining_days d on d.day = p.day
        left join mining_term_forecasts f
          on f.rental_id = p.rental_id and f.starts_on <= p.day
         and p.day < f.starts_on + cardinality(f.amounts)
        where p.rental_id = ${rentalId} order by p.day
      `.execute(db);
      return rows;
    },

    /** Payments and payouts of the user, newest first (the records screen). */
    async records(userId: string, options: { limit: number; offset: number }) {
      const [{ rows }, count] = await Promise.all([
        sql<{
          id: string;
          kind: string;
          rental_id: string;
          model: string;
          amount: string;
          days: number;
          day: string;
          created_at: Date;
        }>`
          select * from (
            select 'payment:' || pm.id as id, pm.kind, pm.rental_id::text as rental_id,
                   m.name as model, (-pm.amount)::text as amount, pm.days, '' as day,
                   pm.created_at
            from mining_payments pm
            join mining_rentals r on r.id = pm.rental_id
            join mining_models m on m.id = r.model_id
            where pm.user_id = ${userId}
            union all
            select 'payout:' || p.rental_id || ':' || p.day, 'payout', p.rental_id::text,
                   m.name, p.amount::text, 1, p.day::text, p.created_at
            from mining_payouts p
            join mining_rentals r on r.id = p.rental_id
            join mining_models m on m.id = r.model_id
            where p.user_id = ${userId}
          ) x
          order by created_at desc, id desc limit ${options.limit} offset ${options.offset}
        `.execute(db),
        sql<{ n: string }>`
          select ((select count(*) from mining_payments where user_id = ${userId})
                + (select count(*) from mining_payouts where user_id = ${userId}))::text as n
        `.execute(db),
      ]);
      return { rows, total: Number(count.rows[0]!.n) };
    },

    async day(q: Db, day: string) {
      const { rows } = await sql<DayRow>`
        select ${dayColumns} from mining_days where day = ${day}
      `.execute(q);
      return rows[0] ?? null;
    },

    /** Stored days from `from` to `to` (inclusive), oldest first. */
    async days(from: string, to: string) {
      const { rows } = await sql<DayRow>`
        select ${dayColumns} from mining_days where day between ${from} and ${to} order by day
      `.execute(db);
      return rows;
    },

    /** A term's forecast, made when it was paid for; never changed (append-only). */
    async insertForecast(
      q: Db,
      f: {
        rental_id: string;
        starts_on: string;
        basis_day: string;
        difficulty_change_bps: number;
        amounts: bigint[];
      },
    ) {
      await sql`
        insert into mining_term_forecasts (rental_id, starts_on, basis_day,
          difficulty_change_bps, amounts)
        values (${f.rental_id}, ${f.starts_on}, ${f.basis_day}, ${f.difficulty_change_bps},
          ${f.amounts.map(String)}::bigint[])
      `.execute(q);
    },

    /**
     * The stored forecast of one day of a rental (null: the term covering it has none), and
     * the sum of the stored forecasts over the days paid so far.
     */
    async forecastOf(rentalId: string, day: string) {
      const { rows } = await sql<{ amount: string | null }>`
        select f.amounts[${day}::date - f.starts_on + 1]::text as amount
        from mining_term_forecasts f
        where f.rental_id = ${rentalId} and f.starts_on <= ${day}::date
          and ${day}::date < f.starts_on + cardinality(f.amounts)
      `.execute(db);
      return rows[0]?.amount ?? null;
    },

    /** Stores a day's inputs unless stored already (first writer wins; never rewritten). */
    async storeDay(day: string, inputs: MiningDayInputs) {
      await sql`
        insert into mining_days (day, difficulty, network_hashrate, block_reward_sat, btc_price,
          source, height, epoch_progress_pct, est_change_pct, next_adjustment_at)
        values (${day}, ${inputs.difficulty.toString()}, ${inputs.networkHashrate.toString()},
          ${inputs.blockRewardSat}, ${inputs.btcPrice}, ${inputs.source},
          ${inputs.epoch?.height ?? null}, ${inputs.epoch?.progressPct ?? null},
          ${inputs.epoch?.estChangePct ?? null}, ${inputs.epoch?.nextAdjustmentAt ?? null})
        on conflict (day) do nothing
      `.execute(db);
      return (await this.day(db, day))!;
    },

    async latestDay() {
      const { rows } = await sql<{ day: string }>`
        select day::text as day from mining_days order by day desc limit 1
      `.execute(db);
      return rows[0]?.day ?? null;
    },

    // --- the audit (npm run audit), inside one read-only snapshot ---
    snapshot<T>(run: (q: Db) => Promise<T>): Promise<T> {
      return db
        .transaction()
        .setIsolationLevel('repeatable read')
        .setAccessMode('read only')
        .execute(async (q) => {
          // Whole-table reads: hash joins, never a nested loop over 750,000 terms.
          await sql`set local enable_nestloop = off`.execute(q);
          return run(q);
        });
    },

    /**
     * Rentals with a term that names no payment of that rental, or whose terms add up to
     * something else than the ledger took from the renter for it (rent and margin entries
     * of `mining:rental:<id>`). A sample, and how many.
     */
    async unpaidTerms(q: Db, sample: number) {
      const { rows } = await sql<{
        rental_id: string;
        user_id: string;
        owed: string;
        paid: string;
        unpaid_terms: string;
        n: string;
      }>`
        with terms as (
          select t.rental_id, min(t.user_id) as user_id, sum(t.amount) as owed,
                 count(*) filter (where pe.id is null) as unpaid_terms
            from mining_payments t
            left join journal_entries pe
              on pe.id = t.entry_id and pe.kind in ('mining_rent', 'mining_margin')
             and pe.reference = 'mining:rental:' || t.rental_id
           group by t.rental_id
        ), paid as (
          select e.reference, -sum(p.amount) as paid
            from journal_entries e
            join postings p on p.entry_id = e.id
            join accounts a on a.id = p.account_id and a.user_id is not null
           where e.kind in ('mining_rent', 'mining_margin')
           group by e.reference
        )
        select t.rental_id::text, t.user_id::text, t.owed::text,
               coalesce(p.paid, 0)::text as paid, t.unpaid_terms::text,
               count(*) over ()::text as n
          from terms t
          left join paid p on p.reference = 'mining:rental:' || t.rental_id
         where t.unpaid_terms > 0 or coalesce(p.paid, 0) <> t.owed
         order by t.rental_id limit ${sample}`.execute(q);
      return rows;
    },

    /**
     * Days whose payout entry paid another total than the paid terms covering the day
     * earn at the day's rates. Covering terms are counted per (hash rate, electricity)
     * from where terms start and end, so the check reads each term once, not once a day.
     */
    async payoutsBeyondPaidTerms(q: Db, sample: number) {
      const { rows } = await sql<{ day: string; paid: string; earned: string; n: string }>`
        with paid_terms as (
          select t.starts_on, t.ends_on, t.hash_rate_ghs, t.electricity_per_day
            from ${paidTerms}
        ), steps as (
          select hash_rate_ghs, electricity_per_day, d, sum(delta) as delta from (
            select hash_rate_ghs, electricity_per_day, starts_on as d, 1 as delta from paid_terms
            union all
            select hash_rate_ghs, electricity_per_day, ends_on, -1 from paid_terms
          ) e group by 1, 2, 3
        ), covering as (
          select hash_rate_ghs, electricity_per_day, d as since,
                 lead(d) over w as until, sum(delta) over w as terms
            from steps
          window w as (partition by hash_rate_ghs, electricity_per_day order by d)
        ), earned as (
          select k.day, sum(k.amount * c.terms) as total
            from mining_day_rates k
            join covering c
              on c.hash_rate_ghs = k.hash_rate_ghs
             and c.electricity_per_day = k.electricity_per_day
             and c.since <= k.day and (c.until is null or k.day < c.until)
           group by k.day
        ), paid as (
          select u.day, coalesce(-sum(p.amount), 0) as total
            from mining_payout_runs u
            left join journal_entries e on e.idempotency_key = 'mining:payout:' || u.day::text
            left join postings p on p.entry_id = e.id
             and p.account_id in (select id from accounts
                                   where user_id is null and kind = 'mining_payout')
           group by u.day
        )
        select p.day::text as day, p.total::text as paid, coalesce(x.total, 0)::text as earned,
               count(*) over ()::text as n
          from paid p left join earned x on x.day = p.day
         where p.total <> coalesce(x.total, 0)
         order by p.day limit ${sample}`.execute(q);
      return rows;
    },

    async termCounts(q: Db) {
      const { rows } = await sql<{ terms: string; days: string }>`
        select (select count(*) from mining_payments)::text as terms,
               (select count(*) from mining_payout_runs)::text as days`.execute(q);
      return rows[0]!;
    },

    /** Extends the rental to a new term of `days` from `startsOn` (its end, or later). */
    async extend(q: Db, rentalId: string, startsOn: string, days: number) {
      await sql`
        update mining_rentals
        set days = days + ${days}, ends_on = ${startsOn}::date + ${days}::integer,
            expires_at = (${startsOn}::date + ${days}::integer)::timestamp at time zone 'UTC',
            updated_at = now()
        where id = ${rentalId}
      `.execute(q);
    },

    async setAutoRenew(q: Db, rentalId: string, on: boolean) {
      await sql`
        update mining_rentals set auto_renew = ${on}, updated_at = now() where id = ${rentalId}
      `.execute(q);
    },

    /** Users by mining earnings (all time or since a day), with their active hash power. */
    async rank(since: string | null, limit: number) {
      const { rows } = await sql<{
        user_id: string;
        nickname: string;
        account: string;
        demo: boolean;
        total: string;
        hash_rate_ghs: string;
      }>`
        select t.user_id::text as user_id, u.nickname, u.account, u.demo, t.total::text as total,
               coalesce((select sum(r.hash_rate_ghs) from mining_rentals r
                         where r.user_id = t.user_id and r.status = 'active'), 0)::text
                 as hash_rate_ghs
        from (
          select user_id, sum(amount) as total from mining_payouts
          where ${since ? sql`day >= ${since}` : sql`true`}
          group by user_id
        ) t join users u on u.id = t.user_id
        where t.total > 0
        order by t.total desc, t.user_id limit ${limit}
      `.execute(db);
      return rows;
    },

    async totals() {
      const { rows } = await sql<{ rented: string; hash_rate_ghs: string }>`
        select (select coalesce(sum(rented), 0) from mining_models)::text as rented,
               (select coalesce(sum(hash_rate_ghs), 0) from mining_rentals
                where status = 'active')::text as hash_rate_ghs
      `.execute(db);
      return rows[0]!;
    },
  };
}

export type MiningRepository = ReturnType<typeof miningRepository>;
