// Withdrawals: the saved address per network, the withdrawal state machine, hot-wallet
// nonces allocated in the database, and the fund-password lock on users. Forward-only.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('withdrawal_addresses')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('withdrawal_addresses_pk', ['user_id', 'network'])
    .execute();

  // Operators may reset a saved address only after review; every reset is kept.
  await db.schema
    .createTable('withdrawal_address_resets')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('old_address', 'text', (c) => c.notNull())
    .addColumn('operator_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('withdrawals')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('fee', 'bigint', (c) => c.notNull().check(sql`fee >= 0`))
    .addColumn('receive_amount', 'bigint', (c) => c.notNull().check(sql`receive_amount > 0`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`status in ('pending_review', 'approved', 'broadcast', 'confirmed', 'rejected', 'failed')`,
        ),
    )
    .addColumn('request_id', 'text')
    .addColumn('reviewed_by', 'text')
    .addColumn('review_note', 'text')
    .addColumn('nonce', 'bigint')
    .addColumn('tx_hash', 'text')
    .addColumn('raw_tx', 'text')
    .addColumn('confirmations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('broadcast_at', 'timestamptz')
    .addColumn('confirmed_at', 'timestamptz')
    .addCheckConstraint('withdrawals_amount_parts', sql`amount = fee + receive_amount`)
    .addUniqueConstraint('withdrawals_request_uq', ['user_id', 'request_id'])
    .execute();
  await db.schema
    .createIndex('withdrawals_user_idx')
    .on('withdrawals')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('withdrawals_open_idx')
    .on('withdrawals')
    .columns(['network', 'status'])
    .where(sql.ref('status'), 'in', ['approved', 'broadcast'])
    .execute();
  // One nonce per hot-wallet transaction: two sends can never share or skip one.
  await db.schema
    .createIndex('withdrawals_nonce_uq')
    .on('withdrawals')
    .columns(['network', 'nonce'])
    .unique()
    .where(sql.ref('nonce'), 'is not', null)
    .execute();

  // Scope: the chain the hot wallet signs on (a network in production; the one devchain
  // that stands in for all three in the demo, so they never hand out the same nonce).
  await db.schema
    .createTable('hot_wallet_nonces')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('next_nonce', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('hot_wallet_nonces_pk', ['scope', 'address'])
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('fund_password_failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('withdraw_locked_until', 'timestamptz')
    .execute();
}
