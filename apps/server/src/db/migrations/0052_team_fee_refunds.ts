// A withdrawal's fee is collected when the withdrawal is accepted and refunded when it is
// rejected or fails, and a refunded fee reverses its referral commissions (issue 13,
// docs/decisions/113b-commissions.md).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Rows from before this migration hold the whole amount frozen; their fee is collected
  // on confirmation as before. New rows collect it in the freeze entry.
  await sql`alter table withdrawals add column fee_collected boolean not null default false`.execute(
    db,
  );

  // What a refunded fee took back from the upline (at most what it was paid; less when the
  // upline had already spent it: the rest is `unrecovered`, the platform's loss).
  await sql`
    alter table team_commissions
      add column reversed bigint not null default 0,
      add column unrecovered bigint not null default 0,
      add column reversal_entry_id bigint references journal_entries (id),
      add column reversed_at timestamptz
  `.execute(db);

  // The team job now also reads withdrawal freezes (the fee) and releases (its refund).
  await sql`drop index if exists journal_entries_team_tx_idx`.execute(db);
  await sql`
    create index journal_entries_team_tx_idx on journal_entries (tx_id)
    where kind in ('deposit', 'withdrawal_sent', 'withdrawal_fee', 'robot_settle',
                   'performance_fee', 'mining_rent', 'mining_margin',
                   'withdrawal_freeze', 'withdrawal_release')
  `.execute(db);
}
