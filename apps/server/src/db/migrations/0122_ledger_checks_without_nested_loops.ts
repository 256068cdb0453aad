// The balanced-entry check (ledger_entry_balanced, deferred to commit) reads the range of
// entries a transaction created and their postings. On statistics taken before a burst
// (journal_entries thought to hold a row or two), the planner put a range scan of postings
// inside a nested loop over the entries: a batch of 10,000 entries took 25 s to commit,
// 200 million comparisons (bench/mining/payout.ts, found in a run that vacuumed first).
// Both sides are bounded by the same id range, so a merge or hash join is right at every
// size; the function runs with nested loops off, as ledger_post_batch already does.
// Forward-only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter function ledger_entry_balanced() set enable_nestloop = off`.execute(db);
}
