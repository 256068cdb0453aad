// First-load JavaScript as issue 33 counts it: every script a phone fetches until the page
// is idle, in the bytes on the wire (the server's precompressed brotli), on `/` (the update
// check, which forwards to Home), Home and Trade, signed out and signed in. The real server
// (`npm start`'s entry point, embedded PostgreSQL; bench/lib/olive.ts) serves a copy of a
// built app; Chromium at 360x640 (the journeys' phone, @olive/tooling/e2e), a fresh context
// per load (cold cache, no service worker yet), waits for network idle (no request for
// 500 ms) and then 2 s more: a script fetched in those 2 s (an idle-time prefetch) is
// counted too and marked `late`. The service worker's precache, which starts once the
// worker is registered, is not the page's and is left out (what it fetched in the window of
// the first load is printed).
// Per page: the scripts and their brotli bytes; then the chunks by how many pages fetch
// them. Writes bench/results/first-load.json. Bytes do not depend on the host's speed.
// Run: npm run build -w @olive/web && npx tsx bench/web/first-load.ts [--dist=<a build's dist>]
//      (CHROMIUM_PATH, default /usr/bin/chromium)
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { signedInInvestor, startOlive } from '../lib/olive.ts';

const distArg = process.argv.find((a) => a.startsWith('--dist='))?.slice(7);
const dist = distArg
  ? `${distArg.replace(/\/$/, '')}/`
  : fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));
if (!existsSync(`${dist}index.html`)) {
  throw new Error(`${dist} has no index.html: run \`npm run build -w @olive/web\` first`);
}

const PAGES = [
  { name: '/', path: '/' },
  { name: 'Home', path: '/#/pages/index/index' },
  { name: 'Trade', path: '/#/pages/quantification/quantification' },
];
const LATE_MS = 2000;

// The journeys' browser and phone (@olive/tooling/e2e, whose DOM-typed helpers this
// project's tsconfig does not take): 360x640 at 2x, touch, en-US, service workers allowed.
const launchBrowser = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
  });
