// Soak (issue 17): mixed traffic against the real server (`npm start`'s entry point on a
// fresh embedded PostgreSQL, its devchain and workers included) for 10 minutes, at the
// highest rate this machine holds with p99 under 100 ms. First a ramp (20 s per step) finds
// that rate; then the soak runs at it. The mix: logins, userinfo, Home, lists, robot
// creations/starts/stops, withdrawals, while deposits arrive on the devchain. Reported:
// errors (no answer, a non-200, "something went wrong" or "busy"; refusals such as a short
// balance are counted apart), p50/p99 per call, and every 10 s the server's memory (RSS)
// and its database connections. Zero errors is the bar; a climbing memory curve is a defect.
// The load is generated open-loop (a fixed schedule, not "send when the last came back"),
// from this process, on the same 2 cores as the server: its figures include that cost.
// Run: npx tsx bench/soak/mixed.ts [soakSeconds=600] [--rate=N to skip the ramp]
import { randomInt } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import pg from 'pg';
import { readDeployment, sendTestUsdt } from '@olive/devchain';
import { insertInvestors, startOlive } from '../lib/olive.ts';

const soakSeconds = Number(process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 600);
const fixedRate = Number(process.argv.find((a) => a.startsWith('--rate='))?.slice(7) ?? 0);
const USERS = 200;
const PASSWORD = 'bench-olive-2026';
const FUND = '246810';
const olive = await startOlive({ env: { DEVCHAIN_BLOCK_MS: '1000' }, stderr: 'pipe' });
const { port, server, dataDir, dbUrl } = olive;
let serverLog = '';
server.stderr!.on('data', (chunk: Buffer) => (serverLog = (serverLog + chunk).slice(-20000)));

await insertInvestors(dbUrl, {
  prefix: 'soak',
  count: USERS,
  password: PASSWORD,
  fundPassword: FUND,
});
// For the samples of database connections.
const db = new pg.Client({ connectionString: dbUrl });
await db.connect();

