// A new installation publishes its first proof of reserves when a worker starts, not at the
// next 00:05 UTC: two workers starting together on an empty database take exactly one
// snapshot between them, and a worker starting on a database that has one takes none.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { startWorkers, type Workers } from '../../workers/index.ts';
import { workerPlan } from '../../worker-plan.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());

const published = async () =>
  (await t.call<{ list: { snapshot_id: string; root: string }[] }>('/api/main/reserves')).data!
    .list;

const startWorker = () =>
  startWorkers(t.databaseUrl, workerPlan(t.db, t.app.services, null, quiet), quiet);

/** Until the queue holds no first-snapshot job (done, or never queued). */
async function queueSettled() {
  for (let i = 0; i < 300; i++) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from graphile_worker.jobs where key = 'reserves_first_snapshot'
    `.execute(t.db);
    if (rows[0]!.n === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the first-snapshot job never finished');
}

describe('the first snapshot', () => {
  it('is taken once when two workers start on a new installation', async () => {
    expect(await published()).toEqual([]);
    // One after the other: graphile-worker's first start installs its schema, and two
    // installing at once collide (its own start-up, not the snapshot).
    const workers: Workers[] = [await startWorker()];
    workers.push(await startWorker());
    try {
      await expect.poll(async () => (await published()).length, { timeout: 30_000 }).toBe(1);
      await queueSettled();
      // Both workers have seen the job (or its key) through: still one snapshot.
      expect(await published()).toHaveLength(1);
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
    }
  }, 60_000);

  it('is not taken again by a worker that starts later', async () => {
    const before = await published();
    const worker = await startWorker();
    try {
      await queueSettled();
      expect(await published()).toEqual(before);
    } finally {
      await worker.stop();
    }
  }, 60_000);

  it('never runs beside another snapshot: concurrent first snapshots take none, or one', async () => {
    const fresh = await createTestApp();
    try {
      const service = fresh.app.services.reserves.reserves;
      const results = await Promise.all([
        service.takeFirstSnapshot(),
        service.takeFirstSnapshot(),
        service.takeFirstSnapshot(),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await service.takeFirstSnapshot()).toBeNull();
    } finally {
      await fresh.close();
    }
  }, 60_000);
});
