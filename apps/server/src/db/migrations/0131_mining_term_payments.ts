// Each mining term names the ledger entry that paid for it, and only paid terms are paid
// out (issue 30: 750,000 rentals inserted by SQL with no rent paid were paid out, and the
// audit passed). `mining_payments.entry_id` is the term's `mining_rent` entry (its
// `mining_margin` entry when the whole rent was margin), one term per entry; the payout and
// the `mining_payouts` view join it to the ledger (docs/decisions/138-pending-commissions.md
// "Mining"). Forward-only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table mining_payments add column entry_id bigint references journal_entries (id)
  `.execute(db);

  // Existing terms: their entries by the keys the service has always used
  // (`mining:rental:<id>:rent` for the first term, `mining:rental:<id>:<kind>:<days before>:rent`
  // for each renewal; `:margin` beside each). A term with no such entry stays unlinked: it
  // was never paid for, is paid out no more, and the audit names it.
  await sql`alter table mining_payments disable trigger mining_payments_append_only`.execute(db);
  await sql`
    update mining_payments p set entry_id = coalesce(rent.id, margin.id)
      from (
        select pm.id,
               'mining:rental:' || pm.rental_id ||
                 case when pm.kind = 'rent' then ''
                      else ':' || pm.kind || ':' ||
                           (sum(pm.days) over (partition by pm.rental_id order by pm.id) - pm.days)
                 end as tag
          from mining_payments pm
      ) k
      left join journal_entries rent on rent.idempotency_key = k.tag || ':rent'
      left join journal_entries margin on margin.idempotency_key = k.tag || ':margin'
     where p.id = k.id and coalesce(rent.id, margin.id) is not null
  `.execute(db);
  await sql`alter table mining_payments enable trigger mining_payments_append_only`.execute(db);
  // One payment pays for one term.
  await sql`create unique index mining_payments_entry_idx on mining_payments (entry_id)`.execute(
    db,
  );

  // Which rental was paid what on which day: paid terms only, as the payout pays them.
  await sql`
    create or replace view mining_payouts as
    select t.rental_id, u.day, t.user_id, t.hash_rate_ghs, k.output_sat, k.gross,
           k.electricity_per_day as electricity, k.amount, u.paid_at as created_at
    from mining_payments t
    join journal_entries e
      on e.id = t.entry_id and e.kind in ('mining_rent', 'mining_margin')
     and e.reference = 'mining:rental:' || t.rental_id
    join mining_payout_runs u on u.day >= t.starts_on and u.day < t.ends_on
    join mining_day_rates k
      on k.day = u.day and k.hash_rate_ghs = t.hash_rate_ghs
     and k.electricity_per_day = t.electricity_per_day
  `.execute(db);
}
