// Mining rental margin earns referral commissions like the other fees (issue 13 with 12):
// the team job's index of ledger entries by transaction id now covers `mining_margin`.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists journal_entries_team_tx_idx`.execute(db);
  await sql`
    create index journal_entries_team_tx_idx on journal_entries (tx_id)
    where kind in ('deposit', 'withdrawal_sent', 'withdrawal_fee', 'robot_settle',
                   'performance_fee', 'mining_rent', 'mining_margin')
  `.execute(db);
}
