// Logins per second at the chosen argon2id cost (19 MiB, t=2, p=1), with latency
// percentiles. Starts the real server (`npm start`'s entry point) on a fresh embedded
// PostgreSQL, inserts accounts, then drives /api/user/login with autocannon.
// Run: npx tsx bench/auth/logins.ts [connections=16] [seconds=20]
import { writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { insertInvestors, startOlive } from '../lib/olive.ts';

const connections = Number(process.argv[2] ?? 16);
const seconds = Number(process.argv[3] ?? 20);
const USERS = 500;
const PASSWORD = 'bench-olive-2026';
const olive = await startOlive();
const port = olive.port;

await insertInvestors(olive.dbUrl, { prefix: 'bench', count: USERS, password: PASSWORD });

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
await olive.stop();

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
