// The signed-in API path against its yardstick, in one run on one machine: `userinfo` with
// a valid token on the real server (`npm start`'s entry point, embedded PostgreSQL) vs a
// bare Fastify route answering the same JSON. Then p99 at a fixed 1,000 requests a second.
// With --profile the server runs under `--cpu-prof` and the top functions by self time
// are printed (the profile itself lands in bench/results/profiles/).
// The calls are spread over a crowd of signed-in investors (--investors=N, 20,000 by
// default; their sessions are written as sign-in writes them), as a real population sends
// them: one token would hit the same warm caches on every call (issue 33). Every investor
// calls once before the measured runs (reported apart as `first_call`), so the runs measure
// a server that has served its crowd before.
// Run: npx tsx bench/api/userinfo.ts [connections=10] [seconds=10] [--runs=N]
//        [--investors=N] [--profile] [--log-level=info] [--robots --call=/api/user/quaninfo]
import { spawn } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { hashPassword } from '../../apps/server/src/modules/auth/password.ts';
import {
  callWithRetry,
  freePort,
  insertCrowd,
  startApiProcess,
  startCrowdRobots,
  startOlive,
  waitFor,
} from '../lib/olive.ts';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const profile = process.argv.includes('--profile');
// Another signed-in call than userinfo (for example --call=/api/main/maininfo), or the same
// call without a session (--anonymous).
const callPath =
  process.argv.find((a) => a.startsWith('--call='))?.slice('--call='.length) ??
  '/api/user/userinfo';
const anonymous = process.argv.includes('--anonymous');
// Every investor of the crowd runs a robot (a 100 USDT neutral grid, the markets in turn),
// created and started through the API, and each call names it (for --call=/api/user/quaninfo).
const withRobots = process.argv.includes('--robots');
// The API role alone (APP_ROLE=api: no robot engine, watcher or payout loop in the process),
// beside `npm start`'s process running the workers, as a deployment that runs its workers in
// a process of their own would serve the call.
const apiOnly = process.argv.includes('--api-only');
const callName = callPath.split('/').pop()!;
const connections = Number(args[0] ?? 10);
const seconds = Number(args[1] ?? 10);
const runs = Number(
  process.argv.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 1,
);
const investors = Number(
  process.argv.find((a) => a.startsWith('--investors='))?.slice('--investors='.length) ?? 20_000,
);
const PASSWORD = 'bench-olive-2026';
const barePort = await freePort();
const profileDir = join(process.cwd(), 'bench/results/profiles');

// Logged as `npm start` logs (info: a line per request and its answer), unless
// --log-level=warn asks for the quieter server (issue 33: the figures were at warn).
const logLevel =
  process.argv.find((a) => a.startsWith('--log-level='))?.slice('--log-level='.length) ?? 'info';
const profiling = profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
const env = { LOG_LEVEL: logLevel };
const olive = await startOlive({ nodeArgs: apiOnly ? [] : profiling, env });
// --api-only: the calls go to a process of the API role, the workers run in `olive`.
const api = apiOnly ? await startApiProcess(olive, { nodeArgs: profiling, env }) : null;
const port = api?.port ?? olive.port;

const db = new pg.Client({ connectionString: olive.dbUrl });
await db.connect();
const hash = await hashPassword(PASSWORD);
await db.query(
  `insert into users (account, account_kind, password_hash, fund_password_hash, nickname, invite_code)
   values ('bench@example.com', 'email', $1, $1, 'bench', 'BENCH001')`,
  [hash],
);
// The crowd: investors signed in as a sign-in leaves them, written in bulk.
const crowd: { token: string; userId: string; robotId?: string }[] =
  investors > 1 ? await insertCrowd(olive.dbUrl, investors - 1, { password: PASSWORD }) : [];
await db.end();

const call = (path: string, body: string, headers?: Record<string, string>) =>
  callWithRetry(`http://127.0.0.1:${port}`, path, body, headers);
