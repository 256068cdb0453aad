// The built app as the server sends it: brotli or gzip made at build time, chosen by
// Accept-Encoding, immutable caching for hashed assets, and static files outside the
// API's per-IP rate limit (a page load must not use up a carrier NAT's budget).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { investorPage, launchBrowser } from '@olive/tooling/e2e';
import { register } from '../../server/test/accounts.ts';
import { createTestApp, startTestServer, type TestApp } from '../../server/test/harness.ts';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '5' } });
});
afterAll(() => t?.close());

const get = (url: string, encoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
  });

/** The first screens whose JavaScript issue 33 budgets, and their addresses. */
const FIRST_LOAD_PAGES = {
  '/': '/',
  Home: '/#/pages/index/index',
  Trade: '/#/pages/quantification/quantification',
} as const;
/**
 * KB of 1,000 bytes, as the issue counts, signed in or out. The aim is 150 on each; on
 * 2026-11-27 `/` (Home, decision 202) was 139.9 (141.2 signed in), Home 139.9 (141.2), Trade
 * 143.3 (144.6), the page's own script included (decision 201).
 */
const FIRST_LOAD_BUDGET_KB: Record<keyof typeof FIRST_LOAD_PAGES, number> = {
  '/': 141,
  Home: 141,
  Trade: 145,
};

/**
 * The KB (1,000 bytes) of JavaScript `page` fetches opening `url`: every script response's
 * body as sent, until the network has been idle for 500 ms, and 2 s more.
 */
