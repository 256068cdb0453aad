// After a database failover every connection of a worker is cut at once (here by
// pg_terminate_backend, as a dying primary does): the process must live on, its loops be led
// again, graphile-worker run jobs again and the caches listen again, all by themselves.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { startWorkers, type Workers } from './index.ts';
import { BALANCE_CHANNEL, userCache } from '../db/user-cache.ts';
import { poolClient } from '../db/database.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(2);
});
afterAll(() => database.drop());

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const until = async (what: string, check: () => boolean | Promise<boolean>, ms = 20_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what}: not reached`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

async function terminateEveryone() {
  const admin = new pg.Client({ connectionString: database.superuserUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ n: string }>(
      `select count(pg_terminate_backend(pid))::text as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return Number(rows[0]!.n);
  } finally {
    await admin.end();
  }
}
const connectionsNamed = async (name: string) =>
  Number(
    (
      await sql<{ n: string }>`select count(*)::text as n from pg_stat_activity
        where datname = current_database() and application_name = ${name}`.execute(database.owner)
    ).rows[0]!.n,
  );

describe('reconnecting after the database drops every connection', () => {
  let workers: Workers | undefined;
  afterAll(async () => workers?.stop());

  it('leads its loops again, runs jobs again and listens again', async () => {
    let ticks = 0;
    const ran: string[] = [];
    workers = await startWorkers(
      database.url,
      {
        tasks: { note: async (payload) => void ran.push((payload as { n: string }).n) },
        crontab: [],
        loops: [{ name: 'reconnect-test', intervalMs: 20, tick: async () => void ticks++ }],
      },
      quiet,
    );
    const cache = userCache<string>({
      channel: BALANCE_CHANNEL,
      connectionString: database.url,
      maxAgeMs: 60_000,
    });
    await cache.start();
    try {
      await until('the loop to lead', () => ticks > 3);
      await workers.runner.addJob('note', { n: 'before' });
      await until('a job before', () => ran.includes('before'));
      expect(await connectionsNamed('olive-cache-ledger_moved')).toBe(1);

      // A client checked out of the app's pool, idle between two statements, as a
      // transaction's is: its server going away must not end the process.
      const held = await poolClient(database.db);
      expect(await terminateEveryone()).toBeGreaterThan(2);
      await new Promise((r) => setTimeout(r, 200));
      held.release(true);

      const before = ticks;
      await until('the loop to be led again', () => ticks > before + 3);
      expect(workers.loops[0]!.leading).toBe(true);
      await until(
        'the cache to listen again',
        async () => (await connectionsNamed('olive-cache-ledger_moved')) === 1,
      );
      // graphile-worker's own pool and listener recover: a job queued now runs.
      await until('a job to be queued', async () => {
        try {
          await workers!.runner.addJob('note', { n: 'after' });
          return true;
        } catch {
          return false;
        }
      });
      await until('a job after', () => ran.includes('after'));
    } finally {
      await cache.stop();
    }
  }, 60_000);
});
