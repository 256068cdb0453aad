// Top-up: per-network operator settings, per-user deposit addresses, the chain watcher's
// cursor and recent block hashes (for reorganisation detection), and every deposit seen.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('network_settings')
    .addColumn('network', 'text', (c) =>
      c.primaryKey().check(sql`network in ('erc20', 'bep20', 'trc20')`),
    )
    .addColumn('confirmations', 'integer', (c) =>
      c.notNull().check(sql`confirmations between 1 and 1000`),
    )
    .addColumn('min_deposit', 'bigint', (c) => c.notNull().check(sql`min_deposit >= 0`))
    .addColumn('min_withdrawal', 'bigint', (c) => c.notNull().check(sql`min_withdrawal >= 0`))
    .addColumn('withdrawal_fee', 'bigint', (c) => c.notNull().check(sql`withdrawal_fee >= 0`))
    .addColumn('daily_withdrawal_limit', 'bigint', (c) =>
      c.notNull().check(sql`daily_withdrawal_limit >= 0`),
    )
    .addColumn('deposit_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('withdraw_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('contract_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('token_decimals', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('deposit_addresses')
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    // Lower-case 0x hex of the address (TRON addresses converted), what logs carry.
    .addColumn('address_hex', 'text', (c) => c.notNull())
    .addColumn('derivation_index', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('deposit_addresses_pk', ['user_id', 'network'])
    .addUniqueConstraint('deposit_addresses_hex_uq', ['network', 'address_hex'])
    .execute();

  await db.schema
    .createTable('chain_cursors')
    .addColumn('network', 'text', (c) => c.primaryKey())
    .addColumn('block_number', 'bigint', (c) => c.notNull())
    .addColumn('block_hash', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('chain_blocks')
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('block_number', 'bigint', (c) => c.notNull())
    .addColumn('block_hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('chain_blocks_pk', ['network', 'block_number'])
    .execute();

  await db.schema
    .createTable('deposits')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('network', 'text', (c) => c.notNull())
    .addColumn('tx_hash', 'text', (c) => c.notNull())
    .addColumn('log_index', 'integer', (c) => c.notNull())
    .addColumn('block_number', 'bigint', (c) => c.notNull())
    .addColumn('block_hash', 'text', (c) => c.notNull())
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    // The on-chain amount in token units (up to 18 decimals), exactly.
    .addColumn('token_amount', 'numeric(78, 0)', (c) => c.notNull())
    // Olive units (10^-8 USDT) credited or to credit; dust below 10^-8 is kept apart.
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('dust', 'numeric(78, 0)', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'credited', 'below_minimum', 'orphaned')`),
    )
    .addColumn('confirmations', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ledger_entry_id', 'bigint')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('credited_at', 'timestamptz')
    // Never twice for the same transfer.
    .addUniqueConstraint('deposits_transfer_uq', ['network', 'tx_hash', 'log_index'])
    .execute();
  await db.schema
    .createIndex('deposits_user_idx')
    .on('deposits')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('deposits_pending_idx')
    .on('deposits')
    .columns(['network', 'status'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();
}
