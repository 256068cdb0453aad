// A day's payout reads the terms covering that day: twice (its rates, then each renter's
// sum). Terms are never removed, so every renewal leaves one more behind, and a full scan
// grows with the platform's history rather than with its active rentals: 4,000,000 expired
// terms (four renewals of a million rentals) added 0.5 s to a 3.8 s payout
// (bench/mining/payout.ts ... 4000000). This index covers those reads: the terms ending
// after the day, with the columns the payout needs, read without the table once vacuumed.
// Forward-only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index mining_payments_current_idx on mining_payments (ends_on, starts_on)
      include (user_id, hash_rate_ghs, electricity_per_day)
  `.execute(db);
}
