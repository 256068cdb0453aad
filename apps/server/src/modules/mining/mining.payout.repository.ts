// SQL of mining's daily payout run: the runs' lock (against new terms), claiming a day,
// its rates and credits computed in the database for the whole day at once, and the end
// of rentals whose term is over. Rentals and their payments are mining.repository.ts.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * Terms someone paid for (decision 138): joined to the ledger entry that paid them, of a
 * rent kind and about that rental. A term inserted without its payment is never paid out.
 */
export const paidTerms = sql`
  mining_payments t
  join journal_entries pe
    on pe.id = t.entry_id and pe.kind in ('mining_rent', 'mining_margin')
   and pe.reference = 'mining:rental:' || t.rental_id
`;

export function miningPayoutRepository(db: Db) {
  return {
    db,

    /** The newest day a run has paid, and the earliest day any active rental still needs. */
    async payoutBounds() {
      const { rows } = await sql<{ last_run: string | null; first_start: string | null }>`
        select (select max(day)::text from mining_payout_runs) as last_run,
               (select min(starts_on)::text from mining_rentals where status = 'active')
                 as first_start
      `.execute(db);
      return rows[0]!;
    },

    /**
     * Serialises a day's run against new terms (decision 127): the run takes this lock
     * exclusively, a rent or renewal shares it. A term therefore never starts on a day a
     * run has paid, and the rentals paid on a day are exactly the terms covering it.
     */
    async lockRuns(q: Db, exclusive: boolean) {
      await (
        exclusive
          ? sql`select pg_advisory_xact_lock(hashtext('olive.mining.runs'))`
          : sql`select pg_advisory_xact_lock_shared(hashtext('olive.mining.runs'))`
      ).execute(q);
    },

    /** The newest day a run has paid (null before the first). */
    async lastRun(q: Db) {
      const { rows } = await sql<{ day: string | null }>`
        select max(day)::text as day from mining_payout_runs
      `.execute(q);
      return rows[0]!.day;
    },

    /**
     * Claims the day's run (null when a run has paid it already), then stores the day's
     * rates: the formula worked out once per distinct hash rate and electricity among the
     * paid terms covering the day (a handful: rentals copy their model's), in exact numeric,
     * less electricity, never below zero. Returns how many paid rentals the day covers.
     */
    async claimRun(q: Db, day: string): Promise<number | null> {
      const { rows } = await sql<{ day: string }>`
        insert into mining_payout_runs (day, rentals, total) values (${day}, 0, 0)
        on conflict (day) do nothing returning day::text as day
      `.execute(q);
      if (rows.length === 0) return null;
      const counted = await sql<{ rentals: number }>`
        with h as (
          select t.hash_rate_ghs, t.electricity_per_day, count(*) as rentals
          from ${paidTerms}
          where t.starts_on <= ${day}::date and t.ends_on > ${day}::date
          group by t.hash_rate_ghs, t.electricity_per_day
        ), stored as (
          insert into mining_day_rates (day, hash_rate_ghs, electricity_per_day, output_sat,
            gross, amount)
          select d.day, h.hash_rate_ghs, h.electricity_per_day,
                 trunc(x.numerator / x.denominator, 8), x.gross,
                 greatest(x.gross - h.electricity_per_day, 0)
          from h
          cross join mining_days d
          cross join lateral (
            select h.hash_rate_ghs::numeric * 1000000000 * 86400 * d.block_reward_sat
                     as numerator,
                   d.difficulty * 4294967296 as denominator,
                   floor(h.hash_rate_ghs::numeric * 1000000000 * 86400 * d.block_reward_sat
                         * d.btc_price / (d.difficulty * 4294967296 * 100000000))::bigint as gross
          ) x
          where d.day = ${day}::date
          returning 1
        )
        -- (a data-modifying CTE always runs to completion, read or not)
        select coalesce(sum(h.rentals), 0)::integer as rentals from h
      `.execute(q);
      return counted.rows[0]!.rentals;
    },

    /**
     * The claimed day's credits: each renter's paid rentals' payouts summed, for the ledger
     * to post in the database (ledger.postCredits). Renters whose day paid zero are left out.
     */
    dayCredits(day: string) {
      return sql`
        select t.user_id, sum(k.amount)::bigint as amount
        from ${paidTerms}
        join mining_day_rates k
          on k.day = ${day}::date and k.hash_rate_ghs = t.hash_rate_ghs
         and k.electricity_per_day = t.electricity_per_day
        where t.starts_on <= ${day}::date and t.ends_on > ${day}::date
        group by t.user_id
        having sum(k.amount) > 0
      `;
    },

    async recordRun(q: Db, day: string, rentals: number, total: bigint) {
      await sql`
        update mining_payout_runs set rentals = ${rentals}, total = ${total}, paid_at = now()
        where day = ${day}
      `.execute(q);
    },

    /** Active rentals whose last day is before `today` (due to renew or expire). */
    async endedRentals(today: string) {
      const { rows } = await sql<{ id: string }>`
        select id::text as id from mining_rentals
        where status = 'active' and ends_on <= ${today} order by id
      `.execute(db);
      return rows.map((r) => r.id);
    },

    async expire(q: Db, rentalId: string) {
      const { rows } = await sql<{ model_id: string }>`
        update mining_rentals set status = 'expired', updated_at = now()
        where id = ${rentalId} and status = 'active' returning model_id::text as model_id
      `.execute(q);
      if (rows[0]) {
        await sql`
          update mining_models set rented = rented - 1, updated_at = now()
          where id = ${rows[0].model_id}
        `.execute(q);
      }
      return rows.length > 0;
    },
  };
}

export type MiningPayoutRepository = ReturnType<typeof miningPayoutRepository>;
