// Signed transfers of a withdrawal that expired without landing (TRON: a transaction is
// valid only until its expiration; one that was never mined by then never can be, and
// the withdrawal is signed again on a new reference block). Each earlier attempt is kept
// here, and a hash is unique across attempts and withdrawals, so no bytes are ever sent
// for two attempts and the history of what was signed stays.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('withdrawal_attempts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('withdrawal_id', 'bigint', (c) => c.notNull().references('withdrawals.id'))
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('tx_hash', 'text', (c) => c.notNull())
    .addColumn('raw_tx', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in ('expired')`))
    .addColumn('replaced_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('withdrawal_attempts_tx_uq', ['network', 'tx_hash'])
    .execute();
  await db.schema
    .createIndex('withdrawal_attempts_withdrawal_idx')
    .on('withdrawal_attempts')
    .column('withdrawal_id')
    .execute();
}
