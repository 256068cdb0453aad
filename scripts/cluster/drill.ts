// `npm run cluster`: the cluster drill (issue 36, decision 145). Run by hand, not in CI (it
// takes a few minutes and needs the Debian packages below). On loopback it starts etcd, two
// PostgreSQL 15 nodes under Patroni (a synchronous replica), HAProxy (writes to the leader,
// reads to the replica, the API balanced over its processes), Prometheus, a devchain
// process (APP_ROLE=chain), three APP_ROLE=api and two APP_ROLE=worker processes running
// the built server (no tsx), with the configuration in deploy/. It drives mixed traffic
// through HAProxy (sign-ins, deposits on the devchain, withdrawals, robots, mining) and,
// mid-run, SIGKILLs one API process, the leading worker, and the PostgreSQL primary's node
// (Patroni and its postgres), so that Patroni promotes the replica. Then it checks: the
// ledger audit clean, every deposit credited once, every withdrawal on chain once, no job
// run twice, no error outside the failover seconds; and writes the figures to
// bench/results/cluster-<date>.json. Installs nothing: it names what to apt-get install.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import {
  chownSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { readDeployment, sendTestUsdt, usdtBalanceUnits } from '@olive/devchain';
import { insertInvestors } from '../../bench/lib/olive.ts';
import { serverNodeFlags } from '../server-node-flags.mjs';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const serverDir = join(repo, 'apps/server');
const RUN_SECONDS = Number(process.env.CLUSTER_SECONDS ?? 150);
const INVESTORS = 40;
const PASSWORD = 'cluster-drill-2026';
const FUND = '135790';
const PORTS = {
  etcdClient: 2479,
  etcdPeer: 2480,
  pg: [5441, 5442],
  rest: [8011, 8012],
  write: 5440,
  read: 5439,
  api: [8101, 8102, 8103],
  apiFront: 8090,
  stats: 8404,
  metrics: [9101, 9102, 9103, 9111, 9112],
  prometheus: 9095,
  devchain: 8557,
};
const REDIS_URL = process.env.CLUSTER_REDIS_URL ?? 'redis://127.0.0.1:6379/9';

const log = (line: string) =>
  process.stdout.write(`[cluster ${new Date().toISOString().slice(11, 19)}] ${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// 1. What must be installed: named, never installed silently.
const which = (bin: string) => {
  try {
    execFileSync('which', [bin], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const missing = ['patroni', 'etcd', 'haproxy', 'prometheus'].filter((b) => !which(b));
if (!existsSync('/usr/lib/postgresql/15/bin/postgres')) missing.push('postgresql-15');
if (missing.length > 0) {
  console.error(
    `The cluster drill needs ${missing.join(', ')}. Install them (Debian 12) and run it again:\n\n` +
      '  apt-get install -y patroni etcd-server haproxy prometheus postgresql-15\n\n' +
      '(Nothing is installed by this script.)',
  );
  process.exit(1);
}
if (!which('redis-cli')) console.error('note: no redis-cli; Redis at 6379 is assumed to answer');

// 2. A folder for the run; PostgreSQL and Patroni run as `postgres` when we are root.
const dir = mkdtempSync(join(tmpdir(), 'olive-cluster-'));
const asRoot = process.getuid?.() === 0;
const pgUid = asRoot ? Number(execFileSync('id', ['-u', 'postgres']).toString()) : undefined;
const pgGid = asRoot ? Number(execFileSync('id', ['-g', 'postgres']).toString()) : undefined;
const asPostgres = asRoot ? { uid: pgUid!, gid: pgGid! } : {};
if (asRoot) chownSync(dir, pgUid!, pgGid!);
const secret = () => randomBytes(12).toString('hex');
const passwords = { superuser: secret(), replication: secret(), owner: secret(), app: secret() };
const metricsToken = secret();
writeFileSync(join(dir, 'metrics.token'), metricsToken, { mode: 0o644 });
log(`working in ${dir}`);

const children = new Map<string, ChildProcess>();
const outputs = new Map<string, string>();
function start(
  name: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; uid?: number; gid?: number } = {},
) {
  const child = spawn(command, args, {
    cwd: options.cwd ?? dir,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.uid !== undefined ? { uid: options.uid, gid: options.gid } : {}),
  });
  outputs.set(name, '');
  // Each process's output is kept in <dir>/<name>.log too, for a look after the run.
  const file = createWriteStream(join(dir, `${name}.log`), { flags: 'a' });
  child.stdout!.pipe(file);
  child.stderr!.pipe(file);
  const keep = (chunk: Buffer) =>
    outputs.set(name, (outputs.get(name)! + chunk.toString()).slice(-200_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  children.set(name, child);
  return child;
}
async function stopAll() {
  for (const [, child] of [...children].reverse()) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
  await sleep(3000);
  for (const [, child] of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  // Patroni's postgres children outlive a killed Patroni: stop them by their data folders.
  for (const node of ['node1', 'node2']) {
    try {
      execFileSync(
        '/usr/lib/postgresql/15/bin/pg_ctl',
        ['-D', join(dir, node), 'stop', '-m', 'immediate'],
        {
          stdio: 'ignore',
          ...asPostgres,
        },
      );
    } catch {
      // Not running.
    }
  }
}
process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false>,
  ms = 60_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch {
      // Not yet.
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(250);
  }
}
const render = (file: string, values: Record<string, string>) =>
  readFileSync(join(repo, 'deploy', file), 'utf8').replace(/\{\{(\w+)\}\}/g, (_m, key: string) => {
    if (!(key in values)) throw new Error(`${file}: no value for {{${key}}}`);
    return values[key]!;
  });
const patroniState = async (i: number) =>
  (await (await fetch(`http://127.0.0.1:${PORTS.rest[i]}/patroni`)).json()) as {
    role: string;
    state: string;
  };

