// Mining payouts without a row per rental and day (docs/decisions/127). Each payment for a
// rental (the first term, each renewal) is now a term: the days it covers, at the rental's
// hash rate and electricity, never changed. A day's run stores one rate per distinct hash
// rate and electricity (a handful), and which rental was paid what on which day follows
// from three append-only tables: a term covering the day, the day's run, the day's rate.
// `mining_payouts` becomes a view of exactly that, with the old table's columns.
// Forward-only; existing payments become terms and existing payouts become rates.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table mining_payments
      add column starts_on date,
      add column ends_on date,
      add column hash_rate_ghs bigint,
      add column electricity_per_day bigint
  `.execute(db);
  // A rental's payments laid end to end from its first day: its terms so far.
  await sql`
    update mining_payments p
    set starts_on = t.starts_on, ends_on = t.ends_on, hash_rate_ghs = t.hash_rate_ghs,
        electricity_per_day = t.electricity_per_day
    from (
      select pm.id, r.hash_rate_ghs, r.electricity_per_day,
             r.starts_on + (coalesce(sum(pm.days) over w, 0) - pm.days)::integer as starts_on,
             r.starts_on + coalesce(sum(pm.days) over w, 0)::integer as ends_on
      from mining_payments pm join mining_rentals r on r.id = pm.rental_id
      window w as (partition by pm.rental_id order by pm.id)
    ) t
    where t.id = p.id
  `.execute(db);
  await sql`
    alter table mining_payments
      alter column starts_on set not null,
      alter column ends_on set not null,
      alter column hash_rate_ghs set not null,
      alter column electricity_per_day set not null,
      add constraint mining_payments_term check (ends_on - starts_on = days)
  `.execute(db);
  await sql`create index mining_payments_rental_idx on mining_payments (rental_id, starts_on)`.execute(
    db,
  );
  await sql`
    create trigger mining_payments_append_only before update or delete on mining_payments
    for each row execute function ledger_refuse_change()
  `.execute(db);

  // One row per day and (hash rate, electricity): the formula's output and the payout.
  await sql`
    create table mining_day_rates (
      day date not null references mining_days (day),
      hash_rate_ghs bigint not null,
      electricity_per_day bigint not null,
      output_sat numeric(30, 8) not null,
      gross bigint not null,
      amount bigint not null check (amount >= 0),
      primary key (day, hash_rate_ghs, electricity_per_day)
    )
  `.execute(db);
  await sql`
    create trigger mining_day_rates_append_only before update or delete on mining_day_rates
    for each row execute function ledger_refuse_change()
  `.execute(db);
  await sql`
    insert into mining_day_rates (day, hash_rate_ghs, electricity_per_day, output_sat, gross, amount)
    select day, hash_rate_ghs, electricity, min(output_sat), min(gross), min(amount)
    from mining_payouts group by day, hash_rate_ghs, electricity
  `.execute(db);

  await sql`drop table mining_payouts`.execute(db);
  await sql`
    create view mining_payouts as
    select t.rental_id, u.day, t.user_id, t.hash_rate_ghs, k.output_sat, k.gross,
           k.electricity_per_day as electricity, k.amount, u.paid_at as created_at
    from mining_payments t
    join mining_payout_runs u on u.day >= t.starts_on and u.day < t.ends_on
    join mining_day_rates k
      on k.day = u.day and k.hash_rate_ghs = t.hash_rate_ghs
     and k.electricity_per_day = t.electricity_per_day
  `.execute(db);
}
