// Lighthouse on the investor app, as issue 17 sets the aim (performance score 95 or more,
// LCP under 1.5 s): the performance category only, Lighthouse's defaults otherwise (mobile
// form factor, Moto G Power screen, simulated slow 4G and 4x CPU slowdown), on the real
// server (`npm start`'s entry point, embedded PostgreSQL) serving the built apps/web.
// Pages: the entry `/` (the update check, which forwards to Home), Home and Trade signed
// out, then Home and Trade signed in (an investor logged in through /api/user/login, the
// token and user id put in localStorage as the app keeps them; Trade renders for visitors
// too, with a login prompt where the create form would be). Each run is a fresh Chromium
// profile (cold cache, no service worker); one unrecorded run per page warms the server
// first. Per page: every run and the median of each figure, and for the median run the
// opportunities and diagnostics Lighthouse lists. Writes bench/results/lighthouse.json;
// the full reports of the median runs land in the system temp folder (path printed).
// Measures what apps/web/dist holds when it starts (a copy, so a rebuild while it runs does
// not change what is served): build it first. The machine should be quiet (the
// load average is recorded; simulated throttling still scales with the host's speed).
// Run: npm run build -w @olive/web && npx tsx bench/web/lighthouse.ts [runs=3]
//        [--calibrated] [--dist=<a build's dist>] [--compare=<another build's dist>]
//        [--pages=<name>,...]
//      (CHROME_PATH, default /usr/bin/chromium)
// --calibrated: the CPU slowdown Lighthouse's own calibration gives for this host instead of
// its fixed 4x (docs/throttling.md, "Calibrating the CPU slowdown"; the formula of its
// calculator, cpuSlowdownFor below): the 4x assumes a host of benchmark index about 1,533,
// and these machines have measured 1,000 to 3,900, so the fixed 4x simulates anything from
// a phone 1.7 times slower than the mid-tier one (index 1,000) to one 3.5 times faster. The multiplier is
// set per page from its warm-up run's benchmark index and recorded beside each run. Writes
// bench/results/lighthouse-calibrated.json instead. --dist measures another build (one made
// in a worktree of an earlier commit, say) with today's server. --compare serves a second
// build beside the first, on a server of its own, and alternates their runs page by page:
// this host's speed moves by up to 2x between runs (Lighthouse's benchmark index), so two
// builds measured one after the other can differ by more than any change between them.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { signedInInvestor, startOlive } from '../lib/olive.ts';
import { pagesFrom } from '../lib/web-pages.ts';

const args = process.argv.slice(2);
const runs = Number(args.find((a) => !a.startsWith('--')) ?? 3);
const calibrated = args.includes('--calibrated');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu'];

const distArg = args.find((a) => a.startsWith('--dist='))?.slice(7);
const compareArg = args.find((a) => a.startsWith('--compare='))?.slice(10);
const distOf = (arg: string | undefined) =>
  arg
    ? `${arg.replace(/\/$/, '')}/`
    : fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));

/**
 * The product as the other benchmarks start it (bench/lib/olive.ts), serving a copy of a
 * built app, with an investor signed in the way the app does it.
 */
