// Trading robots: the robot with its grid state and a version the engine checks, every
// fill and settlement with a per-robot sequence, PnL snapshots and 1-minute candles.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('robots')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id'))
    .addColumn('market', 'text', (c) => c.notNull())
    .addColumn('direction', 'text', (c) =>
      c.notNull().check(sql`direction in ('long', 'short', 'neutral')`),
    )
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('not_started', 'running', 'ended')`),
    )
    .addColumn('disabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('principal', 'bigint', (c) => c.notNull().check(sql`principal > 0`))
    // The grid (packages/market serializeGrid), written with every fill; null until started.
    .addColumn('grid_state', 'text')
    .addColumn('range_low', 'bigint', (c) => c.notNull())
    .addColumn('range_high', 'bigint', (c) => c.notNull())
    .addColumn('grid_count', 'integer', (c) => c.notNull())
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('expected_daily_yield', 'text', (c) => c.notNull())
    // +1 on every write; the engine skips and reloads a robot whose version moved.
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    // The sequence of the robot's last fill or settlement (robot_trades.seq).
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('settled_gross', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('settled_net', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('performance_fees', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('started_at', 'timestamptz')
    .addColumn('ended_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('robots_user_idx').on('robots').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('robots_running_idx')
    .on('robots')
    .column('id')
    .where(sql.ref('status'), '=', 'running')
    .execute();

  // Every fill (buy, sell) and every settlement or stop, numbered per robot: the engine's
  // ledger entries are keyed by (robot, seq), so a replayed batch posts nothing twice.
  await db.schema
    .createTable('robot_trades')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('robot_id', 'bigint', (c) => c.notNull().references('robots.id'))
    .addColumn('user_id', 'bigint', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('buy', 'sell', 'settle', 'stop')`),
    )
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('fee', 'bigint', (c) => c.notNull())
    .addColumn('pnl', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('robot_trades_seq_uq', ['robot_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('robot_trades_user_idx')
    .on('robot_trades')
    .columns(['user_id', 'id'])
    .execute();

  // Cumulative earnings per robot per minute (older ones thinned to one an hour).
  await db.schema
    .createTable('robot_pnl_snapshots')
    .addColumn('robot_id', 'bigint', (c) => c.notNull().references('robots.id'))
    .addColumn('t', 'timestamptz', (c) => c.notNull())
    .addColumn('pnl', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('robot_pnl_snapshots_pk', ['robot_id', 't'])
    .execute();

  await db.schema
    .createTable('market_candles')
    .addColumn('market', 'text', (c) => c.notNull())
    .addColumn('t', 'timestamptz', (c) => c.notNull())
    .addColumn('open', 'bigint', (c) => c.notNull())
    .addColumn('high', 'bigint', (c) => c.notNull())
    .addColumn('low', 'bigint', (c) => c.notNull())
    .addColumn('close', 'bigint', (c) => c.notNull())
    .addColumn('volume', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('market_candles_pk', ['market', 't'])
    .execute();
}
