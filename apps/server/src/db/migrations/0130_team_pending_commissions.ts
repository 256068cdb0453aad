// A commission on a fee that can still be refunded (a withdrawal not yet confirmed) is
// pending, in a ledger account of its own, until the fee is final; a refund cancels it
// (issue 30, docs/decisions/138-pending-commissions.md). Forward-only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // available: the upline's (paid at once on a final fee, or released); pending: in the
  // upline's commission_pending account; cancelled: given back to commission_expense.
  // Rows from before are 'available': they were paid at once. Those on a withdrawal still
  // open keep the old rule (taken back from what the upline holds if it is refunded).
  await sql`
    alter table team_commissions
      add column status text not null default 'available'
        check (status in ('available', 'pending', 'cancelled')),
      add column settled_entry_id bigint references journal_entries (id),
      add column settled_at timestamptz
  `.execute(db);
  // The audit sums pending commissions per upline against their ledger account.
  await sql`
    create index team_commissions_pending_idx on team_commissions (upline_id)
    include (amount) where status = 'pending'
  `.execute(db);
}
