// The Home screen's JavaScript and first paint on a cold load in Chromium, for a signed-in
// investor's maininfo. The call's throughput against a bare Fastify route is measured by
// bench/api/userinfo.ts --call=/api/main/maininfo (autocannon, the bare route in a process
// of its own): a load generator inside the measured process, as this script had, capped
// the bare route at its own speed and made the ratio look ten times better than it was.
// Needs DATABASE_URL (a PostgreSQL maintenance database) and a built apps/web.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/content/maininfo.ts
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { parseAmount } from '@olive/protocol';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createDb } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { seed } from '../../apps/server/src/seed.ts';
import {
  platformAccount,
  userAccount,
} from '../../apps/server/src/modules/ledger/ledger.service.ts';
import { systemClock } from '../../apps/server/src/ports/clock.ts';

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('set DATABASE_URL to a PostgreSQL maintenance database');

const name = `olive_bench_content_${randomBytes(3).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database "${name}"`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const db = createDb(url.toString(), 10);
await migrateToLatest(db as never);
await seed(db);

const config = loadConfig({
  NODE_ENV: 'development',
  DATABASE_URL: url.toString(),
  SMTP_URL: 'smtp://127.0.0.1:1',
  LOG_LEVEL: 'warn',
  RATE_LIMIT_PER_MINUTE: '100000000',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
});
const app = await buildApp({ config, db, clock: systemClock, logger: { level: 'error' } });
await app.listen({ port: 0, host: '127.0.0.1' });
const olive = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

// A signed-in investor with a deposit.
const user = await db
  .insertInto('users')
  .values({
    account: 'bench-home@example.com',
    account_kind: 'email',
    password_hash: 'x',
    fund_password_hash: 'x',
    nickname: 'bench',
    invite_code: 'BENCHHOME',
    lang: 'en',
    inviter_id: null,
    avatar: null,
    telegram: null,
  })
  .returning('id')
  .executeTakeFirstOrThrow();
await app.services.ledger.post({
  kind: 'deposit',
  idempotencyKey: `bench:${user.id}`,
  postings: [
    { account: platformAccount('custody', 'trc20'), amount: -parseAmount('1000') },
    { account: userAccount(user.id, 'available'), amount: parseAmount('1000') },
  ],
});
const { token } = await app.services.sessions.issue(user.id);
const headers = {
  'Content-Type': 'application/x-www-form-urlencoded',
  authorization: `Bearer ${token}`,
  userid: user.id,
};

// Let start-up work (migrations, seed, image encoding) leave the event-loop delay sampler,
// or under-pressure sheds the first requests.
await new Promise((resolve) => setTimeout(resolve, 5000));
const probe = await fetch(`${olive}/api/main/maininfo`, {
  method: 'POST',
  headers,
  body: 'lang=en',
});
const body = await probe.text();
const parsed = JSON.parse(body) as { code: number; data: { assets?: unknown } };
if (parsed.code !== 1 || !parsed.data.assets) throw new Error(`maininfo probe failed: ${body}`);

// Home on a cold load: a fresh browser context (no cache, no service worker yet).
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu'],
});
const paints = [];
for (let i = 0; i < 3; i++) {
  const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
  const page = await context.newPage();
  await page.goto(`${olive}/#/pages/index/index`);
  await page.getByTestId('help-centre').waitFor();
  const figures = await page.evaluate(() => {
    const resources = performance.getEntriesByType('resource') as unknown as {
      name: string;
      transferSize: number;
      decodedBodySize: number;
    }[];
    const scripts = resources.filter((r) => r.name.endsWith('.js'));
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return {
      js_files: scripts.length,
      js_transferred_bytes: scripts.reduce((s, r) => s + r.transferSize, 0),
      js_decoded_bytes: scripts.reduce((s, r) => s + r.decodedBodySize, 0),
      first_contentful_paint_ms: Math.round(fcp?.startTime ?? -1),
      home_content_ms: Math.round(performance.now()),
    };
  });
  paints.push(figures);
  await context.close();
}
await browser.close();
const web = { cold_loads: paints };
process.stdout.write(`${JSON.stringify(web)}\n`);

await writeFile(
  new URL('../results/content-maininfo.json', import.meta.url),
  `${JSON.stringify({ measured_at: new Date().toISOString(), web }, null, 2)}\n`,
);
await app.close();
await db.destroy();
await admin.query(`drop database "${name}" with (force)`);
await admin.end();
