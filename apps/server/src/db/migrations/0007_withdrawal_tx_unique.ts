// One transaction pays one withdrawal: two withdrawals can never be recorded under the
// same hash (a duplicate broadcast would otherwise "confirm" both on one payment).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('withdrawals_tx_uq')
    .on('withdrawals')
    .columns(['network', 'tx_hash'])
    .unique()
    .where(sql.ref('tx_hash'), 'is not', null)
    .execute();
}
