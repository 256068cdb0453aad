// `npm start`'s entry point for a benchmark: the real server (devchain and workers
// included) on a fresh embedded PostgreSQL in a temporary folder, on free ports, with the
// rate limits out of the way and only warnings logged. `stop()` ends it and removes the
// folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { MARKET_IDS } from '@olive/market';
import { parseAmount } from '@olive/protocol';
import { createDb } from '../../apps/server/src/db/database.ts';
import { credentialsFileFor, type EmbeddedCredentials } from '../../apps/server/src/db/embedded.ts';
import { hashPassword } from '../../apps/server/src/modules/auth/password.ts';
import { ledgerRepository } from '../../apps/server/src/modules/ledger/ledger.repository.ts';
import {
  ledgerService,
  platformAccount,
  userAccount,
} from '../../apps/server/src/modules/ledger/ledger.service.ts';
import { freePort } from '../../apps/server/test/ports.ts';
import { serverNodeFlags } from '../../scripts/server-node-flags.mjs';

export { freePort };

/** Node's arguments for the server's entry point, with the options every server runs with. */
const serverArgs = (nodeArgs: string[] = []) => [
  ...serverNodeFlags,
  ...nodeArgs,
  '--import',
  'tsx',
  'apps/server/src/main.ts',
];

/** Resolves once the child prints `text` on stdout; rejects if it exits first. */
export function waitFor(child: ChildProcess, text: string) {
  return new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes(text) && resolve());
    child.once('exit', (code) => reject(new Error(`exited ${code} before "${text}"`)));
  });
}

/**
 * Where a server's stdout goes: a file of its own, as a deployment writes its log (a file,
 * the journal), not a pipe into this process. This process also drives the load: reading
 * a thousand log lines a second from a pipe took CPU from the cores it shares with the
 * server, in the server's runs only (the bare yardstick logs nothing). Decision 209.
 */
function logFile(dir: string, name: string) {
  const path = join(dir, `${name}.log`);
  return { path, fd: openSync(path, 'a') };
}