try {
  // 3. The server, built (the processes run dist with Node alone).
  log('building the server (npm run build -w @olive/server)');
  execFileSync('npm', ['run', 'build', '-w', '@olive/server'], { cwd: repo, stdio: 'ignore' });

  // 4. etcd, then the two Patroni nodes.
  start('etcd', 'etcd', [
    '--name',
    'olive-etcd',
    '--data-dir',
    join(dir, 'etcd'),
    '--listen-client-urls',
    `http://127.0.0.1:${PORTS.etcdClient}`,
    '--advertise-client-urls',
    `http://127.0.0.1:${PORTS.etcdClient}`,
    '--listen-peer-urls',
    `http://127.0.0.1:${PORTS.etcdPeer}`,
    '--initial-advertise-peer-urls',
    `http://127.0.0.1:${PORTS.etcdPeer}`,
    '--initial-cluster',
    `olive-etcd=http://127.0.0.1:${PORTS.etcdPeer}`,
  ]);
  await until('etcd', async () => (await fetch(`http://127.0.0.1:${PORTS.etcdClient}/health`)).ok);
  log('etcd is up');
  const startNode = (i: number) => {
    const name = `node${i + 1}`;
    const file = join(dir, `patroni-${name}.yml`);
    writeFileSync(
      file,
      render('patroni/node.yml', {
        NAME: name,
        PG_PORT: String(PORTS.pg[i]),
        REST_PORT: String(PORTS.rest[i]),
        DATA: join(dir, name),
        RUN: dir,
        ETCD: `127.0.0.1:${PORTS.etcdClient}`,
        SUPERUSER_PASSWORD: passwords.superuser,
        REPLICATION_PASSWORD: passwords.replication,
      }),
    );
    if (asRoot) chownSync(file, pgUid!, pgGid!);
    return start(`patroni-${name}`, 'patroni', [file], { ...asPostgres });
  };
  startNode(0);
  await until(
    'node1 to lead',
    async () =>
      (await patroniState(0)).role === 'master' || (await patroniState(0)).role === 'primary',
    120_000,
  );
  startNode(1);
  await until(
    'node2 to stream',
    async () =>
      (await patroniState(1)).state === 'running' && (await patroniState(1)).role === 'replica',
    120_000,
  );
  log('Patroni: node1 leads, node2 streams');

  // 5. HAProxy in front of the nodes and of the API processes.
  writeFileSync(
    join(dir, 'haproxy.cfg'),
    render('haproxy/haproxy.cfg', {
      STATS_PORT: String(PORTS.stats),
      WRITE_PORT: String(PORTS.write),
      READ_PORT: String(PORTS.read),
      API_PORT: String(PORTS.apiFront),
      PG_SERVERS: PORTS.pg
        .map((p, i) => `    server node${i + 1} 127.0.0.1:${p} check port ${PORTS.rest[i]}`)
        .join('\n'),
      API_SERVERS: PORTS.api
        .map((p, i) => `    server api${i + 1} 127.0.0.1:${p} check`)
        .join('\n'),
    }),
  );
  start('haproxy', 'haproxy', ['-f', join(dir, 'haproxy.cfg'), '-db']);

  // 6. Olive's database and roles (decision 140), created once by the superuser.
  const superuser = (port: number, db = 'postgres') =>
    `postgres://postgres:${passwords.superuser}@127.0.0.1:${port}/${db}`;
  // HAProxy takes a server for up until its checks say otherwise: wait until the write
  // port reaches only the leader and the read port only the replica.
  const reaches = async (port: number) => {
    const c = new pg.Client({ connectionString: superuser(port) });
    await c.connect();
    try {
      return (await c.query<{ r: boolean }>('select pg_is_in_recovery() as r')).rows[0]!.r;
    } finally {
      await c.end();
    }
  };
  await until('HAProxy to send writes to the leader and reads to the replica', async () => {
    for (let i = 0; i < 6; i++) {
      if ((await reaches(PORTS.write)) !== false || (await reaches(PORTS.read)) !== true)
        return false;
    }
    return true;
  });
  const admin = new pg.Client({ connectionString: superuser(PORTS.write) });
  await admin.connect();
  await admin.query(
    `create role olive_owner login password '${passwords.owner}' nosuperuser nocreatedb nocreaterole noreplication nobypassrls`,
  );
  await admin.query(
    `create role olive_app login password '${passwords.app}' nosuperuser nocreatedb nocreaterole noreplication nobypassrls`,
  );
  await admin.query('create database olive owner olive_owner');
  await admin.end();
  const appUrl = (port: number) => `postgres://olive_app:${passwords.app}@127.0.0.1:${port}/olive`;
  const ownerUrl = `postgres://olive_owner:${passwords.owner}@127.0.0.1:${PORTS.write}/olive`;
  try {
    execFileSync('redis-cli', ['-n', '9', 'flushdb'], { stdio: 'ignore' });
  } catch {
    // No redis-cli: a stale key only costs a rate-limit count.
  }

  // 7. The devchain process, then 3 API and 2 worker processes, all built JavaScript.
  const node = process.execPath;
  const serverArgs = [
    ...serverNodeFlags,
    '--conditions=olive-built',
    '--enable-source-maps',
    'dist/main.js',
  ];
  const base = {
    ...process.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
    DATABASE_URL: appUrl(PORTS.write),
    DATABASE_OWNER_URL: ownerUrl,
    REDIS_URL,
    SMTP_URL: 'smtp://127.0.0.1:1', // nothing is mailed in the drill; no dev inbox either
    DEMO_INVESTORS: 'false',
    RATE_LIMIT_PER_MINUTE: '1000000',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
    AUTH_LIMIT_PER_HOUR: '1000000',
    DEVCHAIN_BLOCK_MS: '1000',
    METRICS_TOKEN: metricsToken,
    TRUST_PROXY: 'true',
  };
  const chainDir = join(dir, 'chain');
  mkdirSync(chainDir);
  start('chain', node, serverArgs, {
    cwd: serverDir,
    env: {
      ...base,
      APP_ROLE: 'chain',
      PG_DATA_DIR: join(chainDir, 'pg'),
      DEVCHAIN_PORT: String(PORTS.devchain),
    },
  });
  const chainEnvFile = join(chainDir, 'devchain', 'chain.env');
  await until('the devchain process', async () => existsSync(chainEnvFile), 120_000);
  const peer = Object.fromEntries(
    readFileSync(chainEnvFile, 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split('=') as [string, string]),
  );
  const deployment = readDeployment(join(chainDir, 'devchain', 'deployment.json'));
  log(`devchain at ${peer.CHAIN_RPC_ERC20}`);

  const processEnv = (name: string, extra: Record<string, string>) => ({
    ...base,
    ...peer,
    PG_DATA_DIR: join(dir, name, 'pg'),
    DATABASE_REPLICA_URL: appUrl(PORTS.read),
    ...extra,
  });
  const startApi = (i: number) =>
    start(`api${i + 1}`, node, serverArgs, {
      cwd: serverDir,
      env: processEnv(`api${i + 1}`, {
        APP_ROLE: 'api',
        PORT: String(PORTS.api[i]),
        METRICS_PORT: String(PORTS.metrics[i]),
      }),
    });
  const startWorker = (i: number) =>
    start(`worker${i + 1}`, node, serverArgs, {
      cwd: serverDir,
      env: processEnv(`worker${i + 1}`, {
        APP_ROLE: 'worker',
        PORT: '0',
        METRICS_PORT: String(PORTS.metrics[3 + i]),
      }),
    });
  // One at a time: each migrates (a no-op after the first) and grants.
  startApi(0);
  await until(
    'api1',
    async () => (await fetch(`http://127.0.0.1:${PORTS.api[0]}/health/ready`)).ok,
    120_000,
  );
  startApi(1);
  startApi(2);
  startWorker(0);
  startWorker(1);
  await until(
    'every API process ready behind HAProxy',
    async () => {
      for (const p of PORTS.api)
        if (!(await fetch(`http://127.0.0.1:${p}/health/ready`)).ok) return false;
      return true;
    },
    120_000,
  );
  await until(
    'the workers',
    async () => /worker role: jobs and loops running/.test(outputs.get('worker2') ?? ''),
    120_000,
  );
  log('3 API and 2 worker processes running');

  // 8. Prometheus scraping them all.
  writeFileSync(
    join(dir, 'prometheus.yml'),
    render('prometheus/prometheus.yml', {
      TOKEN_FILE: join(dir, 'metrics.token'),
      TARGETS: PORTS.metrics
        .map(
          (p, i) =>
            `      - targets: ['127.0.0.1:${p}']\n        labels: { process: '${i < 3 ? `api${i + 1}` : `worker${i - 2}`}' }`,
        )
        .join('\n'),
    }),
  );
  start('prometheus', 'prometheus', [
    `--config.file=${join(dir, 'prometheus.yml')}`,
    `--storage.tsdb.path=${join(dir, 'prometheus-data')}`,
    `--web.listen-address=127.0.0.1:${PORTS.prometheus}`,
  ]);
  const promQuery = async (query: string) =>
    (
      (await (
        await fetch(
          `http://127.0.0.1:${PORTS.prometheus}/api/v1/query?query=${encodeURIComponent(query)}`,
        )
      ).json()) as {
        data: { result: { metric: Record<string, string>; value: [number, string] }[] };
      }
    ).data.result;
  await until(
    'Prometheus to scrape every process',
    async () => (await promQuery('up == 1')).length === PORTS.metrics.length,
    60_000,
  );
  log('Prometheus scrapes all 5 processes');

  // 9. Investors, signed in through HAProxy; withdrawals up to 50 sent without review.
  await insertInvestors(appUrl(PORTS.write), {
    prefix: 'drill',
    count: INVESTORS,
    password: PASSWORD,
    fundPassword: FUND,
  });
  execFileSync(
    node,
    ['--conditions=olive-built', 'dist/cli.js', 'withdraw:auto-approve-max', '--amount', '50'],
    {
      cwd: serverDir,
      env: { ...base, ...peer },
      stdio: 'ignore',
    },
  );
  const api = `http://127.0.0.1:${PORTS.apiFront}`;
  const post = async (path: string, body: Record<string, string>, token?: string) => {
    const response = await fetch(`${api}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: new URLSearchParams({ lang: 'en', ...body }).toString(),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let reply: { code: number; msg: string; data?: Record<string, unknown> };
    try {
      reply = JSON.parse(text) as typeof reply;
    } catch {
      reply = { code: -1, msg: text.slice(0, 100) };
    }
    return { status: response.status, reply };
  };
  interface Investor {
    account: string;
    token: string;
    deposit: string;
    address: string;
    robots: string[];
  }
  const investors: Investor[] = [];
  for (let i = 1; i <= INVESTORS; i++) {
    const account = `drill${i}@example.com`;
    const login = await post('/api/user/login', { account, password: PASSWORD });
    const token = String(login.reply.data?.token ?? '');
    if (!token) throw new Error(`${account} could not sign in: ${login.reply.msg}`);
    const invest = await post('/api/user/invest', { network: 'bep20' }, token);
    const address = `0x${'0'.repeat(30)}d0d0${i.toString(16).padStart(6, '0')}`;
    const saved = await post(
      '/api/user/setaddress',
      { network: 'bep20', address, fund_password: FUND },
      token,
    );
    if (saved.reply.code !== 1) throw new Error(`${account}: no address saved: ${saved.reply.msg}`);
    investors.push({
      account,
      token,
      deposit: String(invest.reply.data?.address),
      address: address.toLowerCase(),
      robots: [],
    });
  }
  // A first deposit for everyone, so that withdrawals, robots and rentals have money.
  for (const inv of investors) {
    await sendTestUsdt({
      deployment,
      network: 'bep20',
      to: inv.deposit,
      amount: '300',
      wait: false,
    });
  }
  const sentDeposits: { to: string; amount: string; tx: string }[] = [];
  await until(
    'the first deposits to be credited',
    async () => {
      const r = await post('/api/user/userinfo', {}, investors.at(-1)!.token);
      return Number((r.reply.data as { balance?: string } | undefined)?.balance ?? 0) >= 300;
    },
    120_000,
  );
  log(`${INVESTORS} investors signed in and funded`);

  // 10. The traffic: open-loop, 10 calls a second by default (CLUSTER_RATE), with deposits on the chain.
  const calls: {
    at: number;
    name: string;
    ms: number;
    outcome: 'ok' | 'refused' | 'shed' | 'error';
    detail?: string;
  }[] = [];
  const t0 = Date.now();
  const events: { at: number; what: string }[] = [];
  const mix: [
    number,
    (
      inv: Investor,
    ) => [string, string, Record<string, string>, ((d: Record<string, unknown>) => void)?],
  ][] = [
    [2, (inv) => ['login', '/api/user/login', { account: inv.account, password: PASSWORD }]],
    [20, () => ['userinfo', '/api/user/userinfo', {}]],
    [10, () => ['maininfo', '/api/main/maininfo', {}]],
    [6, () => ['notice', '/api/main/notice', { page: '1' }]],
    [6, () => ['teamuser', '/api/user/teamuser', { page: '1', level: '1' }]],
    [2, () => ['teamrank', '/api/user/rank', {}]],
    [4, () => ['leaderboard', '/api/user/quanrank', { period: '7d' }]],
    [4, () => ['minerrank', '/api/user/minerrank', {}]],
    [6, () => ['usdtlog', '/api/user/usdtlog', { page: '1' }]],
    [
      3,
      (inv) => [
        'quancreate',
        '/api/user/quancreate',
        { market: 'TRX/USDT', direction: 'neutral', principal: '25' },
        (d) => inv.robots.push(String(d.robot_id)),
      ],
    ],
    [
      2,
      (inv) =>
        inv.robots.length
          ? ['openquan', '/api/user/openquan', { robot_id: inv.robots.shift()!, action: 'start' }]
          : ['quanmy', '/api/user/quanmy', { page: '1' }],
    ],
    [2, () => ['minerconf', '/api/user/minerconf', {}]],
    [
      2,
      () => [
        'withdraw',
        '/api/user/withdraw',
        { network: 'bep20', amount: '10', fund_password: FUND },
      ],
    ],
  ];
  const totalWeight = mix.reduce((a, [w]) => a + w, 0);
  const inflight = new Set<Promise<void>>();
  const one = async () => {
    let r = randomInt(totalWeight);
    const inv = investors[randomInt(investors.length)]!;
    let made = mix[0]![1](inv);
    for (const [w, make] of mix) {
      if (r < w) {
        made = make(inv);
        break;
      }
      r -= w;
    }
    const [name, path, body, after] = made;
    const started = Date.now();
    try {
      const { status, reply } = await post(path, body, name === 'login' ? undefined : inv.token);
      const ms = Date.now() - started;
      // "Busy, try again" (load shed) is a clean refusal, counted apart; a 5xx, an answer
      // that is not an envelope, "something went wrong" or no answer is an error.
      if (reply.code === 0 && /very busy/i.test(reply.msg)) {
        calls.push({ at: started - t0, name, ms, outcome: 'shed', detail: reply.msg });
      } else if (status !== 200 || reply.code === -1 || /went wrong/i.test(reply.msg)) {
        calls.push({
          at: started - t0,
          name,
          ms,
          outcome: 'error',
          detail: `${status} ${reply.msg}`,
        });
      } else if (reply.code === 1) {
        after?.(reply.data ?? {});
        calls.push({ at: started - t0, name, ms, outcome: 'ok' });
      } else calls.push({ at: started - t0, name, ms, outcome: 'refused', detail: reply.msg });
    } catch (error) {
      calls.push({
        at: started - t0,
        name,
        ms: Date.now() - started,
        outcome: 'error',
        detail: String(error).slice(0, 120),
      });
    }
  };
  let depositing = true;
  const depositLoop = (async () => {
    while (depositing) {
      const inv = investors[randomInt(investors.length)]!;
      const amount = String(20 + randomInt(80));
      try {
        const tx = await sendTestUsdt({
          deployment,
          network: 'bep20',
          to: inv.deposit,
          amount,
          wait: false,
        });
        sentDeposits.push({ to: inv.deposit, amount, tx });
      } catch {
        // The chain is not under test.
      }
      await sleep(700);
    }
  })();
  const killAt = { api: RUN_SECONDS * 0.2, worker: RUN_SECONDS * 0.35, primary: RUN_SECONDS * 0.5 };
  const killed = { api: false, worker: false, primary: false };
  let failover: { killedAt: number; promotedAt?: number; writesBackAt?: number } | null = null;
  const RATE = Number(process.env.CLUSTER_RATE ?? 10);
  let sent = 0;
  while (Date.now() - t0 < RUN_SECONDS * 1000) {
    const elapsed = (Date.now() - t0) / 1000;
    while (sent < elapsed * RATE) {
      const p = one().finally(() => inflight.delete(p));
      inflight.add(p);
      sent++;
    }
    if (!killed.api && elapsed >= killAt.api) {
      killed.api = true;
      children.get('api2')!.kill('SIGKILL');
      events.push({ at: Date.now() - t0, what: 'SIGKILL api2' });
      log('SIGKILL api2');
    }
    if (!killed.worker && elapsed >= killAt.worker) {
      killed.worker = true;
      // The worker that leads the BEP20 deposit watcher (it says so in its log).
      const leader =
        ['worker1', 'worker2'].find((w) =>
          (outputs.get(w) ?? '').includes('"loop":"deposit-watcher:bep20","msg":"loop leading"'),
        ) ?? 'worker1';
      children.get(leader)!.kill('SIGKILL');
      events.push({ at: Date.now() - t0, what: `SIGKILL ${leader} (leading)` });
      log(`SIGKILL ${leader}, the leading worker`);
    }
    if (!killed.primary && elapsed >= killAt.primary) {
      killed.primary = true;
      const leaderIndex = (await patroniState(0).catch(() => ({ role: '' }))).role.match(
        /master|primary/,
      )
        ? 0
        : 1;
      const name = `node${leaderIndex + 1}`;
      // The whole node: Patroni, then its postgres (which Patroni would otherwise restart).
      children.get(`patroni-${name}`)!.kill('SIGKILL');
      const pid = Number(readFileSync(join(dir, name, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGKILL');
      failover = { killedAt: Date.now() - t0 };
      events.push({
        at: failover.killedAt,
        what: `SIGKILL ${name} (PostgreSQL primary and its Patroni)`,
      });
      log(`SIGKILL ${name}: the PostgreSQL primary`);
      const other = 1 - leaderIndex;
      void until(
        'the replica to be promoted',
        async () => /master|primary/.test((await patroniState(other)).role),
        120_000,
      ).then(() => {
        failover!.promotedAt = Date.now() - t0;
        events.push({ at: failover!.promotedAt, what: `node${other + 1} promoted` });
        log(`node${other + 1} promoted`);
      });
    }
    await sleep(20);
  }
  depositing = false;
  await depositLoop;
  await Promise.all(inflight);
  log(`traffic done: ${calls.length} calls`);

  // 11. Let the workers finish: deposits credited, withdrawals confirmed.
  const db = new pg.Client({ connectionString: appUrl(PORTS.write) });
  await db.connect();
  const expectedDeposits = sentDeposits.length + INVESTORS;
  await until(
    'every deposit credited',
    async () => {
      const { rows } = await db.query<{ n: string }>(
        "select count(*)::text as n from deposits where network = 'bep20' and status = 'credited'",
      );
      return Number(rows[0]!.n) >= expectedDeposits;
    },
    180_000,
  ).catch((e: Error) => log(e.message));
  await until(
    'every withdrawal settled',
    async () => {
      const { rows } = await db.query<{ n: string }>(
        "select count(*)::text as n from withdrawals where status in ('approved','broadcast')",
      );
      return rows[0]!.n === '0';
    },
    180_000,
  ).catch((e: Error) => log(e.message));

  // 12. The checks.
  const checks: { name: string; ok: boolean; detail: string }[] = [];
  const audit = execFileSync(node, ['--conditions=olive-built', 'dist/cli.js', 'ledger:audit'], {
    cwd: serverDir,
    env: { ...base, ...peer },
  })
    .toString()
    .trim()
    .split('\n')
    .at(-1)!;
  const auditReport = JSON.parse(audit) as { ok: boolean; checks: { name: string; ok: boolean }[] };
  checks.push({
    name: 'ledger:audit clean',
    ok: auditReport.ok,
    detail:
      auditReport.checks
        .filter((c) => !c.ok)
        .map((c) => c.name)
        .join(', ') || `${auditReport.checks.length} checks`,
  });
  const deposits = await db.query<{ tx_hash: string; n: string; credited: string }>(
    `select tx_hash, count(*)::text as n, count(*) filter (where status = 'credited')::text as credited
     from deposits where network = 'bep20' group by tx_hash`,
  );
  const byTx = new Map(deposits.rows.map((r) => [r.tx_hash.toLowerCase(), r]));
  const twice = deposits.rows.filter((r) => Number(r.credited) > 1).length;
  const notCredited = sentDeposits.filter(
    (d) => byTx.get(d.tx.toLowerCase())?.credited !== '1',
  ).length;
  const ledgerDeposits = await db.query<{ n: string; distinct: string }>(
    "select count(*)::text as n, count(distinct reference)::text as distinct from journal_entries where kind = 'deposit'",
  );
  checks.push({
    name: 'every deposit credited exactly once',
    ok:
      twice === 0 &&
      notCredited === 0 &&
      ledgerDeposits.rows[0]!.n === ledgerDeposits.rows[0]!.distinct,
    detail: `${sentDeposits.length + INVESTORS} sent, ${notCredited} of the drill's not credited, ${twice} credited twice, ${ledgerDeposits.rows[0]!.n} ledger entries`,
  });
  const withdrawals = await db.query<{
    status: string;
    tx_hash: string | null;
    address: string;
    receive_amount: string;
  }>('select status, tx_hash, address, receive_amount::text from withdrawals');
  const confirmed = withdrawals.rows.filter((w) => w.status === 'confirmed');
  const hashes = new Set(confirmed.map((w) => w.tx_hash));
  // On chain: each investor's withdrawal address holds exactly what its confirmed withdrawals paid.
  let chainMismatch = 0;
  for (const inv of investors) {
    const paid = confirmed
      .filter((w) => w.address.toLowerCase() === inv.address)
      .reduce((a, w) => a + BigInt(w.receive_amount), 0n);
    const heldUnits =
      (await usdtBalanceUnits({ deployment, network: 'bep20', address: inv.address })) / 10n ** 10n;
    if (heldUnits !== paid) chainMismatch++;
  }
  checks.push({
    name: 'every withdrawal on chain exactly once',
    ok:
      hashes.size === confirmed.length &&
      chainMismatch === 0 &&
      !withdrawals.rows.some((w) => w.status === 'approved' || w.status === 'broadcast'),
    detail: `${withdrawals.rows.length} requested, ${confirmed.length} confirmed, ${confirmed.length - hashes.size} hashes shared, ${chainMismatch} addresses holding other than what was paid`,
  });
  const jobs = await db
    .query<{ n: string }>(
      `select count(*)::text as n from (select kind, reference from journal_entries group by kind, reference having count(*) > 1 and kind in ('mining_payout','commission')) d`,
    )
    .catch(() => ({ rows: [{ n: '0' }] }));
  const failedJobs = await db
    .query<{ n: string }>('select count(*)::text as n from graphile_worker.jobs where attempts > 1')
    .catch(() => ({ rows: [{ n: '?' }] }));
  checks.push({
    name: 'no job run twice',
    ok: jobs.rows[0]!.n === '0',
    detail: `${jobs.rows[0]!.n} payouts or commissions posted twice; ${failedJobs.rows[0]!.n} jobs retried`,
  });

  const fo = failover as { killedAt: number; promotedAt?: number } | null;
  const errors = calls.filter((c) => c.outcome === 'error');
  const lastErrorAfterKill = fo
    ? Math.max(0, ...errors.filter((e) => e.at >= fo.killedAt).map((e) => e.at + e.ms))
    : 0;
  const failoverSeconds = fo && lastErrorAfterKill ? (lastErrorAfterKill - fo.killedAt) / 1000 : 0;
  const windowEnd = fo
    ? fo.killedAt +
      Math.max(failoverSeconds * 1000, (fo.promotedAt ?? fo.killedAt) - fo.killedAt) +
      1000
    : 0;
  const apiKill = events.find((e) => e.what.startsWith('SIGKILL api'))!;
  // A call in flight on the API process when it is SIGKILLed cannot be answered; HAProxy
  // takes the process out after three failed checks (3 s). Those count as that kill's.
  const apiWindow = (e: (typeof calls)[number]) =>
    e.at + e.ms >= apiKill.at - 100 && e.at <= apiKill.at + 4000;
  const duringApiKill = errors.filter(apiWindow).length;
  const outside = errors.filter(
    (e) => !apiWindow(e) && (!fo || e.at + e.ms < fo.killedAt || e.at > windowEnd),
  );
  checks.push({
    name: 'no error outside the failover seconds',
    ok: outside.length === 0,
    detail: `${errors.length} errors: ${duringApiKill} in flight on the killed API process, ${errors.length - duringApiKill - outside.length} in the primary's failover, ${outside.length} outside (${outside
      .slice(0, 3)
      .map((e) => `${e.name} at ${(e.at / 1000).toFixed(1)} s: ${e.detail}`)
      .join('; ')})`,
  });
  const latencies = calls
    .filter((c) => c.outcome !== 'error')
    .map((c) => c.ms)
    .sort((a, b) => a - b);
  const p = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const promFailover = await promQuery('max_over_time(olive_replica_in_use[10m])').catch(() => []);
  const result = {
    date: new Date().toISOString(),
    machine: `${execFileSync('nproc').toString().trim()} cores`,
    seconds: RUN_SECONDS,
    rate_per_second: RATE,
    calls: calls.length,
    ok: calls.filter((c) => c.outcome === 'ok').length,
    refused: calls.filter((c) => c.outcome === 'refused').length,
    shed_busy: calls.filter((c) => c.outcome === 'shed').length,
    errors: errors.length,
    errors_by_call: Object.fromEntries(
      [...new Set(errors.map((e) => e.name))].map((n) => [
        n,
        errors.filter((e) => e.name === n).length,
      ]),
    ),
    error_examples: errors
      .slice(0, 8)
      .map((e) => `${(e.at / 1000).toFixed(1)} s ${e.name}: ${e.detail}`),
    p50_ms: p(0.5),
    p99_ms: p(0.99),
    deposits_sent: sentDeposits.length + INVESTORS,
    withdrawals: withdrawals.rows.length,
    events,
    // Calls and errors per 5 s of the run: the kills and the failover show here.
    timeline: Array.from({ length: Math.ceil(RUN_SECONDS / 5) }, (_, i) => {
      const inBucket = calls.filter((c) => c.at >= i * 5000 && c.at < (i + 1) * 5000);
      const failed = inBucket.filter((c) => c.outcome === 'error');
      const kinds = [
        ...new Set(
          failed.map((e) =>
            (e.detail ?? '')
              .replace(/<[^>]*>/g, ' ')
              .replace(/\s+/g, ' ')
              .slice(0, 60),
          ),
        ),
      ];
      return {
        from_s: i * 5,
        calls: inBucket.length,
        errors: failed.length,
        error_kinds: kinds.slice(0, 3),
      };
    }),
    api_kill_at_s: apiKill.at / 1000,
    errors_in_flight_on_killed_api: duringApiKill,
    failover: fo
      ? {
          killed_at_s: fo.killedAt / 1000,
          promoted_after_s: fo.promotedAt ? (fo.promotedAt - fo.killedAt) / 1000 : null,
          errors_for_s: failoverSeconds,
        }
      : null,
    prometheus_replica_in_use_max: promFailover.map((r) => ({
      process: r.metric.process,
      replica: r.metric.replica,
      value: r.value[1],
    })),
    checks,
    passed: checks.every((c) => c.ok),
  };
  await db.end();
  const file = join(repo, 'bench/results', `cluster-${result.date.slice(0, 10)}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  for (const check of checks) log(`${check.ok ? 'PASS' : 'FAIL'} ${check.name}: ${check.detail}`);
  log(
    `calls ${result.calls}, errors ${result.errors}, failover ${failoverSeconds.toFixed(1)} s (promoted after ${result.failover?.promoted_after_s ?? '?'} s), p50 ${result.p50_ms} ms, p99 ${result.p99_ms} ms`,
  );
  log(`figures written to ${file}`);
  await stopAll();
  process.exit(result.passed ? 0 : 1);
} catch (error) {
  console.error(`cluster drill failed: ${(error as Error).stack ?? String(error)}`);
  for (const [name, output] of outputs) {
    if (/patroni|api1|worker1|chain/.test(name))
      console.error(`--- ${name} ---\n${output.slice(-3000)}`);
  }
  await stopAll();
  process.exit(1);
}
