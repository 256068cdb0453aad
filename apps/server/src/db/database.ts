// The one Kysely instance over a pg pool. BIGINT columns come back as strings (pg's
// default) so money is never squeezed through a float; services convert with BigInt().
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { writeWatcher } from './replicas.ts';
import { keepClientErrors } from './pool-errors.ts';
import type { Database, Db } from './schema.ts';

export type { Db };

export function createDb(connectionString: string, max = 10): Db {
  const pool = new pg.Pool({ connectionString, max, application_name: 'olive' });
  // An idle client that loses its server must not take the process down.
  pool.on('error', () => undefined);
  keepClientErrors(pool);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    // Tells the read routing that a request wrote (docs/decisions/144-read-replicas.md).
    plugins: [writeWatcher],
  });
  pools.set(db, pool);
  return db;
}

const pools = new WeakMap<Db, pg.Pool>();

/** The pool under `db` (made by createDb), for the pool-use metrics and the read routing. */
export function poolOf(db: Db): pg.Pool {
  const pool = pools.get(db);
  if (!pool) throw new Error('not a database made by createDb');
  return pool;
}

/**
 * A client of the pool under `db`, for what Kysely cannot express (COPY); release it. A
 * transaction's `trx` is not the `db` it came from: pass the `db`.
 */
export function poolClient(db: Db): Promise<pg.PoolClient> {
  const pool = pools.get(db);
  if (!pool) throw new Error('not a database made by createDb');
  return pool.connect();
}

/** A deadlock or serialisation failure: the transaction rolled back and may be run again. */
export function isTransientError(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}