const phoneContext = (browser: Browser) =>
  browser.newContext({
    viewport: { width: 360, height: 640 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    colorScheme: 'dark',
    serviceWorkers: 'allow',
  });

/** `vendor-COuV8jVe.js` → `vendor`: a chunk's name across builds. */
const chunkName = (url: string) =>
  new URL(url).pathname
    .split('/')
    .pop()!
    .replace(/-[\w-]{8}\.js$/, '');

interface Script {
  chunk: string;
  url: string;
  encoding: string;
  bytes: number;
  late: boolean;
}

// A copy, so that a rebuild while this runs does not change what is served.
const webDist = await mkdtemp(join(tmpdir(), 'olive-bench-first-load-'));
await cp(dist, webDist, { recursive: true });
// NODE_ENV=test as in the journeys: a loaded host would otherwise shed the page's calls as
// "busy" (a failure toast loads scripts a normal load does not), and no demo investors.
const started = await startOlive({ env: { WEB_DIST_DIR: webDist, NODE_ENV: 'test' } });
const browser = await launchBrowser();
const results: { page: string; signedIn: boolean; scripts: Script[] }[] = [];
let precache: { files: number; bytes: number } | null = null;
try {
  await started.settle();
  const session = await signedInInvestor(started, 'bench-first-load');
  for (const signedIn of [false, true]) {
    for (const { name, path } of PAGES) {
      const context = await phoneContext(browser);
      if (signedIn) await context.addInitScript(session.storage);
      const page = await context.newPage();
      const scripts: Script[] = [];
      const workerScripts: number[] = [];
      let idle = false;
      const pending: Promise<void>[] = [];
      context.on('requestfinished', (request) => {
        if (request.resourceType() !== 'script' && !/\.js$/.test(request.url())) return;
        const counted = (async () => {
          const sizes = await request.sizes();
          const response = await request.response();
          if (request.serviceWorker()) {
            workerScripts.push(sizes.responseBodySize);
            return;
          }
          scripts.push({
            chunk: chunkName(request.url()),
            url: request.url(),
            encoding: (await response?.headerValue('content-encoding')) ?? 'identity',
            bytes: sizes.responseBodySize,
            late: idle,
          });
        })();
        pending.push(counted.catch(() => {})); // a worker's fetch may outlive the context
      });
      await page.goto(`${started.url}${path}`, { waitUntil: 'networkidle' });
      idle = true;
      await page.waitForTimeout(LATE_MS);
      await Promise.all(pending);
      if (!precache && workerScripts.length > 0) {
        precache = {
          files: workerScripts.length,
          bytes: workerScripts.reduce((s, b) => s + b, 0),
        };
      }
      await context.close();
      // The script written into the page (decision 201) is JavaScript on the wire too.
      const html = await (await fetch(`${started.url}/`)).text();
      for (const [, code] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
        scripts.push({
          chunk: 'first-screen (inline in the page)',
          url: `${started.url}/`,
          encoding: 'br',
          bytes: brotliCompressSync(code!).length,
          late: false,
        });
      }
      results.push({ page: name, signedIn, scripts: [...scripts] });
    }
  }
} finally {
  await browser.close();
  await started.stop();
  await rm(webDist, { recursive: true, force: true });
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const say = (line = '') => process.stdout.write(`${line}\n`);
say(`first-load JavaScript, brotli bytes on the wire (KB = 1000 bytes), ${dist}`);
for (const { page, signedIn, scripts } of results) {
  const total = scripts.reduce((s, x) => s + x.bytes, 0);
  const late = scripts.filter((x) => x.late).reduce((s, x) => s + x.bytes, 0);
  say();
  say(
    `${page}, signed ${signedIn ? 'in' : 'out'}: ${kb(total)} KB in ${scripts.length} scripts` +
      (late ? ` (${kb(late)} KB of them fetched after network idle)` : ''),
  );
  for (const s of [...scripts].sort((a, b) => b.bytes - a.bytes)) {
    say(
      `  ${kb(s.bytes).padStart(7)}  ${s.chunk}${s.encoding === 'br' ? '' : ` (${s.encoding})`}${s.late ? ' (late)' : ''}`,
    );
  }
}
// The chunks across pages: what every first load pays for.
const byChunk = new Map<string, { bytes: number; pages: Set<string> }>();
for (const { page, signedIn, scripts } of results) {
  for (const s of scripts) {
    const entry = byChunk.get(s.chunk) ?? { bytes: s.bytes, pages: new Set<string>() };
    entry.bytes = Math.max(entry.bytes, s.bytes);
    entry.pages.add(`${page}${signedIn ? '+' : ''}`);
    byChunk.set(s.chunk, entry);
  }
}
say();
say(`top chunks (pages: + is signed in)`);
for (const [chunk, { bytes, pages }] of [...byChunk]
  .sort((a, b) => b[1].bytes - a[1].bytes)
  .slice(0, 15)) {
  say(`  ${kb(bytes).padStart(7)}  ${chunk.padEnd(28)} ${[...pages].join(' ')}`);
}
if (precache) {
  say();
  say(
    `not counted: the service worker's precache, ${precache.files} scripts (${kb(precache.bytes)} KB) in the first load's window`,
  );
}

const git = (...args: string[]) => execFileSync('git', args).toString().trim();
await writeFile(
  new URL('../results/first-load.json', import.meta.url),
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      command: `npx tsx bench/web/first-load.ts${distArg ? ` --dist=${distArg}` : ''}`,
      commit: git('rev-parse', '--short', 'HEAD'),
      web_built_at: statSync(`${dist}index.html`).mtime.toISOString(),
      load_average: loadavg().map((l) => Number(l.toFixed(2))),
      counted:
        'every script response of the page (service worker excluded) from navigation until network idle + 2 s, body bytes as sent (brotli)',
      viewport: '360x640 at 2x, en-US',
      pages: results.map(({ page, signedIn, scripts }) => ({
        page,
        signed_in: signedIn,
        bytes: scripts.reduce((s, x) => s + x.bytes, 0),
        scripts: scripts
          .sort((a, b) => b.bytes - a.bytes)
          .map(({ chunk, bytes, encoding, late }) => ({ chunk, bytes, encoding, late })),
      })),
      service_worker_precache: precache,
    },
    null,
    2,
  )}\n`,
);
