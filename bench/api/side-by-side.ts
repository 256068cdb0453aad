// Two builds of the API, side by side on one database, the same crowd, loaded in turn:
// what a change to the signed-in path saves, measured where the host's speed moves by a
// factor of three between hours (a pair shares its minute; separate runs do not).
// One `npm start` (this tree, on a fresh embedded PostgreSQL, running the workers) and two
// processes of the API role on its database: A from another checkout (`<other-tree>`, with
// its dependencies installed or linked and its apps built), B from this one. 20,000
// investors (--investors=N) with sessions last written at random times over the past five
// minutes (as a crowd that signed in at different times; the five-minute touch falls due
// through the run). Each process first answers every investor once, then one warm-up of
// 10 s each; then `pairs` pairs of 10 s each, alternating which goes first, CPU per answer
// of each process from /proc. Everything logs at info to a file, as `npm start` does.
// With --robots every investor runs a robot (started through `npm start`'s process, whose
// engine runs them) and each call names it: for --call /api/user/quaninfo.
// Run: npx tsx bench/api/side-by-side.ts <other-tree> [call=/api/main/maininfo] [pairs=6]
//        [--investors=N] [--robots]
// An other tree for a commit, sharing this one's dependencies and built apps (the server
// serves them; the packages must not differ between the two):
//   git worktree add /tmp/olive-a <commit>
//   for d in node_modules apps/web/dist apps/admin/dist; do ln -s "$PWD/$d" "/tmp/olive-a/$d"; done
// Raw result: bench/results/side-by-side-<call>.json
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { insertCrowd, startApiProcess, startCrowdRobots, startOlive } from '../lib/olive.ts';

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const treeA = resolve(args[0] ?? '');
if (!args[0]) throw new Error('usage: side-by-side.ts <other-tree> [call] [pairs]');
const callPath = args[1] ?? '/api/main/maininfo';
const pairs = Number(args[2] ?? 6);
const investors = Number(
  process.argv.find((a) => a.startsWith('--investors='))?.slice('--investors='.length) ?? 20_000,
);
const withRobots = process.argv.includes('--robots');
const commitOf = async (tree: string) =>
  new Promise<string>((done) => {
    const git = spawn('git', ['-C', tree, 'rev-parse', '--short', 'HEAD']);
    let out = '';
    git.stdout.on('data', (d: Buffer) => (out += d.toString()));
    git.on('close', () => done(out.trim()));
  });

const olive = await startOlive({ env: { LOG_LEVEL: 'info' } });
// Sessions last written at random times over the past five minutes.
const crowd: { userId: string; token: string; robotId?: string }[] = await insertCrowd(
  olive.dbUrl,
  investors,
  {
    password: 'bench-olive-2026',
    lastSeenSpread: 5,
  },
);
if (withRobots) await startCrowdRobots(olive.url, olive.dbUrl, crowd);

/** A process of the API role from `tree` on `olive`'s database, logging at info to a file. */
async function apiProcess(tree: string) {
  const api = await startApiProcess(olive, { cwd: tree, env: { LOG_LEVEL: 'info' } });
  process.once('exit', () => api.server.kill('SIGTERM'));
  return { ...api, commit: await commitOf(tree) };
}
type Api = Awaited<ReturnType<typeof apiProcess>>;

const A = await apiProcess(treeA);
const B = await apiProcess(process.cwd());

const cpuSeconds = async (child: ChildProcess) => {
  const f = (await readFile(`/proc/${child.pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) / 100;
};
let turn = 0;
/** Calls from the crowd in turn, for 10 s or `amount` calls; CPU per answer from /proc. */
async function load(target: Api, amount?: number) {
  const before = await cpuSeconds(target.server);
  const result = await autocannon({
    url: `http://127.0.0.1:${target.port}${callPath}`,
    connections: 10,
    ...(amount ? { amount } : { duration: 10 }),
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'lang=en',
        setupRequest: (request: autocannon.Request) => {
          const next = crowd[(turn = (turn + 1) % crowd.length)]!;
          request.headers = {
            ...request.headers,
            authorization: `Bearer ${next.token}`,
            userid: next.userId,
          };
          if (next.robotId) request.body = `lang=en&robot_id=${next.robotId}`;
          return request;
        },
      },
    ],
  });
  const answered = result.requests.total;
  return {
    cpu_us_per_answer: Math.round((((await cpuSeconds(target.server)) - before) * 1e6) / answered),
    requests_per_second: Math.round(result.requests.average),
    non_2xx: result.non2xx,
    errors: result.errors,
  };
}

await load(A, crowd.length);
await load(B, crowd.length);
await load(A);
await load(B);
const measured: { a: Awaited<ReturnType<typeof load>>; b: Awaited<ReturnType<typeof load>> }[] = [];
for (let i = 0; i < pairs; i++) {
  const [first, second] = i % 2 ? [B, A] : [A, B];
  const x = await load(first);
  const y = await load(second);
  const pair = first === A ? { a: x, b: y } : { a: y, b: x };
  measured.push(pair);
  process.stderr.write(
    `pair ${i + 1}: A ${pair.a.cpu_us_per_answer} µs, B ${pair.b.cpu_us_per_answer} µs\n`,
  );
}
await A.stop();
await B.stop();
await olive.stop();

const median = (values: number[]) => [...values].sort((x, y) => x - y)[values.length >> 1]!;
const cpuA = measured.map((p) => p.a.cpu_us_per_answer);
const cpuB = measured.map((p) => p.b.cpu_us_per_answer);
const summary = {
  measured_at: new Date().toISOString(),
  call: callPath,
  investors,
  running_robots: withRobots ? crowd.length : 0,
  a: A.commit,
  b: B.commit,
  cpu_us_per_answer: {
    a: { min: Math.min(...cpuA), median: median(cpuA), max: Math.max(...cpuA) },
    b: { min: Math.min(...cpuB), median: median(cpuB), max: Math.max(...cpuB) },
  },
  b_lower_in: `${measured.filter((p) => p.b.cpu_us_per_answer < p.a.cpu_us_per_answer).length} of ${pairs} pairs`,
  pairs: measured,
  load_average: loadavg().map((l) => Number(l.toFixed(2))),
};
await writeFile(
  `bench/results/side-by-side-${callPath.split('/').pop()}.json`,
  `${JSON.stringify(summary, null, 2)}\n`,
);
process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
process.exit(0);
