// Where the first load of a screen spends the main thread, before optimising it (issue 17):
// the real server serving apps/web/dist, Chromium with Lighthouse's 4x CPU slowdown (no
// network throttling: this measures script and rendering, not bytes), a V8 CPU profile of
// the page from navigation until it is quiet, and its self time summed per source module
// (through the build's source maps when the build has them: `npx vite build --sourcemap`),
// plus the long tasks (over 50 ms at 4x) the trace shows.
// Run: npm run build -w @olive/web -- --sourcemap &&
//      npx tsx bench/web/profile-first-load.ts [--page=/#/pages/index/index] [--signed-in] [--runs=3]
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { signedInInvestor, startOlive } from '../lib/olive.ts';

const arg = (name: string) =>
  process.argv
    .find((a) => a.startsWith(`--${name}=`))
    ?.split('=')
    .slice(1)
    .join('=');
const pagePath = arg('page') ?? '/#/pages/index/index';
const signedIn = process.argv.includes('--signed-in');
const runs = Number(arg('runs') ?? 3);
// --by-function: self time per function (original file and line) instead of per module.
const byFunction = process.argv.includes('--by-function');
const dist = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const maps = new Map<string, SourceMapConsumer | null>();
async function mapFor(url: string) {
  if (!maps.has(url)) {
    const file = `${dist}${new URL(url).pathname.slice(1)}.map`;
    maps.set(
      url,
      existsSync(file) ? new SourceMapConsumer(JSON.parse(await readFile(file, 'utf8'))) : null,
    );
  }
  return maps.get(url)!;
}

/** A module's name: the package under node_modules, or the app's own file. */
function moduleOf(source: string) {
  const inModules = source.split('node_modules/').pop()!;
  if (inModules !== source) {
    const parts = inModules.split('/');
    return parts.slice(0, parts[0]!.startsWith('@') ? 2 : 1).join('/');
  }
  return source.replace(/^(\.\.\/)+/, '');
}

async function where(frame: ProfileNode['callFrame']) {
  if (!frame.url) return `(${frame.functionName || 'native'})`;
  if (!frame.url.includes('/assets/')) return new URL(frame.url).pathname;
  const map = await mapFor(frame.url);
  if (!map) return new URL(frame.url).pathname;
  const original = map.originalPositionFor({
    line: frame.lineNumber + 1,
    column: frame.columnNumber,
  });
  if (!original.source) return new URL(frame.url).pathname;
  return byFunction
    ? `${moduleOf(original.source)} ${frame.functionName || '(anonymous)'} ${original.source.split('node_modules/').pop()}:${original.line}`
    : moduleOf(original.source);
}

const started = await startOlive();
const session = signedIn ? await signedInInvestor(started, 'bench-prof') : null;
await started.settle();

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const totals = new Map<string, number>();
const longTasks: number[][] = [];
try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    if (session) {
      await page.goto(`${started.url}/favicon.svg`);
      await page.evaluate(session.storage);
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.addInitScript(`window.__long = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__long.push(Math.round(e.duration));
      }).observe({ type: 'longtask', buffered: true });`);
    await page.goto(`${started.url}${pagePath}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    longTasks.push((await page.evaluate('window.__long')) as number[]);
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const self = new Map<number, number>();
    profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + profile.timeDeltas[i]!));
    for (const [id, micros] of self) {
      const frame = byId.get(id)!.callFrame;
      let key = await where(frame);
      // A browser function (appendChild, fetch) is named with the script that called it.
      const caller = parent.get(id);
      if (
        !frame.url &&
        frame.functionName &&
        caller !== undefined &&
        byId.get(caller)!.callFrame.url
      ) {
        key = `${key} ← ${await where(byId.get(caller)!.callFrame)}`;
      }
      totals.set(key, (totals.get(key) ?? 0) + micros / 1000 / runs);
    }
    await context.close();
  }
} finally {
  await browser.close();
  await started.stop();
}

const say = (line: string) => process.stdout.write(`${line}\n`);
const idle = new Set(['((idle))', '((program))']);
const busy = [...totals].filter(([k]) => !idle.has(k)).reduce((s, [, v]) => s + v, 0);
say(`${pagePath}${signedIn ? ', signed in' : ''}: main-thread self time at 4x, mean of ${runs}`);
say(`long tasks per run (ms): ${longTasks.map((l) => l.join(' ')).join(' | ')}`);
say(
  `busy ${busy.toFixed(0)} ms (program/idle left out: ${[...idle].map((k) => `${k} ${(totals.get(k) ?? 0).toFixed(0)}`).join(', ')})`,
);
for (const [key, ms] of [...totals]
  .filter(([k]) => !idle.has(k))
  .sort((a, b) => b[1] - a[1])
  .slice(0, 30)) {
  say(`${ms.toFixed(1).padStart(8)} ms ${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${key}`);
}
