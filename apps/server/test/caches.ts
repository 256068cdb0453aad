// For the tests of the per-user caches (balance, profile): two app processes on one
// database, both caching, and a poll for a figure that another process changed.
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * The app under test and a second process on the same database (a worker, the console,
 * another API process), both with their caches on. Close `other` first.
 */
export async function cachingPair(): Promise<{ t: TestApp; other: TestApp }> {
  const t = await createTestApp({ balanceCache: true });
  const other = await createTestApp({
    database: { db: t.db, url: t.databaseUrl } as never,
    balanceCache: true,
  });
  return { t, other };
}

/**
 * A test file's caching pair: built before its tests and handed to `use`, closed after them
 * (`other` first).
 */
export function withCachingPair(use: (pair: { t: TestApp; other: TestApp }) => void) {
  let pair: { t: TestApp; other: TestApp } | undefined;
  beforeAll(async () => {
    pair = await cachingPair();
    use(pair);
  });
  afterAll(async () => {
    await pair?.other.close();
    await pair?.t.close();
  });
}

/** Polls until `read` gives `want`, for at most two seconds; returns how long it took. */
export async function until(read: () => Promise<string>, want: string) {
  const started = Date.now();
  let seen = await read();
  while (seen !== want && Date.now() - started < 2_000) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    seen = await read();
  }
  expect(seen).toBe(want);
  return Date.now() - started;
}

/**
 * Every notification on `channel` from now on, with when it came: `naming(id)` gives the
 * times of those that named `id` (to count a write's announcements). Close it after.
 */
export async function listenTo(connectionString: string, channel: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  await client.query(`listen ${channel}`);
  const heard: { at: number; ids: string[] }[] = [];
  client.on('notification', (message) => {
    heard.push({ at: Date.now(), ids: (message.payload ?? '').split(',') });
  });
  return {
    naming: (id: string) => heard.filter((h) => h.ids.includes(id)).map((h) => h.at),
    close: () => client.end(),
  };
}