/** Resolves once the log at `path` holds `text`; rejects with its tail if `child` exits first. */
async function waitForLog(child: ChildProcess, path: string, text: string) {
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  for (;;) {
    const log = await readFile(path, 'utf8');
    if (log.includes(text)) return;
    if (exited !== undefined) {
      throw new Error(`exited ${exited} before "${text}":\n${log.slice(-4000)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export interface BenchOlive {
  server: ChildProcess;
  port: number;
  url: string;
  /** The embedded PostgreSQL's database, as the server uses it (the app's role). */
  dbUrl: string;
  /** The same database as its owner (migrations; decision 140). */
  ownerDbUrl: string;
  dataDir: string;
  /**
   * Waits until start-up's work (migrations, the demo seed, the first robot and market
   * ticks) is over: the server uses under a quarter of a core over 5 s (at most 3 min).
   * Returns the seconds it took.
   */
  settle(): Promise<number>;
  stop(): Promise<void>;
}

export async function startOlive(
  options: {
    env?: Record<string, string>;
    /** Node.js options before the entry point (e.g. --cpu-prof). */
    nodeArgs?: string[];
    /** The server's stderr: shown (default) or piped for the caller to read. */
    stderr?: 'inherit' | 'pipe';
  } = {},
): Promise<BenchOlive> {
  const port = await freePort();
  const pgPort = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'olive-bench-'));
  await chmod(dataDir, 0o755); // PostgreSQL runs as its own user when we are root
  const log = logFile(dataDir, 'server');
  const server = spawn(process.execPath, serverArgs(options.nodeArgs), {
    env: {
      ...process.env,
      PORT: String(port),
      PG_PORT: String(pgPort),
      PG_DATA_DIR: join(dataDir, 'pg'),
      DEVCHAIN_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000000',
      DEV_INBOX_PORT: '0',
      ...options.env,
    },
    stdio: ['ignore', log.fd, options.stderr ?? 'inherit'],
  });
  closeSync(log.fd);
  // A bench that fails half-way does not leave its server running (and loading the cores).
  process.once('exit', () => server.kill('SIGTERM'));
  await waitForLog(server, log.path, 'Olive is running');
  // The roles' generated passwords, kept beside the data folder.
  const credentials = JSON.parse(
    await readFile(credentialsFileFor(join(dataDir, 'pg')), 'utf8'),
  ) as EmbeddedCredentials;
  const urlAs = (login: { user: string; password: string }) =>
    `postgres://${login.user}:${encodeURIComponent(login.password)}@127.0.0.1:${pgPort}/olive`;
  return {
    server,
    port,
    url: `http://127.0.0.1:${port}`,
    dbUrl: urlAs(credentials.app),
    ownerDbUrl: urlAs(credentials.owner),
    dataDir,
    async settle() {
      const cpuSeconds = async () => {
        const fields = (await readFile(`/proc/${server.pid}/stat`, 'utf8'))
          .split(') ')[1]!
          .split(' ');
        return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in ticks
      };
      const start = Date.now();
      for (let before = await cpuSeconds(); Date.now() - start < 180_000;) {
        await new Promise((resolve) => setTimeout(resolve, 5000));
        const now = await cpuSeconds();
        if (now - before < 1.25) break;
        before = now;
      }
      return Math.round((Date.now() - start) / 1000);
    },
    async stop() {
      server.kill('SIGTERM');
      if (server.exitCode === null && server.signalCode === null) {
        await new Promise((r) => server.once('exit', r));
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second process in the API role alone (`APP_ROLE=api`: no robot engine, deposit watcher
 * or payout loop in it) on `olive`'s database and devchain, as a deployment that runs its
 * workers in their own process would serve calls. `olive` keeps running them (and its own
 * API, idle) on the same cores.
 */
export async function startApiProcess(
  olive: BenchOlive,
  options: {
    nodeArgs?: string[];
    env?: Record<string, string>;
    /** Another checkout to run the API from (its dependencies installed, its apps built). */
    cwd?: string;
  } = {},
): Promise<{ server: ChildProcess; port: number; stop(): Promise<void> }> {
  const port = await freePort();
  const log = logFile(olive.dataDir, `api-${port}`);
  const server = spawn(process.execPath, serverArgs(options.nodeArgs), {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: {
      ...process.env,
      APP_ROLE: 'api',
      PORT: String(port),
      DATABASE_URL: olive.dbUrl,
      DATABASE_OWNER_URL: olive.ownerDbUrl,
      PG_DATA_DIR: join(olive.dataDir, 'pg'), // where the devchain's deployment file is
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000000',
      DEV_INBOX_PORT: '0',
      ...options.env,
    },
    stdio: ['ignore', log.fd, 'inherit'],
  });
  closeSync(log.fd);
  await waitForLog(server, log.path, 'Olive is running');
  return {
    server,
    port,
    async stop() {
      server.kill('SIGTERM');
      if (server.exitCode === null && server.signalCode === null) {
        await new Promise((r) => server.once('exit', r));
      }
    },
  };
}

/**
 * A crowd of `count` investors signed in as a sign-in leaves them (a session row holding
 * the SHA-256 of a 256-bit token), written in bulk rather than through `count` argon2
 * logins, with `password`. With `lastSeenSpread`, each session was last written at a random
 * time within that many minutes (a crowd that signed in at different times); otherwise now.
 */
export async function insertCrowd(
  dbUrl: string,
  count: number,
  options: { password: string; lastSeenSpread?: number },
): Promise<{ userId: string; token: string }[]> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ id: string }>(
      `insert into users (account, account_kind, password_hash, fund_password_hash, nickname, invite_code)
       select 'crowd' || i || '@example.com', 'email', $1, $1, 'crowd' || i, 'C' || lpad(i::text, 7, '0')
         from generate_series(1, $2::int) i
       returning id`,
      [await hashPassword(options.password), count],
    );
    const crowd = rows.map(({ id }) => ({
      userId: id,
      token: randomBytes(32).toString('base64url'),
    }));
    await db.query(
      `insert into sessions (user_id, token_hash, created_at, last_seen_at, expires_at)
       select u, t, now() - make_interval(mins => $3), now() - random() * make_interval(mins => $3),
              now() + interval '7 days'
         from unnest($1::bigint[], $2::bytea[]) as s(u, t)`,
      [
        crowd.map((c) => c.userId),
        crowd.map((c) => createHash('sha256').update(c.token).digest()),
        options.lastSeenSpread ?? 0,
      ],
    );
    return crowd;
  } finally {
    await db.end();
  }
}

/**
 * `count` investors straight into the database (`<prefix><i>@example.com`, i from 1), with
 * `password` (and `fundPassword`, six digits, or the same password): registration is not what a
 * benchmark measures. Returns their accounts.
 */
export async function insertInvestors(
  dbUrl: string,
  options: { prefix: string; count: number; password: string; fundPassword?: string },
): Promise<string[]> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  try {
    const { prefix, count } = options;
    const code = prefix.slice(0, 1).toUpperCase();
    await db.query(
      `insert into users (account, account_kind, password_hash, fund_password_hash, nickname, invite_code)
       select $2 || i || '@example.com', 'email', $1, $4, $2 || i, $3 || lpad(i::text, 7, '0')
       from generate_series(1, ${Number(count)}) i`,
      [
        await hashPassword(options.password),
        prefix,
        code,
        await hashPassword(options.fundPassword ?? options.password),
      ],
    );
    return Array.from({ length: count }, (_, i) => `${prefix}${i + 1}@example.com`);
  } finally {
    await db.end();
  }
}

/**
 * One investor put in with `insertInvestors` and signed in through the API, as the app
 * does it; `storage` is the script that puts the session where the app keeps it
 * (localStorage), for a browser page on the server's origin.
 */
export async function signedInInvestor(olive: BenchOlive, prefix: string) {
  const password = 'bench-olive-2026';
  const [account] = await insertInvestors(olive.dbUrl, { prefix, count: 1, password });
  const reply = await callWithRetry(
    olive.url,
    '/api/user/login',
    new URLSearchParams({ account: account!, password, lang: 'en' }).toString(),
  );
  if (reply.code !== 1) throw new Error(`login failed: ${JSON.stringify(reply)}`);
  const { token, user_id } = reply.data as { token: string; user_id: string };
  return {
    token,
    user_id,
    storage: `localStorage.setItem('token', ${JSON.stringify(token)});
      localStorage.setItem('user_id', ${JSON.stringify(user_id)});`,
  };
}

/** One call to `base`; a refusal for load (Retry-After) is asked again a second later, as it says. */
export async function callWithRetry(
  base: string,
  path: string,
  body: string,
  headers: Record<string, string> = {},
) {
  for (;;) {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body,
    });
    const reply = (await response.json()) as { code: number; data: Record<string, unknown> };
    if (reply.code === 1 || !response.headers.has('retry-after')) return reply;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/**
 * Funds every investor of the crowd (deposits in batches, straight through the ledger) and
 * has each create and start a robot through the API at `base` (a 100 USDT neutral grid, the
 * markets in turn); each investor's `robotId` is set.
 */
export async function startCrowdRobots(
  base: string,
  dbUrl: string,
  crowd: { userId: string; token: string; robotId?: string }[],
) {
  const started = Date.now();
  const db = createDb(dbUrl, 4);
  const ledger = ledgerService(ledgerRepository(db));
  const principal = parseAmount('100');
  for (let i = 0; i < crowd.length; i += 500) {
    await ledger.postBatch(
      crowd.slice(i, i + 500).map((investor) => ({
        kind: 'deposit' as const,
        idempotencyKey: `bench:robot:${investor.userId}`,
        postings: [
          { account: platformAccount('custody', 'erc20'), amount: -principal },
          { account: userAccount(investor.userId, 'available'), amount: principal },
        ],
      })),
    );
  }
  await db.destroy();
  let next = 0;
  const worker = async () => {
    while (next < crowd.length) {
      const investor = crowd[next]!;
      const market = MARKET_IDS[next++ % MARKET_IDS.length]!;
      const auth = { authorization: `Bearer ${investor.token}`, userid: investor.userId };
      const body = `market=${encodeURIComponent(market)}&direction=neutral&principal=100`;
      const created = await callWithRetry(base, '/api/user/quancreate', body, auth);
      if (created.code !== 1) throw new Error(`quancreate: ${JSON.stringify(created)}`);
      const robotId = String(created.data.robot_id);
      const start = await callWithRetry(
        base,
        '/api/user/openquan',
        `robot_id=${robotId}&action=start`,
        auth,
      );
      if (start.code !== 1) throw new Error(`start: ${JSON.stringify(start)}`);
      investor.robotId = robotId;
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  process.stderr.write(`${crowd.length} robots started in ${(Date.now() - started) / 1000} s\n`);
}