async function serve(dist: string) {
  if (!existsSync(`${dist}index.html`)) {
    throw new Error(`${dist} has no index.html: run \`npm run build -w @olive/web\` first`);
  }
  const webDist = await mkdtemp(join(tmpdir(), 'olive-bench-lh-web-'));
  const builtAt = statSync(`${dist}index.html`).mtime.toISOString();
  await cp(dist, webDist, { recursive: true });
  // The entry, as the first-screen script names it (decision 201).
  const entry = /["'`]\/assets\/(index-[^"'`]+\.js)["'`]/.exec(
    await readFile(join(webDist, 'index.html'), 'utf8'),
  );
  if (!entry || !existsSync(join(webDist, 'assets', entry[1]!))) {
    throw new Error(`${dist} is incomplete (a build under way?): build it again`);
  }
  const started = await startOlive({ env: { WEB_DIST_DIR: webDist } });
  const session = await signedInInvestor(started, 'bench-lh');
  return { dist, webDist, builtAt, entry: entry[1]!, started, origin: started.url, session };
}
type Served = Awaited<ReturnType<typeof serve>>;

// With --compare, both builds are served at once and their runs alternate, so that both
// meet the same moments of a host whose speed moves between runs.
const served = [await serve(distOf(distArg))];
if (compareArg) served.push(await serve(distOf(compareArg)));
// Let start-up work settle: the servers share the machine with Chromium.
let settledAfterS = 0;
for (const s of served) settledAfterS = Math.max(settledAfterS, await s.started.settle());

// --pages=entry,home-signed-in: only these pages (by name), for a quicker comparison.
const pages = pagesFrom(args);

interface Audit {
  id: string;
  title: string;
  score: number | null;
  numericValue?: number;
  displayValue?: string;
  details?: { type?: string; overallSavingsMs?: number; overallSavingsBytes?: number };
  metricSavings?: Record<string, number>;
}
interface Report {
  lighthouseVersion: string;
  environment: { benchmarkIndex: number };
  categories: { performance: { score: number } };
  audits: Record<string, Audit>;
  runWarnings: string[];
  runtimeError?: { code: string; message: string };
}

/**
 * The CPU slowdown that makes this host a mid-tier phone, from Lighthouse's benchmark index
 * of it: the formula of Lighthouse's CPU throttling calculator (1,533 → 4x, 1,300 → 3x,
 * 800 → 2x, 150 → 1x), which docs/throttling.md points to.
 */
function cpuSlowdownFor(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}

async function measure(
  target: Served,
  path: string,
  signedIn: boolean,
  cpuSlowdownMultiplier?: number,
) {
  const url = `${target.origin}${path}`;
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags, logLevel: 'error' });
  try {
    if (signedIn) {
      // localStorage on the origin, set through the DevTools protocol before Lighthouse
      // navigates (its storage reset clears caches and service workers, not localStorage).
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await browser.contexts()[0]!.newPage();
      await page.goto(`${target.origin}/favicon.svg`);
      await page.evaluate(target.session.storage);
      await page.close();
      await browser.close();
    }
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cpuSlowdownMultiplier === undefined ? {} : { throttling: { cpuSlowdownMultiplier } }),
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    return result.lhr as unknown as Report;
  } finally {
    chrome.kill();
  }
}

const figures = (lhr: Report) => {
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    performance_score: Math.round(lhr.categories.performance.score * 100),
    fcp_ms: Math.round(value('first-contentful-paint')),
    lcp_ms: Math.round(value('largest-contentful-paint')),
    tbt_ms: Math.round(value('total-blocking-time')),
    cls: Number(value('cumulative-layout-shift').toFixed(3)),
    speed_index_ms: Math.round(value('speed-index')),
    total_transferred_bytes: Math.round(value('total-byte-weight')),
  };
};
type Figures = ReturnType<typeof figures>;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

type Items = Record<string, unknown>[];
const items = (lhr: Report, id: string): Items =>
  ((lhr.audits[id]?.details as { items?: Items } | undefined)?.items ?? []) as Items;
const local = (url: unknown) => String(url).replace(/^https?:\/\/[^/]+/, '');
const ms = (n: unknown) => Math.round(Number(n));

/** What Lighthouse says is slowing the page: its opportunities and the main diagnostics. */
function causes(lhr: Report) {
  const opportunities = Object.values(lhr.audits)
    .filter((a) => a.details?.type === 'opportunity' && (a.score ?? 1) < 1)
    .map((a) => ({
      id: a.id,
      savings_ms: Math.round(a.details?.overallSavingsMs ?? 0),
      savings_bytes: Math.round(a.details?.overallSavingsBytes ?? 0),
      metric_savings: a.metricSavings ?? {},
    }))
    .sort((a, b) => b.savings_ms - a.savings_ms || b.savings_bytes - a.savings_bytes);
  const lcp = items(lhr, 'largest-contentful-paint-element') as { items?: Items }[];
  const lcpNode = (lcp[0]?.items?.[0]?.node ?? {}) as { snippet?: string };
  const requests = items(lhr, 'network-requests');
  const summary = items(lhr, 'diagnostics')[0] ?? {};
  return {
    opportunities,
    lcp_element: lcpNode.snippet ?? null,
    lcp_phases_ms: Object.fromEntries(
      (lcp[1]?.items ?? []).map((phase) => [phase.phase, ms(phase.timing)]),
    ),
    layout_shifts: items(lhr, 'layout-shifts').map((shift) => ({
      element: (shift.node as { selector?: string } | undefined)?.selector ?? null,
      score: Number(Number(shift.score).toFixed(3)),
    })),
    requests: {
      total: summary.numRequests,
      scripts: summary.numScripts,
      stylesheets: summary.numStylesheets,
      protocols: [...new Set(requests.map((r) => r.protocol))],
    },
    largest_transfers: [...requests]
      .sort((a, b) => Number(b.transferSize) - Number(a.transferSize))
      .slice(0, 5)
      .map((r) => ({ url: local(r.url), transfer_bytes: r.transferSize, bytes: r.resourceSize })),
    // Both at Lighthouse's simulated CPU (4x the host's time).
    bootup_ms: ms(lhr.audits['bootup-time']?.numericValue),
    bootup_top: items(lhr, 'bootup-time')
      .slice(0, 4)
      .map((b) => ({ url: local(b.url), total_ms: ms(b.total), scripting_ms: ms(b.scripting) })),
    main_thread_ms: Object.fromEntries(
      items(lhr, 'mainthread-work-breakdown').map((g) => [g.group, ms(g.duration)]),
    ),
  };
}

/** A page's figures from its runs: medians, each run, and the causes in the median run. */
async function summarise(
  page: (typeof pages)[number],
  reports: Report[],
  failed: { code: string; message: string }[],
  slowdown: number | undefined,
  reportPath: string,
) {
  if (reports.length === 0) throw new Error(`${page.name}: ${JSON.stringify(failed)}`);
  const each = reports.map((r) => ({
    ...figures(r),
    benchmark_index: r.environment.benchmarkIndex,
    cpu_slowdown: slowdown ?? 4,
  }));
  const med = Object.fromEntries(
    Object.keys(figures(reports[0]!)).map((k) => [
      k,
      median(each.map((f) => f[k as keyof Figures])),
    ]),
  ) as Figures;
  // The run whose score and LCP sit nearest the medians stands for the page.
  const typical =
    reports[
      each
        .map((f, i) => ({
          i,
          d:
            Math.abs(f.performance_score - med.performance_score) * 100 +
            Math.abs(f.lcp_ms - med.lcp_ms),
        }))
        .sort((a, b) => a.d - b.d)[0]!.i
    ]!;
  await writeFile(reportPath, JSON.stringify(typical));
  return {
    page: page.name,
    path: page.path,
    signed_in: page.signedIn,
    median: med,
    meets_aim: med.performance_score >= 95 && med.lcp_ms < 1500,
    runs: each,
    failed_runs: failed,
    warnings: [...new Set(reports.flatMap((r) => r.runWarnings))],
    median_run: causes(typical),
  };
}

const loadBefore = loadavg();
const reportsDir = await mkdtemp(join(tmpdir(), 'olive-lighthouse-'));
/** Per build served: each page's summary. */
const results = served.map(() => [] as Awaited<ReturnType<typeof summarise>>[]);
let lighthouseVersion = '';
const benchmarkIndexes: number[] = [];
for (const page of pages) {
  // Warm-up, not recorded; with --calibrated its benchmark index sets the page's slowdown.
  let warmUp: Report | undefined;
  for (const target of served) warmUp = await measure(target, page.path, page.signedIn);
  const slowdown = calibrated
    ? Number(cpuSlowdownFor(warmUp!.environment.benchmarkIndex).toFixed(2))
    : undefined;
  // A run Lighthouse could not complete (runtimeError: no paint, page hung) is kept aside
  // and retried, at most twice per page and build.
  const reports = served.map(() => [] as Report[]);
  const failed = served.map(() => [] as { code: string; message: string }[]);
  const wanting = (i: number) => reports[i]!.length < runs && failed[i]!.length <= 2;
  while (served.some((_, i) => wanting(i))) {
    for (const [i, target] of served.entries()) {
      if (!wanting(i)) continue;
      const lhr = await measure(target, page.path, page.signedIn, slowdown);
      if (lhr.runtimeError)
        failed[i]!.push({ code: lhr.runtimeError.code, message: lhr.runtimeError.message });
      else reports[i]!.push(lhr);
    }
  }
  for (const r of reports.flat()) {
    lighthouseVersion = r.lighthouseVersion;
    benchmarkIndexes.push(r.environment.benchmarkIndex);
  }
  for (const [i] of served.entries()) {
    const name = i === 0 ? page.name : `${page.name}-compared`;
    const summary = await summarise(
      page,
      reports[i]!,
      failed[i]!,
      slowdown,
      join(reportsDir, `${name}.json`),
    );
    results[i]!.push(summary);
    process.stdout.write(
      `${name}: ${JSON.stringify(summary.median)} runs ${JSON.stringify(summary.runs)}\n`,
    );
  }
}
const loadAfter = loadavg();

for (const target of served) {
  await target.started.stop();
  await rm(target.webDist, { recursive: true, force: true });
}
const build = (target: Served) => ({
  dist: target.dist,
  built_at: target.builtAt,
  entry: target.entry,
});

const out = {
  measured_at: new Date().toISOString(),
  machine: `${cpus().length} cores, ${cpus()[0]?.model ?? ''}`,
  load_average: {
    before: loadBefore.map((l) => Number(l.toFixed(2))),
    after: loadAfter.map((l) => Number(l.toFixed(2))),
  },
  lighthouse: lighthouseVersion,
  chromium: execFileSync(chromePath, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] })
    .toString()
    .trim(),
  // Lighthouse's CPU benchmark of this host, over the runs (its simulated 4x slowdown
  // assumes a desktop-class host).
  benchmark_index: {
    min: Math.min(...benchmarkIndexes),
    max: Math.max(...benchmarkIndexes),
  },
  server_settled_after_s: settledAfterS,
  settings: {
    form_factor: 'mobile',
    throttling: calibrated
      ? "simulate: Lighthouse's network defaults, CPU slowdown calibrated to the host per page"
      : 'simulate (Lighthouse defaults)',
    categories: ['performance'],
    chrome_flags: chromeFlags,
    runs_per_page: runs,
  },
  aim: { performance_score_at_least: 95, lcp_ms_below: 1500 },
  web_build: build(served[0]!),
  pages: results[0],
  // --compare: the other build, its runs alternating with these.
  ...(served[1] ? { compared: { web_build: build(served[1]), pages: results[1] } } : {}),
};
await writeFile(
  new URL(`../results/lighthouse${calibrated ? '-calibrated' : ''}.json`, import.meta.url),
  `${JSON.stringify(out, null, 2)}\n`,
);
process.stdout.write(`full reports of the median runs: ${reportsDir}\n`);
