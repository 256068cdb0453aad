// Operator alarms of the wallet (issue 10): a condition that stops money moving until an
// operator looks (the hot wallet's nonce on chain does not match the database; custody on
// chain does not match the ledger). One row per network and kind while it holds; cleared
// rows stay as history.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wallet_alarms')
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('nonce', 'custody')`))
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('raised_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('cleared_at', 'timestamptz')
    .addPrimaryKeyConstraint('wallet_alarms_pk', ['network', 'kind'])
    .execute();
}
