// Ledger figures tests read straight from the tables.
import { sql } from 'kysely';
import type { Db } from '../src/db/database.ts';

/** How many journal entries there are: a refused post must leave it unchanged. */
export async function entryCount(db: Db) {
  const { rows } = await sql<{ n: string }>`select count(*) as n from journal_entries`.execute(db);
  return Number(rows[0]!.n);
}
