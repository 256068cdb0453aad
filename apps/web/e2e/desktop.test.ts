// The investor app on a wide screen (issue 34), in English and Arabic: at 1440x900 the
// side navigation replaces the bottom tab bar (on the right in Arabic), Home and Me are in
// two columns, Trade has its markets beside the robot form and list, and the other
// screens stand centred at a reading width. At 900 px the wide layout starts; at 899 px
// the phone's column and tab bar are back. Every picture goes through `snap`, whose
// layout check fails on anything wider than the window or cut off.
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { parseAmount } from '@olive/protocol';
import { startTestServer } from '../../server/test/harness.ts';
import { register } from '../../server/test/accounts.ts';
import { platformAccount, userAccount } from '../../server/src/modules/ledger/ledger.service.ts';
import {
  deskContext,
  go,
  journeyFixture,
  screenshots,
  signedInPage,
  snap,
  type InvestorSession,
} from '@olive/tooling/e2e';

mkdirSync(screenshots, { recursive: true });

const journey = journeyFixture(() => startTestServer());

/** A window of the given size (1440x900 unless said) in the app's language, signed in with a session. */
async function deskPage(
  browser: Browser,
  options: { lang: string; session?: InvestorSession; width?: number; height?: number },
): Promise<Page> {
  const locale = options.lang === 'ar' ? 'ar' : 'en-US';
  const context = options.width
    ? await browser.newContext({
        viewport: { width: options.width, height: options.height ?? 900 },
        locale,
      })
    : await deskContext(browser, { locale });
  return prepared(context, options);
}

async function prepared(
  context: Awaited<ReturnType<typeof deskContext>>,
  options: { lang: string; session?: InvestorSession },
): Promise<Page> {
  return signedInPage(context, options);
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

/** Two boxes side by side: apart across the line, overlapping down the page. */
async function sideBySide(first: Locator, second: Locator) {
  const a = await boxOf(first);
  const b = await boxOf(second);
  expect(a.x + a.width <= b.x || b.x + b.width <= a.x).toBe(true);
  expect(a.y < b.y + b.height && b.y < a.y + a.height).toBe(true);
  return { a, b };
}

/** `first` is at the inline start of `second`: to its left, or to its right in Arabic. */
function atStart(a: { x: number }, b: { x: number }, lang: string) {
  if (lang === 'ar') expect(a.x).toBeGreaterThan(b.x);
  else expect(a.x).toBeLessThan(b.x);
}

/** The side navigation shown, the tab bar not, and `current` the one marked. */
async function navigation(page: Page, current: string, lang: string) {
  const nav = page.getByTestId('side-nav');
  expect(await nav.isVisible()).toBe(true);
  expect(await page.locator('.app-tab-bar').isVisible()).toBe(false);
  const marked = nav.locator('[aria-current="page"]');
  expect(await marked.count()).toBe(1);
  expect(await marked.getAttribute('data-testid')).toBe(`side-${current}`);
  // The navigation at the inline start of the screen, and the screen not stretched.
  const screen = page.locator('[data-testid^="screen-"]').first();
  const { a: navBox, b: screenBox } = await sideBySide(nav, screen);
  atStart(navBox, screenBox, lang);
  expect(screenBox.width).toBeLessThanOrEqual(1200);
  return screenBox;
}

async function fundedInvestor(lang: string) {
  const user = await register(journey.server, { lang });
  await journey.server.app.services.ledger.post({
    kind: 'deposit',
    idempotencyKey: `test-deposit:${user.userId}`,
    postings: [
      { account: platformAccount('custody', 'bep20'), amount: -parseAmount('1000') },
      { account: userAccount(user.userId, 'available'), amount: parseAmount('1000') },
    ],
  });
  const created = await journey.server.call<{ robot_id: string }>(
    '/api/user/quancreate',
    { market: 'BTC/USDT', principal: '200', direction: 'long' },
    user.headers,
  );
  expect(created.code).toBe(1);
  const robotId = created.data!.robot_id;
  const started = await journey.server.call(
    '/api/user/openquan',
    { robot_id: robotId, action: 'start' },
    user.headers,
  );
  expect(started.code).toBe(1);
  return { session: { token: user.token, userId: user.userId }, robotId };
}

describe.each(['en', 'ar'] as const)('the app at 1440x900 (%s)', (lang) => {
  it('has a side navigation, two columns on Home and Me, and Trade beside its markets', async () => {
    const { session, robotId } = await fundedInvestor(lang);
    const page = await deskPage(journey.browser, { lang, session });
    await page.goto(`${journey.server.url}/#/pages/index/index`);
    await page.getByTestId('screen-home').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe(
      lang === 'ar' ? 'rtl' : 'ltr',
    );
    await page.getByTestId('market-row').first().waitFor();
    await navigation(page, 'home', lang);
    // Home: the totals and shortcuts in one column, production and the rest in the other.
    const home = await sideBySide(
      page.getByTestId('home-column-main'),
      page.getByTestId('home-column-side'),
    );
    atStart(home.a, home.b, lang);
    await sideBySide(page.getByTestId('asset-card'), page.getByTestId('home-production'));
    await snap(page, `desk-home-${lang}`, true);

    // Trade, from the side navigation: the markets and the chosen one's chart beside the
    // form and my robots.
    await page.getByTestId('side-trade').click();
    await page.getByTestId('screen-trade').waitFor();
    await page.getByTestId('robot-card').first().waitFor();
    await navigation(page, 'trade', lang);
    const markets = page.getByTestId('trade-column-markets');
    const chart = page.getByTestId('market-chart');
    await chart.locator('[data-ready="true"]').waitFor();
    expect(await chart.getAttribute('data-market')).toBe('BTC/USDT');
    await sideBySide(chart, page.getByTestId('create-section'));
    atStart(await boxOf(chart), await boxOf(page.getByTestId('create-section')), lang);
    // Scrolled down to my robots, the markets and the chart stay in view beside them.
    const mine = page.getByTestId('my-robots-section');
    await mine.evaluate((node) => node.scrollIntoView({ block: 'start' }));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await sideBySide(chart, mine);
    const shown = await boxOf(markets);
    expect(shown.y).toBeGreaterThanOrEqual(0);
    expect(shown.y + shown.height).toBeLessThanOrEqual(900);
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, `desk-trade-${lang}`, true);
    // Another market chosen: the chart follows it.
    await page.locator('[data-testid="market-row"][data-market="ETH/USDT"]').click();
    await page
      .locator('[data-testid="market-chart"][data-market="ETH/USDT"] [data-ready="true"]')
      .waitFor();

    // A robot's detail belongs to Trade; it stands centred at a reading width.
    await page.getByTestId('robot-card').first().click();
    await page.getByTestId('robot-hero').waitFor();
    expect(new URL(page.url()).hash).toContain(`id=${robotId}`);
    const detail = await navigation(page, 'trade', lang);
    expect(detail.width).toBeLessThanOrEqual(760);
    await snap(page, `desk-robot-${lang}`, true);

    for (const [hash, screen, current] of [
      ['#/pages/mining/mining', 'mining', 'home'],
      ['#/pages/personal/teamUser', 'team', 'me'],
      ['#/pages/personal/wallet', 'wallet', 'me'],
    ] as const) {
      await go(page, hash);
      await page.getByTestId(`screen-${screen}`).waitFor();
      await page.waitForLoadState('networkidle');
      const box = await navigation(page, current, lang);
      expect(box.width).toBeLessThanOrEqual(760);
      await snap(page, `desk-${screen}-${lang}`, true);
    }

    // Me: the balances beside the menu.
    await page.getByTestId('side-me').click();
    await page.getByTestId('screen-me').waitFor();
    await page.getByTestId('me-nickname').waitFor();
    await navigation(page, 'me', lang);
    const me = await sideBySide(
      page.getByTestId('me-column-main'),
      page.getByTestId('me-column-side'),
    );
    atStart(me.a, me.b, lang);
    await snap(page, `desk-me-${lang}`, true);
    await page.context().close();
    // Seven full-page pictures, each checked by axe: longer than a journey's default.
  }, 240_000);
});

