// Builds the real app on a test database. `createTestApp` is for app.inject tests;
// `startTestServer` listens on a free loopback port and serves the built investor app,
// for browser journeys.
import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { startDevchain, type Devchain } from '@olive/devchain';
import { devchainEnvironment } from '../src/modules/wallet/devchain.ts';
import { startWorkers, type Workers } from '../src/workers/index.ts';
import { workerPlan } from '../src/worker-plan.ts';
import type { Envelope } from '@olive/protocol';
import { buildApp, type App } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { Replicas } from '../src/db/replicas.ts';
import { systemClock, type Clock } from '../src/ports/clock.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { DevInbox } from '../src/modules/messaging/dev-inbox.ts';
import type { CaptchaGenerator } from '../src/modules/auth/captcha.ts';
import type { MiningDataFeed } from '../src/modules/mining/feed.ts';
import { applyContracts, type ChainEnvironment } from '../src/modules/wallet/chain-environment.ts';

/** Every test captcha reads TEST: a picture cannot be read by a test, the rule around it can. */
export const TEST_CAPTCHA = 'TEST';
// A real picture of the word, so the journeys' screenshots show a captcha, not a broken image.
const TEST_CAPTCHA_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40">' +
  '<rect width="120" height="40" fill="#f4f1d0"/>' +
  '<text x="60" y="28" font-family="monospace" font-size="22" text-anchor="middle" ' +
  `fill="#333300">${TEST_CAPTCHA}</text></svg>`;
const testCaptcha: CaptchaGenerator = {
  create: () => ({ text: TEST_CAPTCHA, svg: TEST_CAPTCHA_SVG }),
};

export interface TestApp {
  app: App;
  /** The app role's pool (owns nothing, decision 140), as the app under test uses. */
  db: TestDatabase['db'];
  /** The app role's connection string. */
  databaseUrl: string;
  /** The schema owner's pool: for what the app may not do (raw attacks, statistics). */
  ownerDb: TestDatabase['owner'];
  ownerUrl: string;
  config: Config;
  /** The SMTP sink every mail of this app goes to (real SMTP over loopback). */
  inbox: DevInbox;
  /** The newest 6-digit code mailed or texted to `to`, waiting for it to arrive. */
  codeFor(to: string): Promise<string>;
  /** POSTs a form-encoded call and returns the envelope. */
  call<T = unknown>(
    path: string,
    body?: Record<string, string>,
    headers?: Record<string, string>,
  ): Promise<Envelope<T> & { headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  clock?: Clock;
  env?: Record<string, string>;
  /** The chains the app talks to (a test devchain's environment). */
  chain?: ChainEnvironment;
  /** Read replicas for the lag-tolerant reads (decision 144). */
  replicas?: Replicas;
  /** Mining network data (default: the seeded simulator). */
  miningFeed?: MiningDataFeed;
  /** Receives every log line (JSON) at `logLevel`, for tests that assert on the log. */
  logStream?: { write(line: string): void };
  logLevel?: string;
  /** A database made by the caller (shared with another process); not dropped at close. */
  database?: TestDatabase;
  /**
   * With REDIS_URL: the key prefix of this app's counters. Each app gets a fresh one, so
   * test files sharing CI's Redis never meet; apps that should share counters (as API
   * processes do) pass the same prefix.
   */
  redisPrefix?: string;
  /**
   * Keep users' balance figures in memory until the ledger notifies (as `npm start` does).
   * Off by default: tests that write balances with raw SQL would otherwise race the
   * notification.
   */
  balanceCache?: boolean;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const ownDatabase = !options.database;
  const database = options.database ?? (await createTestDatabase());
  const inbox = new DevInbox();
  await inbox.listen(0);
  const config = loadConfig({
    SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: database.url,
    RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    AUTH_LIMIT_PER_HOUR: '100000',
    REDIS_URL: process.env.REDIS_URL ?? '',
    // Proof-of-reserves files of this app go to a folder of its own.
    RESERVES_DIR: await mkdtemp(join(tmpdir(), 'olive-reserves-')),
    ...options.env,
  });
  // With REDIS_URL (CI's second run) shared counters go through the real Redis.
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, {
        keyPrefix: options.redisPrefix ?? `olive-test:${randomUUID()}:`,
      })
    : null;
  const app = await buildApp({
    config,
    db: database.db,
    clock: options.clock ?? systemClock,
    redis,
    devInbox: inbox,
    captchaGenerator: testCaptcha,
    chain: options.chain ?? null,
    replicas: options.replicas ?? null,
    ...(options.miningFeed ? { miningFeed: options.miningFeed } : {}),
    ...(options.balanceCache ? { databaseUrl: database.url } : {}),
    logger: options.logStream
      ? { level: options.logLevel ?? 'warn', stream: options.logStream }
      : { level: config.LOG_LEVEL },
  });
  await app.ready();
  if (options.chain) await applyContracts(app.services.deposits, options.chain);
  return {
    app,
    db: database.db,
    databaseUrl: database.url,
    ownerDb: database.owner,
    ownerUrl: database.ownerUrl,
    config,
    inbox,
    async codeFor(to) {
      // A code asked for over HTTP (a browser) goes out after its answer: send it now.
      await app.services.modules.signIn.later.drain();
      for (let i = 0; i < 100; i++) {
        const message = inbox.list(to)[0];
        const code = message && /\b(\d{6})\b/.exec(message.text)?.[1];
        if (code) return code;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no code arrived for ${to}`);
    },
    async call(path, body = {}, headers = {}) {
      const response = await app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams(body).toString(),
      });
      // Codes and notices go out after the answer (decision 137): a test's call returns
      // once they are delivered, as it did when they went out inside the call.
      await app.services.modules.signIn.later.drain();
      return { ...(response.json() as Envelope<never>), headers: response.headers };
    },
    async close() {
      await app.close();
      await redis?.quit();
      await inbox.close();
      if (ownDatabase) await database.drop();
    },
  };
}

/**
 * The app listening on a free loopback port. With `devchain`, a local chain runs beside it
 * (a block every `blockTimeMs`), confirmations are `confirmations` on every network, and
 * the worker's wallet loops (deposit watchers, withdrawal senders) run as in `npm start`.
 */
export async function startTestServer(
  options: TestAppOptions & { devchain?: { blockTimeMs?: number; confirmations?: number } } = {},
) {
  let devchain: Devchain | null = null;
  let chain = options.chain;
  if (options.devchain) {
    const dataDir = await mkdtemp(join(tmpdir(), 'olive-devchain-'));
    devchain = await startDevchain({
      port: 0,
      dataDir,
      blockTimeMs: options.devchain.blockTimeMs ?? 500,
    });
    chain = devchainEnvironment(devchain);
  }
  const test = await createTestApp({ ...options, ...(chain ? { chain } : {}) });
  let workers: Workers | null = null;
  if (devchain && chain) {
    await test.db
      .updateTable('network_settings')
      .set({ confirmations: options.devchain?.confirmations ?? 3 })
      .execute();
    const quiet = { info: () => {}, warn: () => {}, error: () => {} };
    workers = await startWorkers(
      test.databaseUrl,
      workerPlan(test.db, test.app.services, chain, quiet),
      quiet,
    );
  }
  await test.app.listen({ host: '127.0.0.1', port: 0 });
  const address = test.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    ...test,
    devchain,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await workers?.stop();
      await test.close();
      await devchain?.stop();
    },
  };
}
