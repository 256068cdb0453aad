// Browser journeys through the investor app shell, against the real API serving the
// built app (apps/web/dist): the update check, the tabs, Arabic right to left, the
// offline rule of the API client and a forced update that applies a new service worker.
import { mkdirSync } from 'node:fs';
import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startTestServer } from '../../server/test/harness.ts';
import { register } from '../../server/test/accounts.ts';
import { investorPage, journeyFixture, phoneContext, screenshots, snap } from '@olive/tooling/e2e';

mkdirSync(screenshots, { recursive: true });

const tabs = [
  { name: 'home', path: '/pages/index/index' },
  { name: 'trade', path: '/pages/quantification/quantification' },
  { name: 'news', path: '/pages/public/news' },
  { name: 'me', path: '/pages/personal/personal' },
] as const;

const journey = journeyFixture(() => startTestServer());

async function openApp(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${journey.server.url}/`);
  await page.getByTestId('screen-home').waitFor();
  return page;
}

async function visitTabs(page: Page, language: string) {
  for (const tab of tabs) {
    await page.getByTestId(`tab-${tab.name}`).click();
    await page.getByTestId(`screen-${tab.name}`).waitFor();
    expect(new URL(page.url()).hash).toBe(`#${tab.path}`);
    await page.waitForTimeout(300); // let fonts and transitions settle for the picture
    await page.screenshot({ path: `${screenshots}${tab.name}-${language}.png` });
  }
}

