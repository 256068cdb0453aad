// Logins per second at the chosen argon2id cost (19 MiB, t=2, p=1), with latency
// percentiles. Starts the real server (`npm start`'s entry point) on a fresh embedded
// PostgreSQL, inserts accounts, then drives /api/user/login with autocannon.
// Run: npx tsx bench/auth/logins.ts [connections=16] [seconds=20]
import { spawn } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { hashPassword } from '../../apps/server/src/modules/auth/password.ts';

const connections = Number(process.argv[2] ?? 16);
const seconds = Number(process.argv[3] ?? 20);
const USERS = 500;
const PASSWORD = 'bench-olive-2026';
const port = 18100 + Math.floor(Math.random() * 500);
const pgPort = 18700 + Math.floor(Math.random() * 500);
const dataDir = await mkdtemp(join(tmpdir(), 'olive-bench-'));
await chmod(dataDir, 0o755); // PostgreSQL runs as its own user when we are root

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    PG_PORT: String(pgPort),
    PG_DATA_DIR: join(dataDir, 'pg'),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '10000000',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000000',
    DEV_INBOX_PORT: '0',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve, reject) => {
  server.stdout.on(
    'data',
    (chunk: Buffer) => chunk.toString().includes('Olive is running') && resolve(),
  );
  server.once('exit', (code) => reject(new Error(`server exited ${code}`)));
});

const db = new pg.Client({
  connectionString: `postgres://postgres:olive-local@127.0.0.1:${pgPort}/olive`,
});
await db.connect();
const hash = await hashPassword(PASSWORD);
await db.query(
  `insert into users (account, account_kind, password_hash, fund_password_hash, nickname, invite_code)
   select 'bench' || i || '@example.com', 'email', $1, $1, 'bench' || i, 'B' || lpad(i::text, 7, '0')
   from generate_series(1, ${USERS}) i`,
  [hash],
);
await db.end();

// The figure only means something if the logins succeed.
const probe = (await (
  await fetch(`http://127.0.0.1:${port}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `account=bench1%40example.com&password=${PASSWORD}`,
  })
).json()) as { code: number };
if (probe.code !== 1) throw new Error(`login probe failed: ${JSON.stringify(probe)}`);

let next = 0;
const result = await autocannon({
  url: `http://127.0.0.1:${port}/api/user/login`,
  connections,
  duration: seconds,
  requests: [
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      setupRequest: (request) => ({
        ...request,
        body: `account=bench${(next++ % USERS) + 1}%40example.com&password=${PASSWORD}&lang=en`,
      }),
    },
  ],
});
server.kill('SIGTERM');
await new Promise((r) => server.once('exit', r));
await rm(dataDir, { recursive: true, force: true });

const summary = {
  measured_at: new Date().toISOString(),
  machine: `${cpus().length} cores, ${cpus()[0]?.model ?? ''}`,
  argon2id: { memory_kib: 19456, time_cost: 2, parallelism: 1 },
  connections,
  seconds,
  logins_per_second: result.requests.average,
  ok_replies: result['2xx'],
  non_2xx: result.non2xx,
  errors: result.errors,
  latency_ms: {
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
  },
};
await writeFile('bench/results/logins.json', `${JSON.stringify(summary, null, 2)}\n`);
process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
