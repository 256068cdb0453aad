// One transaction pays one withdrawal: two withdrawals can never be recorded under the
// same hash (a duplicate broadcast would otherwise "confirm" both on one payment).
// Also the sweeps that consolidate deposit addresses into the hot wallet.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('withdrawals_tx_uq')
    .on('withdrawals')
    .columns(['network', 'tx_hash'])
    .unique()
    .where(sql.ref('tx_hash'), 'is not', null)
    .execute();

  // A sweep is recorded (with its signed hash) before it is broadcast, then posted to the
  // ledger once mined, so a crash in between is finished on the next pass.
  await db.schema
    .createTable('sweeps')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('token_amount', 'numeric(78, 0)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('tx_hash', 'text', (c) => c.notNull().unique())
    .addColumn('raw_tx', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('sent', 'done', 'failed')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