describe('investor app shell', () => {
  it('opens Home at `/`, the update check behind it, with a 60px tab bar', async () => {
    // Decision 202: `/` is Home; the check runs behind it and leaves it there when there is
    // no release waiting (the update screen never shows).
    const context = await phoneContext(journey.browser);
    const checks: string[] = [];
    context.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/main/update') checks.push(request.url());
    });
    const page = await openApp(context);
    expect(new URL(page.url()).hash).toBe('#/pages/index/index');
    await expect.poll(() => checks.length).toBe(1);
    expect(await page.evaluate(() => window.__oliveUpdate)).toBeUndefined();
    const bar = await page.locator('.app-tab-bar .adm-tab-bar-wrap').boundingBox();
    expect(bar?.height).toBe(60);
    expect(await page.getByTestId('home-login').isVisible()).toBe(true);

    // A visitor who opens a signed-in screen lands on the login screen.
    await page.getByText('Top Up').first().click();
    await page.getByTestId('screen-login').waitFor();
    expect(new URL(page.url()).hash).toBe('#/pages/public/login');
    await page.screenshot({ path: `${screenshots}login-en.png` });
    // A visitor may still reach customer service.
    await page.evaluate(() => {
      window.location.hash = '#/pages/personal/kefu';
    });
    await page.getByTestId('screen-support').waitFor();
    await context.close();
  });

  it('shows the Olive mark before the script runs, and only until the first screen', async () => {
    // No script at all: what a slow phone shows while the first load is on its way, on a
    // screen the page does not hold drawn (Home and Trade are, and `/` is Home).
    const context = await phoneContext(journey.browser);
    const page = await context.newPage();
    await page.route('**/*.js', (route) => route.abort());
    await page.goto(`${journey.server.url}/#${tabs[2].path}`);
    const splash = page.locator('.boot-splash svg');
    await splash.waitFor();
    const box = (await splash.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(2);
    expect(Math.abs(box.y + box.height / 2 - viewport.height / 2)).toBeLessThan(2);
    await page.screenshot({ path: `${screenshots}boot-splash.png` });
    await page.unrouteAll();
    // With the script, the first screen replaces it.
    await page.reload();
    await page.getByTestId(`screen-${tabs[2].name}`).waitFor();
    expect(await page.locator('.boot-splash').count()).toBe(0);
    await context.close();
  });

  it("draws Home and Trade from the page itself, before the app runs, in the reader's language", async () => {
    // Decision 135: index.html holds both tabs drawn, signed out and in (204); the first-screen script
    // shows the address's. Here the app's own scripts never arrive.
    const withoutApp = async (locale: string, hash: string, signedIn = false) => {
      const context = await phoneContext(journey.browser, { locale });
      if (signedIn) {
        await context.addInitScript(() => {
          localStorage.setItem('token', 'a-token');
          localStorage.setItem('user_id', '1');
        });
      }
      const page = await context.newPage();
      await page.route(/\/assets\/(?!first-screen-)[^/]+\.js$/, (route) => route.abort());
      await page.goto(`${journey.server.url}/#${hash}`);
      await page.waitForLoadState('load');
      return { context, page };
    };
    const visible = (page: Page, selector: string) =>
      page
        .locator(selector)
        .evaluateAll(
          (nodes) => nodes.filter((node) => (node as HTMLElement).offsetParent !== null).length,
        );

    // An English visitor on Home: the screen, styled, with the totals still "--".
    const home = await withoutApp('en-US', tabs[0].path);
    await home.page.getByText('Every number is earned').filter({ visible: true }).waitFor();
    expect(await home.page.locator('.asset-card:visible').boundingBox()).toMatchObject({ x: 16 });
    expect(await visible(home.page, '.screen--tab')).toBe(1);
    expect(await visible(home.page, '.boot-splash')).toBe(0);
    // Nothing a test could take for the app's own screen, and the links still lead somewhere.
    expect(await home.page.locator('[data-testid]').count()).toBe(0);
    expect(
      await home.page.getByRole('link', { name: 'Select Language' }).getAttribute('href'),
    ).toBe('/#/pages/setting/language');
    await home.page.screenshot({ path: `${screenshots}first-screen-home-en.png` });
    const drawnCard = await home.page.locator('.promise:visible').boundingBox();
    await home.context.close();

    // An Arabic phone opening Trade: the Arabic page, right to left.
    const trade = await withoutApp('ar', tabs[1].path);
    expect(await trade.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await trade.page.getByRole('heading', { name: 'التداول الذكي' }).waitFor();
    await trade.page.screenshot({ path: `${screenshots}first-screen-trade-ar.png` });
    await trade.context.close();

    // Signed in (decision 204): the screen's signed-in drawing, the investor's figures
    // pending, never the visitor's (its login button and hint).
    const investor = await withoutApp('en-US', tabs[0].path, true);
    await investor.page.getByText('Every number is earned').filter({ visible: true }).waitFor();
    expect(await visible(investor.page, '.screen--tab')).toBe(1);
    expect(await visible(investor.page, '.boot-splash')).toBe(0);
    expect(await visible(investor.page, '.asset-card__hint')).toBe(0);
    expect(await visible(investor.page, '.asset-card__login')).toBe(0);
    expect(await investor.page.locator('.asset-card:visible').textContent()).toContain('--');
    await investor.page.screenshot({ path: `${screenshots}first-screen-home-signed-in-en.png` });
    await investor.context.close();
    const trader = await withoutApp('ar', tabs[1].path, true);
    await trader.page.getByRole('heading', { name: 'التداول الذكي' }).waitFor();
    expect(await visible(trader.page, '.state-panel')).toBe(0); // no "sign in to create"
    await trader.page.screenshot({ path: `${screenshots}first-screen-trade-signed-in-ar.png` });
    await trader.context.close();
    // Nor on a screen that is not drawn.
    const news = await withoutApp('en-US', tabs[2].path);
    await news.page.locator('.boot-splash svg').waitFor();
    expect(await visible(news.page, '.screen--tab')).toBe(0);
    await news.context.close();
    // `/` is Home (decision 202): its drawing shows there too.
    const entry = await withoutApp('en-US', '/');
    await entry.page.getByText('Every number is earned').filter({ visible: true }).waitFor();
    expect(await visible(entry.page, '.boot-splash')).toBe(0);
    await entry.context.close();

    // With the app, React takes the drawing over (decision 205): the same elements in the
    // same place (no shift), going straight from the drawing to the app, no empty frame.
    const context = await phoneContext(journey.browser);
    await context.addInitScript(() => {
      const states: string[] = [];
      const seen = window as unknown as { __rootStates: string[]; __drawnCard?: Element };
      seen.__rootStates = states;
      new MutationObserver(() => {
        const root = document.getElementById('root');
        if (!root) return;
        seen.__drawnCard ??= root.querySelector('.first-screen--home .promise') ?? undefined;
        const state = root.querySelector('[data-testid^="screen-"]')
          ? 'app'
          : root.querySelector('.first-screen')
            ? 'drawn'
            : 'empty';
        if (states.at(-1) !== state) states.push(state);
      }).observe(document, { childList: true, subtree: true, attributes: true });
    });
    const page = await context.newPage();
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet')
        stylesheets.push(new URL(request.url()).pathname);
    });
    await page.goto(`${journey.server.url}/#${tabs[0].path}`);
    await page.getByTestId('screen-home').waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { __rootStates: string[] }).__rootStates),
    ).toEqual(['drawn', 'app']);
    expect(await page.locator('.promise').boundingBox()).toEqual(drawnCard);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.hydration))
      .toBe('hydrated');
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { __drawnCard?: Element }).__drawnCard ===
          document.querySelector('[data-testid="screen-home"] .promise'),
      ),
    ).toBe(true);
    // The drawn screens' own stylesheets are never fetched, by the page or by the app, here
    // or on Trade: their rules came joined in one file with the page.
    const joined = await page
      .locator('link[rel=stylesheet][disabled]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
    expect(joined.length).toBeGreaterThan(1);
    await page.getByTestId('tab-trade').click();
    await page.getByTestId('screen-trade').waitFor();
    const loginCard = page.getByTestId('screen-trade').locator('.card').last();
    expect(await loginCard.boundingBox()).toMatchObject({ x: 16 });
    expect(stylesheets.filter((href) => joined.includes(href))).toEqual([]);
    expect(
      await page
        .locator('link[rel=stylesheet]:not([disabled])')
        .evaluateAll((links) =>
          links.map((link) => link.getAttribute('href')).filter((href) => href?.includes('/home-')),
        ),
    ).toEqual([]);
    await context.close();
  });

  it('takes the drawing over signed in and in Arabic, and draws afresh after a tap on it', async () => {
    // Decision 205: an investor's Arabic Trade is hydrated from its signed-in drawing, the
    // drawing's test ids back on the app's elements, the create form working.
    const user = await register(journey.server, { lang: 'ar' });
    const trader = await investorPage(journey.browser, {
      lang: 'ar',
      session: { token: user.token, userId: user.userId },
      url: `${journey.server.url}/#${tabs[1].path}`,
    });
    await trader.getByTestId('screen-trade').waitFor();
    await expect
      .poll(() => trader.evaluate(() => document.documentElement.dataset.hydration))
      .toBe('hydrated');
    expect(await trader.locator('[data-drawn-testid]').count()).toBe(0);
    expect(
      await trader.locator('.first-screen--trade-in [data-testid="create-section"]').count(),
    ).toBe(1);
    await trader.getByTestId('direction-short').click();
    await expect
      .poll(() => trader.getByTestId('direction-short').getAttribute('class'))
      .toContain('direction-switch__current');
    await trader.context().close();

    // A tap on one of the drawing's links before the app has run: the app opens where the
    // tap led, drawn afresh (nothing to take over there), never the drawing it left.
    const context = await phoneContext(journey.browser);
    const page = await context.newPage();
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/(?!first-screen-)[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${journey.server.url}/#${tabs[0].path}`);
    await page.getByRole('link', { name: 'Select Language' }).filter({ visible: true }).click();
    await page.waitForURL(/setting\/language/);
    release();
    await page.getByTestId('screen-language').waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.hydration)).toBeUndefined();
    expect(await page.locator('.first-screen').count()).toBe(0);
    expect(await page.getByTestId('screen-home').count()).toBe(0);
    await context.close();
  });

  it('opens where a tap on the drawing led when it came after the router started and before React', async () => {
    // The app's script has run and its router has begun loading the drawn screen, but React
    // has not mounted it yet (the language's catalogue is held back). The router listens to
    // the address only once mounted; a tap on one of the drawing's links meanwhile must
    // still open where it led (content.test.ts's articles were once left on Home this way).
    const context = await phoneContext(journey.browser);
    const page = await context.newPage();
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/en-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${journey.server.url}/#${tabs[0].path}`);
    // TanStack Router's own mark of a router created in the page: the app's modules have run
    // (and with them its first load), synchronously, before the tap below.
    await page.waitForFunction(() => '__TSR_ROUTER__' in window);
    await page.getByRole('link', { name: 'Select Language' }).filter({ visible: true }).click();
    await page.waitForURL(/setting\/language/);
    release();
    await page.getByTestId('screen-language').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('screen-home').count()).toBe(0);
    await context.close();
  });

  it('navigates the four tabs', async () => {
    const context = await phoneContext(journey.browser);
    const page = await openApp(context);
    await visitTabs(page, 'en');
    await expect(page.getByTestId('menu-language').textContent()).resolves.toContain('English');
    await context.close();
  });

  it('switches to Arabic: translated tab bar, right to left', async () => {
    const context = await phoneContext(journey.browser);
    const page = await openApp(context);
    await page.getByTestId('tab-me').click();
    await page.getByTestId('menu-language').click();
    await page.getByTestId('screen-language').waitFor();
    await page.getByTestId('language-ar').click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ar');

    await page.goBack();
    await page.getByTestId('screen-me').waitFor();
    await expect(page.getByTestId('tab-home').textContent()).resolves.toBe('الرئيسية');
    await expect(page.getByTestId('tab-me').textContent()).resolves.toBe('حسابي');
    // Right to left: Home is the rightmost tab.
    const home = await page.getByTestId('tab-home').boundingBox();
    const me = await page.getByTestId('tab-me').boundingBox();
    expect(home!.x).toBeGreaterThan(me!.x);
    await visitTabs(page, 'ar');

    // The choice survives a reload; an unknown stored value falls back to English.
    await page.reload();
    await page.getByTestId('screen-me').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.evaluate(() => localStorage.setItem('lang', 'xx'));
    await page.reload();
    await page.getByTestId('screen-me').waitFor();
    expect(
      await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]),
    ).toEqual(['en-US', 'ltr']);
    await context.close();
  });

  it('fetches the first screen and its language beside the libraries, each file once', async () => {
    // An Arabic phone opening Trade directly, on a network where the libraries arrive late:
    // the first-screen preload (decision 130) has asked for Trade's files, the Arabic and
    // English catalogues and antd-mobile's Arabic strings before then, which the app itself
    // can do only once they have run; and the app, when it imports them, finds them fetched
    // rather than asking again.
    const context = await phoneContext(journey.browser, { locale: 'ar' });
    await context.route('**/assets/vendor-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/#${tabs[1].path}`);
    await page.getByTestId('screen-trade').waitFor();
    const assets = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .map((entry) => ({
          path: new URL(entry.name).pathname,
          start: entry.startTime,
          responseStart: entry.responseStart,
        }))
        .filter((entry) => entry.path.startsWith('/assets/')),
    );
    const fetched = assets.map((asset) => asset.path);
    expect(new Set(fetched).size, fetched.join(' ')).toBe(fetched.length);
    const vendor = assets.find((asset) => /^\/assets\/vendor-[\w-]+\.js$/.test(asset.path))!;
    expect(vendor.responseStart).toBeGreaterThan(1000);
    const early = [
      /^\/assets\/trade-[\w-]+\.js$/,
      /^\/assets\/(ar|en)-[\w-]{8}\.js$/,
      // antd-mobile's Arabic strings, which the app loads beside the catalogue.
      /^\/assets\/ar-SA-[\w-]{8}\.js$/,
    ];
    const preloaded = assets.filter((asset) => early.some((file) => file.test(asset.path)));
    expect(preloaded.map((asset) => asset.path.split('-')[0])).toEqual(
      expect.arrayContaining(['/assets/trade', '/assets/ar', '/assets/en']),
    );
    expect(preloaded.some((asset) => asset.path.startsWith('/assets/ar-SA-'))).toBe(true);
    for (const asset of preloaded)
      expect(asset.start, asset.path).toBeLessThan(vendor.responseStart);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await context.close();
  });

  it('draws Home from a handful of files, not a file per module', async () => {
    // On a phone's HTTP/1.1 each file waits for one of six connections (decision 133). Home
    // was 26 files of its own (about 1 KB each) on top of the libraries; now its modules are
    // one script and one stylesheet, beside the script and stylesheet of what it shares with
    // Trade (so that Trade opened first does not fetch Home's: issue 33). Read from the
    // first-screen preload, which lists exactly what the screen needs beyond the first load
    // (decision 130), before the app has run and added anything of its own.
    const context = await phoneContext(journey.browser);
    let releaseVendor = () => {};
    const vendorHeld = new Promise<void>((resolve) => (releaseVendor = resolve));
    await context.route('**/assets/vendor-*.js', async (route) => {
      await vendorHeld;
      await route.continue();
    });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/#${tabs[0].path}`, { waitUntil: 'commit' });
    // The script's preload, not the stylesheet link the page holds from the start: the
    // first-screen script adds the preloads on a timer, later on a loaded host.
    await page.waitForFunction(() =>
      document.querySelector('link[rel="modulepreload"][href^="/assets/home-"]'),
    );
    // The app's own first files (the entry and the libraries) are not the screen's.
    const indexHtml = await (await fetch(`${journey.server.url}/`)).text();
    const preloaded = (
      await page.evaluate(() =>
        [...document.querySelectorAll('link[rel="modulepreload"], link[rel="preload"]')].map(
          (link) => link.getAttribute('href')!,
        ),
      )
    ).filter((path) => !/^\/assets\/(rolldown-runtime|vendor|index|shell)-[\w-]+\.js$/.test(path));
    releaseVendor();
    const home = preloaded.filter((path) =>
      /^\/assets\/(trade-)?home-[\w-]+\.(js|css)$/.test(path),
    );
    expect(home.sort(), preloaded.join(' ')).toEqual([
      expect.stringMatching(/^\/assets\/home-[\w-]+\.js$/),
      expect.stringMatching(/^\/assets\/trade-home-[\w-]+\.js$/),
    ]);
    // Their stylesheets came with the page, joined into the drawn screens' one (decision 135).
    for (const chunk of ['home', 'trade-home']) {
      expect(indexHtml).toMatch(
        new RegExp(
          `<link rel="stylesheet" crossorigin href="/assets/${chunk}-[\\w-]+\\.css" disabled>`,
        ),
      );
    }
    // The rest is the English catalogue, which every language loads.
    expect(
      preloaded.filter((path) => !home.includes(path)),
      preloaded.join(' '),
    ).toEqual([expect.stringMatching(/^\/assets\/en-[\w-]{8}\.js$/)]);
    await page.getByTestId('screen-home').waitFor();
    await context.close();
  });

  it('offline: shows the network toast and sends no request', async () => {
    const context = await phoneContext(journey.browser);
    // The worst case: offline before antd's toast (loaded after the first screen) arrived.
    // CI once went offline before it had, and no notice showed; now our own toast does.
    await context.route('**/assets/overlays-*', (route) => route.abort());
    const page = await openApp(context);
    // Home's own calls may still be starting when its screen shows (its blocks load after
    // it on a slow host): only what the app asks for once it is offline counts.
    let offline = false;
    const apiRequests: string[] = [];
    page.on('request', (request) => {
      if (offline && new URL(request.url()).pathname.startsWith('/api/')) {
        apiRequests.push(request.url());
      }
    });
    await context.setOffline(true);
    offline = true;
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    // `/` checks for an update as soon as it opens (decision 202).
    await page.evaluate(() => {
      window.location.hash = '#/';
    });
    const notice = page.getByText('Network anomalies, please try again later');
    await notice.waitFor();
    // Several requests are refused at once; like antd's toast, one notice shows, not a stack.
    await page.waitForTimeout(500);
    expect(await notice.count()).toBe(1);
    await page.screenshot({ path: `${screenshots}offline-toast-en.png` });
    // The failed check leaves the investor on Home.
    await page.getByTestId('screen-home').waitFor({ timeout: 10_000 });
    expect(apiRequests).toEqual([]);
    await context.setOffline(false);
    await context.close();
  });

  it('offers an optional update in a dialog; "Later" goes on to Home', async () => {
    // A server of its own: the release setting would change what `/` shows in other tests.
    const release = await startTestServer();
    const context = await phoneContext(journey.browser);
    try {
      await release.db
        .updateTable('settings')
        .set({
          value: JSON.stringify({
            latest_version: '9.9',
            min_version: '1.0',
            android_url: 'https://example.com/olive.apk',
            ios_url: '',
          }),
        })
        .where('key', '=', 'app_update')
        .execute();
      const page = await context.newPage();
      const checks: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/main/update') checks.push(request.url());
      });
      await page.goto(`${release.url}/`);
      // The dialog is a chunk of its own, fetched only now that a release is waiting.
      await page.getByTestId('update-dialog').waitFor();
      // The check behind Home found the release; the update screen took its reply.
      expect(checks).toHaveLength(1);
      await expect(page.getByRole('button', { name: 'Update now' }).isVisible()).resolves.toBe(
        true,
      );
      await expect(
        page.getByRole('button', { name: 'Download for Android' }).isVisible(),
      ).resolves.toBe(true);
      // Pictured and checked (axe, layout): its buttons were olive on olive until now.
      await snap(page, 'update-available-en');
      await page.getByRole('button', { name: 'Later' }).click();
      await page.getByTestId('screen-home').waitFor();
      expect(await page.getByTestId('update-dialog').count()).toBe(0);

      // The same dialog on an Arabic phone: right to left, readable, checked the same way.
      const arabic = await phoneContext(journey.browser, { locale: 'ar' });
      try {
        const rtl = await arabic.newPage();
        await rtl.goto(`${release.url}/`);
        await rtl.getByTestId('update-dialog').waitFor();
        expect(await rtl.evaluate(() => document.documentElement.dir)).toBe('rtl');
        await snap(rtl, 'update-available-ar');
      } finally {
        await arabic.close();
      }
    } finally {
      await context.close();
      await release.close();
    }
  });

  it('applies a forced update: a new service worker version takes over', async () => {
    // A server of its own over a copy of the build, so that the "new release" (a changed
    // sw.js, as a deploy would serve) touches nothing the other tests use.
    const copy = await mkdtemp(join(tmpdir(), 'olive-web-dist-'));
    await cp(fileURLToPath(new URL('../dist/', import.meta.url)), copy, { recursive: true });
    const release = await startTestServer({ env: { WEB_DIST_DIR: copy } });
    const context = await phoneContext(journey.browser);
    try {
      const page = await context.newPage();
      await page.goto(`${release.url}/`);
      await page.getByTestId('screen-home').waitFor();
      // First visit: the worker installs; a reload puts the page under its control.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.reload();
      await page.getByTestId('screen-home').waitFor();
      expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

      await release.db
        .updateTable('settings')
        .set({
          value: JSON.stringify({
            latest_version: '1.9',
            min_version: '1.9',
            android_url: '',
            ios_url: '',
          }),
        })
        .where('key', '=', 'app_update')
        .execute();
      // The new version answers a message so the test can tell which worker is in control.
      await appendFile(
        join(copy, 'sw.js'),
        `\nself.addEventListener('message', (event) => { if (event.data === 'olive-version') event.ports[0].postMessage('v2'); });\n`,
      );
      // The build's precompressed copies of the old worker would be served instead.
      await rm(join(copy, 'sw.js.br'), { force: true });
      await rm(join(copy, 'sw.js.gz'), { force: true });

      await page.evaluate(() => {
        window.location.hash = '#/';
      });
      await page.locator('[data-testid="update-screen"][data-state="downloading"]').waitFor();
      await page.locator('[data-testid="update-screen"][data-state="installing"]').waitFor();
      await page.screenshot({ path: `${screenshots}update-installing-en.png` });
      // Applying the new worker reloads the page; it comes back to "install completed".
      // The toast lasts 3.5 s: watch for it and for the completed state at the same time.
      await Promise.all([
        page
          .locator('[data-testid="update-screen"][data-state="completed"]')
          .waitFor({ timeout: 60_000 }),
        page.getByText('Update OK').waitFor({ timeout: 60_000 }),
      ]);
      await page.getByTestId('screen-home').waitFor();

      const version = await page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const channel = new MessageChannel();
            channel.port1.onmessage = (event) => resolve(String(event.data));
            navigator.serviceWorker.controller?.postMessage('olive-version', [channel.port2]);
            setTimeout(() => resolve('old'), 2000);
          }),
      );
      expect(version).toBe('v2');
    } finally {
      await context.close();
      await release.close();
      await rm(copy, { recursive: true, force: true });
    }
  });
});