// Each investor calls from a loopback address of their own (127.0.0.x) over keep-alive
// connections, as distinct people would: per-IP limits see one person each, not one
// address doing everyone's logins.
const agents = new Map<string, Agent>();
function post(
  path: string,
  body: Record<string, string>,
  token?: string,
  from = '127.0.0.1',
): Promise<{
  status: number;
  reply: { code: number; msg: string; data?: Record<string, unknown> };
}> {
  let agent = agents.get(from);
  if (!agent)
    agents.set(from, (agent = new Agent({ keepAlive: true, localAddress: from } as never)));
  const payload = new URLSearchParams(body).toString();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(payload),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve({
              status: res.statusCode ?? 0,
              reply: JSON.parse(Buffer.concat(chunks).toString('utf8')),
            });
          } catch (error) {
            reject(error as Error);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

interface Investor {
  from: string;
  account: string;
  token: string;
  deposit: string;
  robots: string[];
  running: string[];
}
const investors: Investor[] = [];
for (let i = 1; i <= USERS; i++) {
  const account = `soak${i}@example.com`;
  const from = `127.0.${Math.floor(i / 250)}.${(i % 250) + 2}`;
  const login = await post('/api/user/login', { account, password: PASSWORD }, undefined, from);
  const token = String(login.reply.data?.token ?? '');
  if (!token) throw new Error(`${account} could not log in: ${login.reply.msg}`);
  const invest = await post('/api/user/invest', { network: 'bep20' }, token, from);
  const saved = await post(
    '/api/user/setaddress',
    {
      network: 'bep20',
      address: `0x${'0'.repeat(30)}50a6${i.toString(16).padStart(6, '0')}`,
      fund_password: FUND,
    },
    token,
    from,
  );
  if (saved.reply.code !== 1) throw new Error(`${account}: no address saved: ${saved.reply.msg}`);
  investors.push({
    from,
    account,
    token,
    deposit: String(invest.reply.data?.address),
    robots: [],
    running: [],
  });
}

// Deposits arrive on the devchain all along: about two a second, to random investors.
const deployment = readDeployment(join(dataDir, 'devchain', 'deployment.json'));
let depositing = !process.argv.includes('--no-deposits');
let depositsSent = 0;
const depositLoop = (async () => {
  while (depositing) {
    const inv = investors[randomInt(investors.length)]!;
    await sendTestUsdt({
      deployment,
      network: 'bep20',
      to: inv.deposit,
      amount: '500',
      wait: false,
    })
      .then(() => depositsSent++)
      .catch(() => {});
    await new Promise((r) => setTimeout(r, 500));
  }
})();

// The mix, by weight. Each picks an investor and builds its call.
type Call = {
  name: string;
  path: string;
  body: Record<string, string>;
  token?: string;
  from?: string;
  after?: (d: Record<string, unknown>) => void;
};
// Robots started and stopped so that the number running stays level, as on a live
// platform: an investor with MAX_RUNNING robots running stops the oldest before starting
// another (a soak whose robot count only grows measures the engine's growth, not a steady
// state).
const MAX_RUNNING = 3;
function openquan(inv: Investor): Call {
  const robot = inv.running.length < MAX_RUNNING ? inv.robots.shift() : undefined;
  if (robot) {
    return {
      name: 'openquan start',
      path: '/api/user/openquan',
      body: { robot_id: robot, action: 'start' },
      token: inv.token,
      after: () => inv.running.push(robot),
    };
  }
  const running = inv.running.shift();
  if (!running) return quancreate(inv); // nothing to start or stop yet
  return {
    name: 'openquan stop',
    path: '/api/user/openquan',
    body: { robot_id: running, action: 'stop' },
    token: inv.token,
  };
}

function quancreate(inv: Investor): Call {
  return {
    name: 'quancreate',
    path: '/api/user/quancreate',
    body: { market: 'TRX/USDT', direction: 'neutral', principal: '25' },
    token: inv.token,
    after: (d) => inv.robots.push(String(d.robot_id)),
  };
}

const mix: [number, (inv: Investor) => Call][] = [
  [
    1,
    (inv) => ({
      name: 'login',
      path: '/api/user/login',
      body: { account: inv.account, password: PASSWORD },
    }),
  ],
  [30, (inv) => ({ name: 'userinfo', path: '/api/user/userinfo', body: {}, token: inv.token })],
  [15, (inv) => ({ name: 'maininfo', path: '/api/main/maininfo', body: {}, token: inv.token })],
  [
    10,
    (inv) => ({ name: 'quanmy', path: '/api/user/quanmy', body: { page: '1' }, token: inv.token }),
  ],
  [
    8,
    (inv) => ({ name: 'withdrawlist', path: '/api/user/withdrawlist', body: {}, token: inv.token }),
  ],
  [
    8,
    (inv) => ({ name: 'notice', path: '/api/main/notice', body: { page: '1' }, token: inv.token }),
  ],
  [
    8,
    (inv) => ({
      name: 'usdtlog',
      path: '/api/user/usdtlog',
      body: { page: '1' },
      token: inv.token,
    }),
  ],
  [
    3,
    (inv) =>
      // At most two robots waiting to start per investor: creations do not pile up.
      inv.robots.length < 2 ? quancreate(inv) : openquan(inv),
  ],
  [3, (inv) => openquan(inv)],
  [
    1,
    (inv) => ({
      name: 'withdraw',
      path: '/api/user/withdraw',
      body: { network: 'bep20', amount: '10', fund_password: FUND },
      token: inv.token,
    }),
  ],
];
// --only=userinfo,maininfo,... keeps just those calls (to find which one a problem is in).
const only = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice(7)
  .split(',');
if (only) {
  const kept = mix.filter(([, make]) => only.some((o) => make(investors[0]!).name.startsWith(o)));
  mix.splice(0, mix.length, ...kept);
}
const totalWeight = mix.reduce((a, [w]) => a + w, 0);
function pick(): Call {
  let r = randomInt(totalWeight);
  const inv = investors[randomInt(investors.length)]!;
  for (const [w, make] of mix) {
    if (r < w) return { ...make(inv), from: inv.from };
    r -= w;
  }
  throw new Error('unreachable');
}

interface Stats {
  latencies: Map<string, number[]>;
  errors: Map<string, number>;
  refused: Map<string, number>;
  examples: string[];
}
const newStats = (): Stats => ({
  latencies: new Map(),
  errors: new Map(),
  refused: new Map(),
  examples: [],
});
const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

async function one(stats: Stats) {
  const call = pick();
  const t = performance.now();
  try {
    const { status, reply } = await post(call.path, call.body, call.token, call.from);
    const ms = performance.now() - t;
    if (!stats.latencies.has(call.name)) stats.latencies.set(call.name, []);
    stats.latencies.get(call.name)!.push(ms);
    if (status !== 200 || /went wrong|busy/i.test(reply.msg)) {
      bump(stats.errors, call.name);
      if (stats.examples.length < 10) stats.examples.push(`${call.name}: ${status} ${reply.msg}`);
    } else if (reply.code === 1) call.after?.(reply.data ?? {});
    else bump(stats.refused, `${call.name}: ${reply.msg}`);
  } catch (error) {
    bump(stats.errors, call.name);
    if (stats.examples.length < 10) stats.examples.push(`${call.name}: ${String(error)}`);
  }
}

/** Sends `rate` calls a second for `seconds`, on a fixed schedule; waits for the last. */
async function drive(rate: number, seconds: number, stats: Stats, onTick?: () => void) {
  const inflight = new Set<Promise<void>>();
  const start = performance.now();
  let sent = 0;
  let lastTick = start;
  while (performance.now() - start < seconds * 1000) {
    const due = Math.floor(((performance.now() - start) / 1000) * rate);
    while (sent < due) {
      const p = one(stats).finally(() => inflight.delete(p));
      inflight.add(p);
      sent++;
    }
    if (onTick && performance.now() - lastTick >= 10_000) {
      lastTick = performance.now();
      onTick();
    }
    await new Promise((r) => setTimeout(r, 2));
  }
  await Promise.all(inflight);
  return sent;
}

const percentile = (values: number[], p: number) => {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
function summary(stats: Stats) {
  const all = [...stats.latencies.values()].flat();
  return {
    calls: all.length,
    errors: [...stats.errors.values()].reduce((a, b) => a + b, 0),
    p50_ms: +percentile(all, 50).toFixed(1),
    p99_ms: +percentile(all, 99).toFixed(1),
    per_call: Object.fromEntries(
      [...stats.latencies].map(([name, v]) => [
        name,
        {
          calls: v.length,
          errors: stats.errors.get(name) ?? 0,
          p50_ms: +percentile(v, 50).toFixed(1),
          p99_ms: +percentile(v, 99).toFixed(1),
        },
      ]),
    ),
    refused: Object.fromEntries(stats.refused),
    error_examples: stats.examples,
  };
}

async function sample() {
  const status = await readFile(`/proc/${server.pid}/status`, 'utf8');
  const rssMb = Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
  const c = await db.query<{ n: string }>(
    `select count(*)::text as n from pg_stat_activity where datname = 'olive'`,
  );
  return { rss_mb: rssMb, db_connections: Number(c.rows[0]!.n) };
}

// Start-up's own work (the demo seed, the first ticks) is not the load being measured.
const settledAfterS = await olive.settle();
process.stderr.write(`server settled after ${settledAfterS} s\n`);

// Warm-up, not measured: the first robot creation builds the month of candles its market
// needs (about 0.5 s on the simulator, once), the JIT warms up.
await drive(50, 15, newStats());

// 1. The ramp: the highest rate whose p99 stays under 100 ms with no errors.
const ramp: { rate: number; p99_ms: number; errors: number }[] = [];
let rate = fixedRate;
if (!rate) {
  for (const step of [100, 200, 300, 400, 600, 800, 1000, 1300, 1600, 2000]) {
    const stats = newStats();
    await drive(step, 20, stats);
    const s = summary(stats);
    ramp.push({ rate: step, p99_ms: s.p99_ms, errors: s.errors });
    const slowest = Object.entries(s.per_call)
      .sort((a, b) => b[1].p99_ms - a[1].p99_ms)
      .slice(0, 3)
      .map(([name, c]) => `${name} ${c.p99_ms}`)
      .join(', ');
    process.stderr.write(`ramp ${step}/s: p99 ${s.p99_ms} ms (${slowest}), ${s.errors} errors\n`);
    if (s.p99_ms >= 100 || s.errors > 0) break;
    rate = step;
  }
}

// 2. The soak at that rate, sampling memory and connections every 10 s.
const series: { t_s: number; rss_mb: number; db_connections: number }[] = [];
const started = performance.now();
const record = async () =>
  series.push({ t_s: Math.round((performance.now() - started) / 1000), ...(await sample()) });
await record();
const stats = newStats();
const ticks: Promise<unknown>[] = [];
const sent = await drive(rate, soakSeconds, stats, () => ticks.push(record()));
await Promise.all(ticks);
await record();
depositing = false;
await depositLoop;
const s = summary(stats);
const credited = await db.query<{ n: string }>(
  `select count(*)::text as n from deposits where status = 'credited'`,
);
const first = series.slice(1, 4).reduce((a, x) => a + x.rss_mb, 0) / 3;
const last = series.slice(-3).reduce((a, x) => a + x.rss_mb, 0) / 3;
const figures = {
  date: new Date().toISOString().slice(0, 10),
  investors: USERS,
  server_settled_after_s: settledAfterS,
  ramp,
  rate_per_s: rate,
  soak_s: soakSeconds,
  sent,
  ...s,
  deposits_sent: depositsSent,
  deposits_credited: Number(credited.rows[0]!.n),
  rss_mb_first_30s_avg: Math.round(first),
  rss_mb_last_30s_avg: Math.round(last),
  series,
  server_warnings: serverLog
    .split('\n')
    .filter((l) => /"level":(40|50|60)/.test(l))
    .slice(-10),
};
process.stdout.write(
  `${JSON.stringify({ ...figures, series: `${series.length} samples` }, null, 2)}\n`,
);
await writeFile(
  new URL('../results/soak.json', import.meta.url),
  `${JSON.stringify(figures, null, 2)}\n`,
);
await db.end();
await olive.stop();
process.exit(0);
