// Builds the real app on a test database. `createTestApp` is for app.inject tests;
// `startTestServer` listens on a free loopback port and serves the built investor app,
// for browser journeys.
import { Redis } from 'ioredis';
import type { Envelope } from '@olive/protocol';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { systemClock, type Clock } from '../src/ports/clock.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export interface TestApp {
  app: App;
  db: TestDatabase['db'];
  databaseUrl: string;
  config: Config;
  /** POSTs a form-encoded call and returns the envelope. */
  call<T = unknown>(
    path: string,
    body?: Record<string, string>,
    headers?: Record<string, string>,
  ): Promise<Envelope<T> & { headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

export async function createTestApp(
  options: { clock?: Clock; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: database.url,
    RATE_LIMIT_PER_MINUTE: '100000',
    REDIS_URL: process.env.REDIS_URL ?? '',
    ...options.env,
  });
  // With REDIS_URL (CI's second run) shared counters go through the real Redis.
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL) : null;
  const app = await buildApp({
    config,
    db: database.db,
    clock: options.clock ?? systemClock,
    redis,
    logger: { level: config.LOG_LEVEL },
  });
  await app.ready();
  return {
    app,
    db: database.db,
    databaseUrl: database.url,
    config,
    async call(path, body = {}, headers = {}) {
      const response = await app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams(body).toString(),
      });
      return { ...(response.json() as Envelope<never>), headers: response.headers };
    },
    async close() {
      await app.close();
      await redis?.quit();
      await database.drop();
    },
  };
}

export async function startTestServer(
  options: { clock?: Clock; env?: Record<string, string> } = {},
) {
  const test = await createTestApp(options);
  await test.app.listen({ host: '127.0.0.1', port: 0 });
  const address = test.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { ...test, url: `http://127.0.0.1:${port}` };
}