describe('where the wide layout starts', () => {
  it('is wide from 900 px and the phone column at 899 px', async () => {
    const wide = await deskPage(journey.browser, { lang: 'en', width: 900, height: 800 });
    await wide.goto(`${journey.server.url}/#/pages/index/index`);
    await wide.getByTestId('screen-home').waitFor();
    await wide.getByTestId('market-row').first().waitFor();
    await navigation(wide, 'home', 'en');
    await sideBySide(wide.getByTestId('home-column-main'), wide.getByTestId('home-column-side'));
    await snap(wide, 'desk-home-900-en');
    await wide.context().close();

    const narrow = await deskPage(journey.browser, { lang: 'en', width: 899, height: 800 });
    await narrow.goto(`${journey.server.url}/#/pages/index/index`);
    await narrow.getByTestId('screen-home').waitFor();
    await narrow.getByTestId('market-row').first().waitFor();
    expect(await narrow.getByTestId('side-nav').isVisible()).toBe(false);
    expect(await narrow.getByTestId('tab-bar').isVisible()).toBe(true);
    // The phone's one column, 480 px wide in the middle, the blocks one under the other.
    const screen = await boxOf(narrow.getByTestId('screen-home'));
    expect(screen.width).toBe(480);
    const card = await boxOf(narrow.getByTestId('asset-card'));
    const production = await boxOf(narrow.getByTestId('home-production'));
    expect(production.y).toBeGreaterThan(card.y + card.height);
    expect(production.x).toBe(card.x);
    await snap(narrow, 'desk-home-899-en');
    // Trade at 899 px: the phone's column, without the wide screen's chart.
    await narrow.getByTestId('tab-trade').click();
    await narrow.getByTestId('screen-trade').waitFor();
    await narrow.getByTestId('market-row').first().waitFor();
    expect(await narrow.getByTestId('market-chart').count()).toBe(0);
    expect((await boxOf(narrow.getByTestId('screen-trade'))).width).toBe(480);
    await narrow.context().close();
  });
});
