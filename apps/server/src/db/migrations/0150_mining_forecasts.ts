// Mining an investor can judge before renting (issue 35, docs/decisions/142). A day's
// stored inputs gain the network's epoch as the source gave it that day (block height,
// progress of the 2,016-block period, the expected change and date of the next
// adjustment), so the forecasts made from that day can be recomputed by anyone from the
// stored row. Each term's forecast is stored when the term is paid for: one net amount per
// day of the term, never recomputed, never changed (append-only). Forward-only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Null on days stored before this migration or by a source that did not say.
  await sql`
    alter table mining_days
      add column height integer check (height > 0),
      add column epoch_progress_pct numeric(6, 2) check (epoch_progress_pct between 0 and 100),
      add column est_change_pct numeric(8, 2),
      add column next_adjustment_at timestamptz
  `.execute(db);

  await sql`
    create table mining_term_forecasts (
      rental_id bigint not null references mining_rentals (id),
      starts_on date not null,
      -- The day whose stored inputs the forecast was made from (the day of the payment).
      basis_day date not null references mining_days (day),
      -- Difficulty change assumed per adjustment, in basis points (0: today's difficulty).
      difficulty_change_bps integer not null,
      -- Net of electricity, never below zero: amounts[1] is starts_on, amounts[n] its n-th day.
      amounts bigint[] not null check (cardinality(amounts) > 0),
      created_at timestamptz not null default now(),
      primary key (rental_id, starts_on)
    )
  `.execute(db);
  await sql`
    create trigger mining_term_forecasts_append_only
    before update or delete on mining_term_forecasts
    for each row execute function ledger_refuse_change()
  `.execute(db);
}
