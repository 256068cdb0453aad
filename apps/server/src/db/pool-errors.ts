// What a pg pool needs so that losing its server never ends the process.
import type pg from 'pg';

/**
 * A client checked out of the pool (a transaction between two statements, a COPY) has no
 * 'error' listener: when its server goes away (a failover), pg emits 'error' on it and Node
 * ends the process. Every client gets one for life; the query under way still fails and
 * the pool drops the client when it is released.
 */
export function keepClientErrors(pool: pg.Pool) {
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
}