async function firstLoadKb(page: Page, url: string): Promise<number> {
  const sizes: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    sizes.push(
      (async () => {
        const response = await request.response();
        // Every script is sent precompressed (the build leaves a tiny one plain).
        const encoding = await response?.headerValue('content-encoding');
        const { responseBodySize } = await request.sizes();
        if (responseBodySize > 1000) expect(encoding, request.url()).toBe('br');
        return responseBodySize;
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(2000);
  const fetched = (await Promise.all(sizes)).reduce((sum, bytes) => sum + bytes, 0);
  return (fetched + inlineScriptBytes()) / 1000;
}

/**
 * The brotli bytes of the script written into the page (decision 201): JavaScript on the
 * wire too, though it comes inside the document.
 */
function inlineScriptBytes(): number {
  const html = readFileSync(`${dist}index.html`, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)]
    .map((m) => brotliCompressSync(m[1]!).length)
    .reduce((sum, bytes) => sum + bytes, 0);
}

/**
 * The scripts every first page loads: the entry and the modules it imports at once, which
 * the page's first-screen script names (decision 201).
 */
function firstPageScripts(): string[] {
  const html = readFileSync(`${dist}index.html`, 'utf8');
  const named = html.matchAll(/\/assets\/(?:rolldown-runtime|vendor|index|shell)-[\w-]+\.js/g);
  return [...new Set([...named].map((m) => m[0]))];
}

describe('static files', () => {
  it('sends the precompressed brotli or gzip file the caller accepts, cached for good', async () => {
    const scripts = firstPageScripts();
    expect(scripts.length).toBeGreaterThan(0);
    let raw = 0;
    let wire = 0;
    for (const path of scripts) {
      const original = readFileSync(`${dist}${path.slice(1)}`);
      // The build leaves a file uncompressed when it is tiny or does not shrink.
      if (!existsSync(`${dist}${path.slice(1)}.br`)) {
        const plain = await get(path, 'gzip, deflate, br');
        expect(plain.headers['content-encoding'], path).toBeUndefined();
        continue;
      }
      const br = await get(path, 'gzip, deflate, br');
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['vary']).toMatch(/accept-encoding/i);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(brotliDecompressSync(br.rawPayload).equals(original)).toBe(true);

      const gz = await get(path, 'gzip');
      expect(
        gz.headers['content-encoding'],
        `${path} ${gz.statusCode} ${gz.body.slice(0, 200)}`,
      ).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).equals(original)).toBe(true);

      const plain = await get(path, 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.equals(original)).toBe(true);
      raw += original.length;
      wire += br.rawPayload.length;
    }
    // The first page's script is well under half its size on the wire.
    expect(wire / raw).toBeLessThan(0.4);

    const shell = await get('/', 'br');
    expect(shell.headers['content-encoding']).toBe('br');
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(shell.rawPayload).toString()).toContain('<div id="root">');
  });

  it("sends the page with the first screens drawn in the investor's language", async () => {
    // Decision 135: the language the app last showed (its cookie), else the browser's.
    const page = async (headers: Record<string, string>, url = '/') => {
      const reply = await t.app.inject({ method: 'GET', url, headers });
      expect(reply.statusCode, url).toBe(200);
      expect(reply.headers['cache-control']).toBe('no-cache');
      expect(reply.headers['vary']).toMatch(/accept-encoding.*accept-language.*cookie/i);
      const html =
        reply.headers['content-encoding'] === 'br'
          ? brotliDecompressSync(reply.rawPayload).toString()
          : reply.body;
      return { html, encoding: reply.headers['content-encoding'] };
    };
    const catalogue = (language: string) =>
      JSON.parse(
        readFileSync(
          fileURLToPath(new URL(`../src/locales/${language}.json`, import.meta.url)),
          'utf8',
        ),
      ) as { home: { ruleTitle: string }; trade: { title: string } };

    const english = await page({});
    expect(english.html).toContain('<html lang="en-US" dir="ltr"');
    expect(english.html).toContain(catalogue('en').home.ruleTitle);
    expect(english.html).toContain(catalogue('en').trade.title);

    const arabic = await page({ 'accept-language': 'zh-CN, ar-EG;q=0.9, en;q=0.5' });
    expect(arabic.html).toContain('<html lang="ar" dir="rtl"');
    expect(arabic.html).toContain(catalogue('ar').home.ruleTitle);
    expect(arabic.html).toContain(catalogue('ar').trade.title);
    expect(arabic.html).not.toContain(catalogue('en').home.ruleTitle);

    // The cookie wins: the investor chose German in the app on an Arabic phone.
    const german = await page({ 'accept-language': 'ar', cookie: 'lang=de' }, '/index.html');
    expect(german.html).toContain('<html lang="de-DE" dir="ltr"');
    expect(german.html).toContain(catalogue('de').home.ruleTitle);
    // Anything else in the cookie is ignored, and an unknown language means English.
    expect((await page({ cookie: 'lang=../../etc', 'accept-language': 'xx' })).html).toContain(
      '<html lang="en-US"',
    );

    // Sent compressed as the other files are.
    const japanese = await page({ 'accept-language': 'ja', 'accept-encoding': 'br' });
    expect(japanese.encoding).toBe('br');
    expect(japanese.html).toContain('<html lang="ja-JP"');
  });

  it("keeps the investor app's first-load JavaScript within its budget, as a phone fetches it", async () => {
    // Issue 33's count: every script `/`, Home and Trade fetch, signed out and signed in,
    // from navigation until the network is idle and 2 s more (an idle-time prefetch counts),
    // in brotli bytes on the wire. The same as `bench/web/first-load.ts` (docs/benchmarks.md).
    const server = await startTestServer();
    const browser = await launchBrowser();
    const measured: Record<string, number> = {};
    try {
      const session = await register(server);
      for (const signedIn of [false, true]) {
        for (const [name, path] of Object.entries(FIRST_LOAD_PAGES)) {
          const page = await investorPage(browser, signedIn ? { session } : {});
          measured[`${name}${signedIn ? ', signed in' : ''}`] = await firstLoadKb(
            page,
            `${server.url}${path}`,
          );
          await page.context().close();
        }
      }
    } finally {
      await browser.close();
      await server.close();
    }
    // The budgets sit just above the figures of 2026-11-27 (after Trade's own tabs, spinners
    // and segmented switches, and the modules it shares with Home in a chunk of their own),
    // so that growth fails; all are within issue 33's aim of 150 (docs/benchmarks.md).
    // 2026-11-28: hydrating the drawn screen (decision 205) added 0.5 KB; importing the
    // protocol package by its modules (TypeBox and the call schemas out of the app) took
    // 1.5 KB off every page: 140.5 and 144.0 KB signed in, budgets 141 and 145.
    // Lower a budget when a page gets lighter; never raise one past 150 without saying why
    // there.
    for (const [name, kb] of Object.entries(measured)) {
      const page = name.replace(', signed in', '') as keyof typeof FIRST_LOAD_PAGES;
      expect(kb, `${name}: ${JSON.stringify(measured)}`).toBeLessThan(FIRST_LOAD_BUDGET_KB[page]);
    }
  }, 240_000);

  it("keeps the console's first-load JavaScript within its budget, gzipped as sent", async () => {
    // What a first visit fetches before it can draw: the entry and its preloads, in the gzip
    // the server sends. 410 KiB (decision 115b: the framework is most of it).
    const admin = fileURLToPath(new URL('../../admin/dist/', import.meta.url));
    const html = readFileSync(`${admin}index.html`, 'utf8');
    const consoleScripts = [...html.matchAll(/(?:src|href)="(\/admin\/assets\/[^"]+\.js)"/g)];
    expect(consoleScripts.length).toBeGreaterThan(0);
    let bytes = 0;
    for (const [, path] of consoleScripts) {
      const reply = await get(path!, 'gzip');
      expect(reply.statusCode, path).toBe(200);
      bytes += reply.rawPayload.length;
    }
    expect(bytes / 1024).toBeLessThan(425);
  });

  it('gives a hashed asset the headers that protect it, and a page and the worker their policy', async () => {
    // A page loads dozens of hashed files; helmet's page set was 1,069 header bytes on each.
    for (const path of firstPageScripts()) {
      const asset = await get(path, 'br');
      expect(asset.headers['x-content-type-options'], path).toBe('nosniff');
      expect(asset.headers['cross-origin-resource-policy'], path).toBe('same-origin');
      expect(asset.headers['content-security-policy'], path).toBeUndefined();
      expect(asset.headers['x-frame-options'], path).toBeUndefined();
    }
    // The documents, the service worker and the reserves check's worker keep the whole set:
    // their policy is what applies (a dedicated worker runs under its own script's).
    const worker = readdirSync(`${dist}assets`).find((f) => /^check\.worker-.*\.js$/.test(f));
    expect(worker).toBeDefined();
    for (const path of ['/', '/sw.js', '/admin/', `/assets/${worker}`]) {
      const reply = await get(path, 'br');
      expect(reply.statusCode, path).toBe(200);
      expect(reply.headers['content-security-policy'], path).toContain("script-src 'self'");
      expect(reply.headers['x-frame-options'], path).toBe('SAMEORIGIN');
      expect(reply.headers['x-content-type-options'], path).toBe('nosniff');
    }
    // The page's first-screen script runs by its hash, and no other inline script could
    // (decision 201): the same script in every language's page.
    const inline = readdirSync(dist)
      .filter((name) => /^index(\.\w+)?\.html$/.test(name))
      .flatMap((name) => [
        ...readFileSync(`${dist}${name}`, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g),
      ])
      .map((m) => createHash('sha256').update(m[1]!).digest('base64'));
    expect(inline.length).toBeGreaterThan(15);
    expect(new Set(inline).size).toBe(1);
    const policy = String((await get('/', 'br')).headers['content-security-policy']);
    expect(/script-src ([^;]*)/.exec(policy)?.[1]).toBe(`'self' 'sha256-${inline[0]}'`);
  });

  it('keeps static files out of the API rate limit', async () => {
    const scripts = firstPageScripts();
    // Far more static requests than the API allows this caller in a minute.
    for (let i = 0; i < 40; i++) {
      const reply = await get(i % 3 === 0 ? '/' : scripts[i % scripts.length]!, 'br');
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['x-ratelimit-limit']).toBeUndefined();
    }
    // The API still has its whole budget, then refuses.
    const codes: number[] = [];
    const msgs: string[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await t.call('/api/main/update', { version: '1.8' });
      codes.push(r.code);
      msgs.push(r.msg);
    }
    expect(codes, msgs.join('|')).toEqual([1, 1, 1, 1, 1, 0]);
    expect(msgs[5]).toMatch(/too many requests/i);
  });

  it('serves the operator console at /admin/, its routes getting its shell', async () => {
    const admin = fileURLToPath(new URL('../../admin/dist/', import.meta.url));
    const html = readFileSync(`${admin}index.html`, 'utf8');
    const script = /src="(\/admin\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const js = await get(script, 'gzip');
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-encoding']).toBe('gzip');
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(js.rawPayload).equals(readFileSync(`${admin}${script.slice(7)}`))).toBe(true);
    // Client-side routes get the console's shell; a missing asset does not.
    for (const path of ['/admin/', '/admin/users/show/12', '/admin/login']) {
      const page = await get(path, 'identity');
      expect(page.statusCode, path).toBe(200);
      expect(page.headers['cache-control'], path).toBe('no-cache');
      expect(page.body, path).toContain(script);
    }
    expect((await get('/admin')).headers.location).toBe('/admin/');
    expect((await get('/admin/assets/gone-1234.js')).statusCode).toBe(404);
  });
});