const login = await call('/api/user/login', `account=bench%40example.com&password=${PASSWORD}`);
if (login.code !== 1) throw new Error(`login failed: ${JSON.stringify(login)}`);
const { token, user_id } = login.data as { token: string; user_id: string };
const headers: Record<string, string> = anonymous
  ? { 'content-type': 'application/x-www-form-urlencoded' }
  : {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Bearer ${token}`,
      userid: user_id,
    };
crowd.push({ token, userId: user_id });
if (withRobots) await startCrowdRobots(`http://127.0.0.1:${port}`, olive.dbUrl, crowd);
const bodyOf = (investor: (typeof crowd)[number]) =>
  investor.robotId ? `lang=en&robot_id=${investor.robotId}` : 'lang=en';
const sample = await call(callPath, bodyOf(crowd.at(-1)!), headers);
if (sample.code !== 1) throw new Error(`${callName} failed: ${JSON.stringify(sample)}`);

// The yardstick: a bare Fastify route answering the same JSON, in a process of its own.
const bare = spawn(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    `import Fastify from 'fastify';
     const app = Fastify();
     const reply = ${JSON.stringify(JSON.stringify(sample))};
     app.post(${JSON.stringify(callPath)}, async (_req, res) => res.type('application/json').send(reply));
     app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, b, d) => d(null, b));
     await app.listen({ port: ${barePort}, host: '127.0.0.1' });
     console.log('bare ready');`,
  ],
  { cwd: 'apps/server', stdio: ['ignore', 'pipe', 'inherit'] },
);
await waitFor(bare, 'bare ready');

/** CPU seconds a process has used (user + system, from /proc). */
async function cpuSeconds(pid: number) {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Drives `url`; with `pid`, also the CPU that process spent per 1,000 answers. That figure
 * barely moves when other work shares the cores (the throughput does), so the ratio of the
 * two processes' CPU per answer is reported beside the ratio of their rates.
 */
let turn = 0;
async function load(url: string, rate?: number, pid?: number, amount?: number) {
  const cpuBefore = pid ? await cpuSeconds(pid) : 0;
  const result = await autocannon({
    url,
    connections,
    ...(amount ? { amount } : { duration: seconds }),
    ...(rate ? { overallRate: rate } : {}),
    requests: [
      {
        method: 'POST',
        headers,
        body: 'lang=en',
        // Each call from the next investor of the crowd, round robin.
        ...(anonymous
          ? {}
          : {
              setupRequest: (request: autocannon.Request) => {
                const next = crowd[(turn = (turn + 1) % crowd.length)]!;
                request.headers = {
                  ...headers,
                  authorization: `Bearer ${next.token}`,
                  userid: next.userId,
                };
                if (next.robotId) request.body = bodyOf(next);
                return request;
              },
            }),
      },
    ],
  });
  const answered = result.requests.total;
  return {
    ...(pid && answered > 0
      ? {
          cpu_ms_per_1000:
            Math.round((((await cpuSeconds(pid)) - cpuBefore) * 1e6) / answered) / 1000,
        }
      : {}),
    requests_per_second: result.requests.average,
    non_2xx: result.non2xx,
    errors: result.errors,
    latency_ms: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
  };
}

// First, one call from every investor of the crowd: each is its session's first call to
// this process, so the session, profile and balance are read from PostgreSQL (the cold
// path, reported as `first_call`). A server that has been up a while has served its active
// crowd before; the measured runs after it are that steady state: each investor calls again
// every crowd/rate seconds, so whatever the caches' ages (a session 60 s, a balance 10 s)
// expire in that time is read again, as in production.
const firstCall =
  crowd.length > 1 && !anonymous
    ? await load(
        `http://127.0.0.1:${port}${callPath}`,
        undefined,
        (api?.server ?? olive.server).pid,
        crowd.length,
      )
    : null;
// Warm both, then measure them back to back, `runs` times (--runs=N): on this machine one
// pair's ratio swings by a third from run to run, so the median pair is what is reported.
await load(`http://127.0.0.1:${barePort}${callPath}`);
await load(`http://127.0.0.1:${port}${callPath}`);
type Load = Awaited<ReturnType<typeof load>>;
const pairs: { yardstick: Load; userinfo: Load; ratio: number }[] = [];
for (let run = 0; run < runs; run++) {
  const yardstick = await load(`http://127.0.0.1:${barePort}${callPath}`, undefined, bare.pid);
  const userinfo = await load(
    `http://127.0.0.1:${port}${callPath}`,
    undefined,
    (api?.server ?? olive.server).pid,
  );
  const ratio = userinfo.requests_per_second / yardstick.requests_per_second;
  pairs.push({ yardstick, userinfo, ratio: Number(ratio.toFixed(3)) });
}
const median = [...pairs].sort((a, b) => a.ratio - b.ratio)[Math.floor(pairs.length / 2)]!;
const { yardstick, userinfo } = median;
const atThousand = await load(`http://127.0.0.1:${port}${callPath}`, 1000);

bare.kill('SIGTERM');
await api?.stop();
await olive.stop();

const summary = {
  measured_at: new Date().toISOString(),
  machine: `${cpus().length} cores, ${cpus()[0]?.model ?? ''}`,
  call: callPath,
  signed_in: !anonymous,
  investors: anonymous ? 0 : crowd.length,
  running_robots: withRobots ? crowd.length : 0,
  app_role: apiOnly ? 'api' : 'all (npm start)',
  log_level: logLevel,
  connections,
  seconds,
  userinfo,
  yardstick_bare_fastify: yardstick,
  first_call: firstCall && {
    ...firstCall,
    ratio: Number((firstCall.requests_per_second / yardstick.requests_per_second).toFixed(3)),
  },
  ratio: Number((userinfo.requests_per_second / yardstick.requests_per_second).toFixed(3)),
  // The bare route's CPU per answer over the server's: the rate ratio on a quiet machine.
  cpu_ratio:
    yardstick.cpu_ms_per_1000 && userinfo.cpu_ms_per_1000
      ? Number((yardstick.cpu_ms_per_1000 / userinfo.cpu_ms_per_1000).toFixed(3))
      : null,
  runs: pairs.map((p) => ({
    ratio: p.ratio,
    call_per_second: p.userinfo.requests_per_second,
    bare_per_second: p.yardstick.requests_per_second,
    cpu_ms_per_1000: [p.userinfo.cpu_ms_per_1000, p.yardstick.cpu_ms_per_1000],
  })),
  load_average: loadavg().map((l) => Number(l.toFixed(2))),
  userinfo_at_1000_per_second: atThousand,
};
await writeFile(
  `bench/results/${callName}${anonymous ? '-anonymous' : ''}${apiOnly ? '-api-only' : ''}.json`,
  `${JSON.stringify(summary, null, 2)}\n`,
);
process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);

