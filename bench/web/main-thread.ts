// What the first load costs the main thread, by kind of work, on Chromium at Lighthouse's
// 4x CPU slowdown (real throttling, not simulated): parsing the page, style, layout, paint
// and script, the font lookups behind layout (docs/benchmarks.md), and the blocking time the
// page's own long tasks add up to (each task's time over 50 ms, from the first paint until
// the page is quiet, as Lighthouse's TBT counts it). Lighthouse's TBT on this 2-core host
// moves by a second between runs of one build; these sums move less, and say which kind of
// work a change removed. The real server (bench/lib/olive.ts) serves a copy of each build;
// with --compare a second build is served beside the first and their runs alternate.
// Writes bench/results/main-thread.json: every run, and per page and build the medians.
// Run: node scripts/build-apps.mjs && npx tsx bench/web/main-thread.ts [runs=5]
//        [--compare=<another build's dist>] [--pages=<name>,...]
import { cp, mkdtemp, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { signedInInvestor, startOlive } from '../lib/olive.ts';
import { pagesFrom } from '../lib/web-pages.ts';

const args = process.argv.slice(2);
const runs = Number(args.find((a) => !a.startsWith('--')) ?? 5);
const compareArg = args.find((a) => a.startsWith('--compare='))?.slice(10);
const ownDist = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));

async function serve(dist: string) {
  const webDist = await mkdtemp(join(tmpdir(), 'olive-bench-mt-web-'));
  await cp(dist, webDist, { recursive: true });
  const started = await startOlive({ env: { WEB_DIST_DIR: webDist } });
  return { dist, started, session: await signedInInvestor(started, 'bench-mt') };
}
const loadBefore = loadavg();
const served = [await serve(ownDist)];
if (compareArg) served.push(await serve(`${compareArg.replace(/\/$/, '')}/`));
for (const s of served) await s.started.settle();

const pages = pagesFrom(args);

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  args?: { beginData?: { url?: string } };
}
// Top-level work inside a task, by kind (Chromium's trace event names).
const KINDS: Record<string, string> = {
  ParseHTML: 'parse_ms',
  UpdateLayoutTree: 'style_ms',
  Layout: 'layout_ms',
  Paint: 'paint_ms',
  PrePaint: 'paint_ms',
  Layerize: 'paint_ms',
  Commit: 'paint_ms',
  EvaluateScript: 'script_ms',
  'v8.evaluateModule': 'script_ms',
  'v8.compileModule': 'script_ms',
  FunctionCall: 'script_ms',
  TimerFire: 'script_ms',
  EventDispatch: 'script_ms',
  FireAnimationFrame: 'script_ms',
  RunMicrotasks: 'script_ms',
};
type Figures = Record<string, number>;

function figuresOf(events: TraceEvent[], origin: string): Figures {
  const main = events.find(
    (e) => e.name === 'ParseHTML' && (e.args?.beginData?.url ?? '').startsWith(origin),
  )?.tid;
  const own = events.filter((e) => e.tid === main);
  const tasks = own.filter((e) => e.name === 'RunTask' && e.ph === 'X');
  const firstPaint = own.find((e) => e.name === 'firstContentfulPaint')?.ts ?? 0;
  const figures: Figures = {
    parse_ms: 0,
    style_ms: 0,
    layout_ms: 0,
    paint_ms: 0,
    script_ms: 0,
    font_lookups: own.filter((e) => e.name === 'FontCache::GetFontPlatformData').length,
    blocking_ms: 0,
  };
  let blocking = 0;
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    if (task.ts >= firstPaint && task.dur! > 50_000) blocking += task.dur! / 1000 - 50;
    // Only the outermost events of each kind in the task: nested ones are already counted.
    let coveredUntil = 0;
    for (const e of own) {
      if (e.ts < task.ts || e.ts >= end || e === task || e.ph !== 'X' || !(e.name in KINDS))
        continue;
      if (e.ts < coveredUntil) continue;
      figures[KINDS[e.name]!]! += e.dur! / 1000;
      coveredUntil = e.ts + e.dur!;
    }
  }
  figures.blocking_ms = blocking;
  for (const k of Object.keys(figures)) figures[k] = Math.round(figures[k]!);
  return figures;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const results: { page: string; build: string; runs: Figures[] }[] = [];
try {
  for (const page of pages) {
    const rows = served.map((s, i) => ({
      page: page.name,
      build: i === 0 ? 'this' : 'compared',
      runs: [] as Figures[],
    }));
    for (let run = 0; run < runs; run++) {
      for (const [i, target] of served.entries()) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
        const tab = await context.newPage();
        if (page.signedIn) await tab.addInitScript(target.session.storage);
        const cdp = await context.newCDPSession(tab);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await browser.startTracing(tab, {
          categories: [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'fonts',
            'disabled-by-default-fonts',
            'loading',
          ],
        });
        await tab.goto(`${target.started.url}${page.path}`, { waitUntil: 'networkidle' });
        await tab.waitForTimeout(2000);
        const trace = JSON.parse((await browser.stopTracing()).toString()) as {
          traceEvents: TraceEvent[];
        };
        const events = trace.traceEvents.sort((a, b) => a.ts - b.ts);
        const figures = figuresOf(events, target.started.url);
        rows[i]!.runs.push(figures);
        process.stdout.write(`${page.name} ${rows[i]!.build}: ${JSON.stringify(figures)}\n`);
        await context.close();
      }
    }
    results.push(...rows);
  }
} finally {
  await browser.close();
  for (const s of served) await s.started.stop();
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const summary = results.map((r) => ({
  page: r.page,
  build: r.build,
  median: Object.fromEntries(
    Object.keys(r.runs[0]!).map((k) => [k, median(r.runs.map((f) => f[k]!))]),
  ),
  runs: r.runs,
}));
for (const s of summary)
  process.stdout.write(`median ${s.page} ${s.build}: ${JSON.stringify(s.median)}\n`);
await writeFile(
  fileURLToPath(new URL('../results/main-thread.json', import.meta.url)),
  `${JSON.stringify(
    {
      measured_at: new Date().toISOString(),
      machine: `${cpus().length} cores, ${cpus()[0]?.model}`,
      load_average: { before: loadBefore, after: loadavg() },
      command: `npx tsx bench/web/main-thread.ts ${args.join(' ')}`.trim(),
      cpu_slowdown: 4,
      builds: { this: ownDist, compared: compareArg ?? null },
      pages: summary,
    },
    null,
    1,
  )}\n`,
);
