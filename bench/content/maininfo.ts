// maininfo for a signed-in investor (session check, ledger totals, unread count, Home's
// content) against a bare Fastify route answering the same JSON, in the same process and
// run, alternating; then the Home screen's JavaScript and first paint on a cold load in
// Chromium. Needs DATABASE_URL (a PostgreSQL maintenance database) and a built apps/web.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/content/maininfo.ts [connections=20] [seconds=10]
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import Fastify from 'fastify';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { parseAmount } from '@olive/protocol';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { createDb } from '../../apps/server/src/db/database.ts';
import { migrateToLatest } from '../../apps/server/src/db/migrate.ts';
import { seed } from '../../apps/server/src/db/seed.ts';
import {
  platformAccount,
  userAccount,
} from '../../apps/server/src/modules/ledger/ledger.service.ts';
import { systemClock } from '../../apps/server/src/ports/clock.ts';

const connections = Number(process.argv[2] ?? 20);
const seconds = Number(process.argv[3] ?? 10);
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

// The yardstick: Fastify alone, the same JSON, same framing.
const bare = Fastify({ logger: false });
// Fastify alone has no form parser: without this one it answers 415 to the same request.
bare.addContentTypeParser(
  'application/x-www-form-urlencoded',
  { parseAs: 'string' },
  (_request, text, done) => done(null, text),
);
bare.post('/api/main/maininfo', async (_request, reply) =>
  reply.header('content-type', 'application/json; charset=utf-8').send(body),
);
await bare.listen({ port: 0, host: '127.0.0.1' });
const yard = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}`;

// A fetch-based load generator: every request's reply is read and checked.
async function load(base: string) {
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        const reply = await fetch(`${base}/api/main/maininfo`, {
          method: 'POST',
          headers,
          body: 'lang=en',
        });
        const text = await reply.text();
        if (reply.status !== 200 || !text.startsWith('{"code":1')) failures += 1;
        latencies.push(performance.now() - started);
      }
    }),
  );
  if (failures > 0) throw new Error(`${base}: ${failures} failed requests`);
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Number(latencies[Math.floor(q * (latencies.length - 1))]!.toFixed(1));
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99) };
}

await load(olive); // warm-up (JIT, pools, caches) for both
await load(yard);
type Figures = Awaited<ReturnType<typeof load>>;
const rounds: { olive: Figures; bare: Figures }[] = [];
for (let i = 0; i < 2; i++) rounds.push({ olive: await load(olive), bare: await load(yard) });
const avg = (pick: (r: { olive: Figures; bare: Figures }) => number) =>
  rounds.reduce((sum, r) => sum + pick(r), 0) / rounds.length;
const api = {
  connections,
  seconds,
  maininfo_rps: Math.round(avg((r) => r.olive.rps)),
  maininfo_p99_ms: avg((r) => r.olive.p99),
  bare_rps: Math.round(avg((r) => r.bare.rps)),
  bare_p99_ms: avg((r) => r.bare.p99),
  ratio_rps: Number((avg((r) => r.olive.rps) / avg((r) => r.bare.rps)).toFixed(3)),
  rounds,
};
process.stdout.write(`${JSON.stringify(api)}\n`);

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
  `${JSON.stringify({ measured_at: new Date().toISOString(), api, web }, null, 2)}\n`,
);
await bare.close();
await app.close();
await db.destroy();
await admin.query(`drop database "${name}" with (force)`);
await admin.end();