if (profile) {
  // Self and inclusive time of the server's main thread while under load (the last
  // measured seconds), from its profile: where the signed-in path spends its time.
  const files = (await readdir(profileDir)).filter((f) => f.endsWith('.0.001.cpuprofile')).sort();
  const cpu = JSON.parse(await readFile(join(profileDir, files.pop()!), 'utf8')) as {
    nodes: {
      id: number;
      children?: number[];
      callFrame: { functionName: string; url: string; lineNumber: number };
    }[];
    samples: number[];
    timeDeltas: number[];
    startTime: number;
    endTime: number;
  };
  const byId = new Map(cpu.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of cpu.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const where = (url: string) =>
    url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(apps|packages)\//, '$1/');
  const cutoff = cpu.endTime - 4 * seconds * 1e6;
  const inclusive = new Map<string, number>();
  let time = cpu.startTime;
  let busy = 0;
  cpu.samples.forEach((id, i) => {
    time += cpu.timeDeltas[i]!;
    if (time < cutoff || byId.get(id)!.callFrame.functionName === '(idle)') return;
    busy += 1;
    const seen = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const frame = byId.get(node)!.callFrame;
      const file = where(frame.url);
      const key = /^(apps|packages)\//.test(file)
        ? `${file} ${frame.functionName}`
        : file.split('/').slice(0, 2).join('/') || frame.functionName;
      if (!seen.has(key)) inclusive.set(key, (inclusive.get(key) ?? 0) + 1);
      seen.add(key);
    }
  });
  const lines = [...inclusive]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 50)
    .map(([k, v]) => `${((100 * v) / busy).toFixed(1).padStart(5)}%  ${k}`);
  await mkdir(profileDir, { recursive: true });
  await writeFile(
    join(profileDir, `${callName}${apiOnly ? '-api-only' : ''}-top.txt`),
    `${lines.join('\n')}\n`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
}
