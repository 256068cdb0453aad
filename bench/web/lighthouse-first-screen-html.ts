// An experiment for issue 17's Lighthouse aim (95, LCP under 1.5 s), not a product change:
// what Lighthouse reports when index.html already holds the first screen as React draws it,
// which no part of the product does today. It serves a copy of apps/web/dist in which
// `#root` holds the screen's DOM as captured from the running app (signed out, English, at
// Lighthouse's phone size), so React's first render replaces it with the same content;
// with --one-css the screen's stylesheets are merged into one in <head>, with --after-paint
// the app's entry is imported only after the first frame (a module of two lines), and with
// --late-app also without the module preloads and the first-screen preload before it. Each
// variant is checked in a browser first: the app must have drawn the screen itself (an
// earlier try served the added files with a 404 and measured a page whose script never ran).
// Run: npm run build -w @olive/web &&
//      npx tsx bench/web/lighthouse-first-screen-html.ts [runs=3] [--page=/#/pages/index/index]
//        [--plain] [--one-css] [--after-paint] [--late-app] [--long-tasks]
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { startOlive } from '../lib/olive.ts';

const args = process.argv.slice(2);
const runs = Number(args.find((a) => !a.startsWith('--')) ?? 3);
const path = args.find((a) => a.startsWith('--page='))?.slice(7) ?? '/#/pages/index/index';
const plain = args.includes('--plain');
const oneCss = args.includes('--one-css');
const afterPaint = args.includes('--after-paint') || args.includes('--late-app');
/** Nothing of the app is asked for before the first frame: no module preloads either. */
const lateApp = args.includes('--late-app');
/** Also prints Lighthouse's long tasks and script time per file, for the blocking time. */
const longTasks = args.includes('--long-tasks');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const phone = { width: 412, height: 823 }; // Lighthouse's mobile screen

const dist = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));
const webDist = await mkdtemp(join(tmpdir(), 'olive-bench-fsh-'));
await cp(dist, webDist, { recursive: true });
const local = (href: string) => href.replace(/^https?:\/\/[^/]+/, '');

/** Writes a file with the compressed twins the static server prefers. */
async function put(name: string, text: string) {
  await writeFile(join(webDist, name), text);
  await writeFile(join(webDist, `${name}.br`), brotliCompressSync(text));
  await writeFile(join(webDist, `${name}.gz`), gzipSync(text));
}

// 1. The screen as the app draws it, with the stylesheets it ended up using.
const capture = await startOlive({ env: { WEB_DIST_DIR: webDist } });
const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox'] });
const page = await (await browser.newContext({ viewport: phone, locale: 'en-US' })).newPage();
await page.goto(`${capture.url}${path}`);
await page.waitForTimeout(4000);
const root = await page.evaluate<string>(`document.getElementById('root').innerHTML`);
const sheets = await page.evaluate<string[]>(
  `[...document.querySelectorAll('link[rel=stylesheet]')].map((l) => l.getAttribute('href'))`,
);
await capture.stop();

// 2. index.html with it (the static server lists its files at start: write them first).
let html = await readFile(join(webDist, 'index.html'), 'utf8');
if (!plain) {
  const inHead = [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)];
  const added = sheets.map(local).filter((href) => !html.includes(href));
  let links = added.map((href) => `<link rel="stylesheet" href="${href}">`).join('');
  if (oneCss) {
    let css = '';
    for (const href of [...inHead.map((m) => m[1]!), ...added]) {
      css += `${await readFile(join(webDist, href), 'utf8')}\n`;
    }
    await put('assets/first-screen-all.css', css);
    for (const m of inHead) html = html.replace(m[0], '');
    links = '<link rel="stylesheet" href="/assets/first-screen-all.css">';
  }
  const withRoot = html
    .replace('</head>', `${links}</head>`)
    .replace(/<div id="root">[\s\S]*?<\/div>\s*(?=<\/body>)/, `<div id="root">${root}</div>`);
  if (withRoot === html) throw new Error('no #root in index.html');
  html = withRoot;
}
if (afterPaint) {
  const entry =
    /<script type="module" crossorigin src="(\/assets\/index-[^"]+\.js)"><\/script>/.exec(html)!;
  await put(
    'assets/boot-after-paint.js',
    `await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));\nawait import('${entry[1]}');\n`,
  );
  html = html.replace(
    entry[0],
    '<script type="module" src="/assets/boot-after-paint.js"></script>',
  );
  if (lateApp) {
    html = html
      .replace(/<link rel="modulepreload"[^>]*>/g, '')
      .replace(/<script async src="\/assets\/first-screen-[^"]+\.js"><\/script>/, '');
  }
}
await put('index.html', html);

// 3. The app must still draw the screen itself.
const olive = await startOlive({ env: { WEB_DIST_DIR: webDist } });
const url = `${olive.url}${path}`;
const check = await (await browser.newContext({ viewport: phone, locale: 'en-US' })).newPage();
const failed: string[] = [];
check.on('requestfailed', (r) => failed.push(r.url()));
check.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`));
// React's own first render: the element it draws carries React's fiber key.
await check.goto(url);
const drawn = `Object.keys(document.getElementById('root')?.firstElementChild ?? {}).some((k) =>
  k.startsWith('__reactFiber'))`;
for (let waited = 0; !(await check.evaluate<boolean>(drawn)); waited += 100) {
  if (waited > 15_000) throw new Error('the app did not draw the screen');
  await new Promise((resolve) => setTimeout(resolve, 100));
}
await browser.close();
if (failed.length) throw new Error(`requests failed: ${failed.join(', ')}`);
process.stdout.write(
  `variant: ${plain ? 'plain' : 'first-screen HTML'}${oneCss ? ', one stylesheet' : ''}${afterPaint ? ', entry after the first paint' : ''}${lateApp ? ', no preloads' : ''}; the app drew the screen\n`,
);

await olive.settle();
for (let i = 0; i < runs; i++) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    logLevel: 'error',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    const lhr = result!.lhr;
    const value = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
    process.stdout.write(
      `${JSON.stringify({
        score: Math.round((lhr.categories.performance!.score ?? 0) * 100),
        fcp_ms: value('first-contentful-paint'),
        lcp_ms: value('largest-contentful-paint'),
        tbt_ms: value('total-blocking-time'),
        cls: lhr.audits['cumulative-layout-shift']?.numericValue,
      })}\n`,
    );
    if (longTasks) {
      const items = (id: string) => (lhr.audits[id]?.details as { items?: unknown[] })?.items;
      process.stdout.write(
        `long tasks: ${JSON.stringify(items('long-tasks'))}\nscript by file: ${JSON.stringify(items('bootup-time'))}\n`,
      );
    }
  } finally {
    chrome.kill();
  }
}
await olive.stop();
await rm(webDist, { recursive: true, force: true });
