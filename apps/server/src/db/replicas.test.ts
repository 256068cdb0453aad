// The read routing against a real streaming replica (a throwaway primary and a
// pg_basebackup of it, from the machine's PostgreSQL): lag-tolerant reads go to the
// replica; a lagging or dead replica, a write, a transaction, a locking read and a caller
// who just wrote all go to the primary.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createDb, poolOf, type Db } from './database.ts';
import {
  createReplicas,
  inRequestScope,
  isPlainSelect,
  memoryWriters,
  requestScope,
  type Replicas,
} from './replicas.ts';
import {
  machinePostgresBin,
  startStreamingPair,
  type StreamingPair,
} from '../../test/streaming-replica.ts';

// Which server answered: the replica is in recovery, the primary is not.
const served = async (db: Db) =>
  (await sql<{ standby: boolean }>`select pg_is_in_recovery() as standby`.execute(db)).rows[0]!
    .standby
    ? 'replica'
    : 'primary';

describe.skipIf(!machinePostgresBin())('read replicas', () => {
  let pair: StreamingPair;
  let primary: Db;
  let replicas: Replicas;

  beforeAll(async () => {
    pair = await startStreamingPair();
    primary = createDb(pair.primaryUrl, 4);
    await sql`create table notes (id serial primary key, body text not null)`.execute(primary);
    replicas = createReplicas({
      primary: poolOf(primary),
      replicaUrls: [pair.replicaUrl],
      poolSize: 2,
      maxLagMs: 5_000,
      stickyMs: 60_000,
      probeMs: 60_000, // probed by hand below
      writers: memoryWriters(),
    });
  }, 60_000);
  afterAll(async () => {
    await replicas?.close();
    await primary?.destroy();
    await pair?.stop();
  });

  /** Waits until the replica has replayed everything the primary wrote so far. */
  async function caughtUp() {
    const { rows } = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(
      primary,
    );
    const replica = createDb(pair.replicaUrl, 1);
    try {
      for (;;) {
        const r = await sql<{ done: boolean }>`
          select pg_last_wal_replay_lsn() >= ${rows[0]!.lsn}::pg_lsn as done`.execute(replica);
        if (r.rows[0]!.done) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await replica.destroy();
    }
  }

  it('sends a plain read to a replica that has caught up, and counts it', async () => {
    await primary
      .insertInto('notes' as never)
      .values({ body: 'first' } as never)
      .execute();
    await caughtUp();
    await replicas.probe();
    expect(replicas.states()).toEqual([
      expect.objectContaining({ name: 'replica 1', lagSeconds: 0, used: true }),
    ]);
    expect(await served(replicas.readDb)).toBe('replica');
    const rows = await replicas.readDb
      .selectFrom('notes' as never)
      .select('body' as never)
      .execute();
    expect(rows).toEqual([{ body: 'first' }]);
    expect(replicas.states()[0]!.reads).toBeGreaterThanOrEqual(2);
  });

  it('sends writes, transactions and locking reads to the primary, even through readDb', async () => {
    const inserted = await replicas.readDb
      .insertInto('notes' as never)
      .values({ body: 'through readDb' } as never)
      .returning('id' as never)
      .executeTakeFirstOrThrow();
    expect(inserted).toHaveProperty('id');
    const inTransaction = await replicas.readDb.transaction().execute((trx) => served(trx));
    expect(inTransaction).toBe('primary');
    const locking = await replicas.readDb
      .selectFrom('notes' as never)
      .select(sql<boolean>`pg_is_in_recovery()`.as('standby'))
      .forUpdate()
      .execute();
    expect(locking.every((row) => (row as { standby: boolean }).standby === false)).toBe(true);
    expect(await served(replicas.readDb)).toBe('replica');
  });

  it('falls back to the primary while the replica lags past the bound, and back after', async () => {
    await pair.pauseReplay();
    try {
      await primary
        .insertInto('notes' as never)
        .values({ body: 'while paused' } as never)
        .execute();
      // The replica received the write but does not replay it: its lag is the time since
      // the last transaction it replayed. A bound of 0 ms makes any lag too much.
      const strict = createReplicas({
        primary: poolOf(primary),
        replicaUrls: [pair.replicaUrl],
        poolSize: 1,
        maxLagMs: 0,
        stickyMs: 0,
        probeMs: 60_000,
      });
      try {
        for (;;) {
          // Until the WAL with the paused write has arrived on the replica.
          await strict.probe();
          if ((strict.states()[0]!.lagSeconds ?? 0) > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(strict.states()[0]!.used).toBe(false);
        const bodies = await strict.readDb
          .selectFrom('notes' as never)
          .select('body' as never)
          .execute();
        expect(bodies).toContainEqual({ body: 'while paused' });
        expect(await served(strict.readDb)).toBe('primary');
      } finally {
        await strict.close();
      }
    } finally {
      await pair.resumeReplay();
    }
    await caughtUp();
    await replicas.probe();
    expect(await served(replicas.readDb)).toBe('replica');
  });

  it("reads a caller's own write from the primary: the caller who wrote is sent there", async () => {
    await caughtUp();
    await replicas.probe();
    await inRequestScope(async () => {
      const scope = requestScope()!;
      scope.actor = 'u:7';
      expect(await served(replicas.readDb)).toBe('replica');
      await primary
        .insertInto('notes' as never)
        .values({ body: 'mine' } as never)
        .execute();
      expect(scope.wrote).toBe(true);
      replicas.noteWrite('u:7');
      expect(await served(replicas.readDb)).toBe('primary');
    });
    // Another caller still reads the replica.
    await inRequestScope(async () => {
      requestScope()!.actor = 'u:8';
      expect(requestScope()!.wrote).toBe(false);
      expect(await served(replicas.readDb)).toBe('replica');
    });
  });

  it('tells a read from anything else', () => {
    const compiled = (q: { compile(): never }) => q.compile();
    expect(isPlainSelect(compiled(primary.selectFrom('notes' as never).selectAll() as never))).toBe(
      true,
    );
    expect(
      isPlainSelect(
        compiled(
          primary
            .selectFrom('notes' as never)
            .selectAll()
            .forShare() as never,
        ),
      ),
    ).toBe(false);
    expect(isPlainSelect(sql`select pg_advisory_lock(1)`.compile(primary))).toBe(false);
    expect(
      isPlainSelect(
        sql`with x as (delete from notes returning *) select * from x`.compile(primary),
      ),
    ).toBe(false);
    expect(isPlainSelect(sql`select count(*) from notes`.compile(primary))).toBe(true);
  });

  it('reads the primary while the replica is down', async () => {
    await pair.stopReplica();
    // The next read finds it gone: answered by the primary, and the replica is dropped.
    expect(await served(replicas.readDb)).toBe('primary');
    await replicas.probe();
    expect(replicas.states()[0]).toMatchObject({ lagSeconds: null, used: false });
    expect(await served(replicas.readDb)).toBe('primary');
  });
});
