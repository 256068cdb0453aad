// Browser journeys through the Trade tab (issue 7) against the real API, the simulated
// price feed and the robot engine ticking every second in a worker: a visitor sees live
// markets, the "Demo market data" badge, the leaderboard and a login prompt; an investor
// with a deposit opens a market from Home, sees the automatic grid and the labelled
// estimate, creates and starts a robot, watches its earnings move on the detail screen
// and its PnL chart, stops it through the confirm modal, and gets back exactly the
// principal plus the final PnL shown. Then the same in Arabic, right to left.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { amountUnits, formatAmount, parseAmount } from '@olive/protocol';
import { startTestServer } from '../../server/test/harness.ts';
import { register } from '../../server/test/accounts.ts';
import { platformAccount, userAccount } from '../../server/src/modules/ledger/ledger.service.ts';
import { startWorkers, type Workers } from '../../server/src/workers/index.ts';
import { workerPlan } from '../../server/src/worker-plan.ts';
import { investorPage, launchBrowser, screenshots, snap } from '@olive/tooling/e2e';
import { appCatalogue, chartAxisLabels, confirmModal } from './app.ts';
import { overlappingLabels } from '../src/lib/axis-labels.ts';

mkdirSync(screenshots, { recursive: true });

type Words = Record<string, string> & { dirExplain: Record<string, string> };
type Catalogue = { trade: Words };
const catalogue = (code: string) => appCatalogue<Catalogue>(code);
const english = catalogue('en');
const arabic = catalogue('ar');

const DEPOSIT = '1000';

let server: Awaited<ReturnType<typeof startTestServer>>;
let workers: Workers;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  // The worker role's loops, as `npm start` runs them: here the robot engine, once a second.
  const quiet = { info: () => {}, warn: () => {}, error: () => {} };
  workers = await startWorkers(
    server.databaseUrl,
    workerPlan(server.db, server.app.services, null, quiet),
    quiet,
  );
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await workers?.stop();
  await server?.close();
});

/** An investor registered through the API (captcha and mailed code), then funded. */
async function fundedInvestor(email: string) {
  const user = await register(server, { account: email, password: 'Trader-pass-2024' });
  const session = { token: user.token, userId: user.userId };
  // A credited deposit, as the watcher would post it.
  await server.app.services.ledger.post({
    kind: 'deposit',
    idempotencyKey: `test-deposit:${session.userId}`,
    postings: [
      { account: platformAccount('custody', 'bep20'), amount: -parseAmount(DEPOSIT) },
      { account: userAccount(session.userId, 'available'), amount: parseAmount(DEPOSIT) },
    ],
  });
  const balance = async () =>
    (
      await server.call<{ balance: string }>(
        '/api/user/userinfo',
        {},
        { authorization: `Bearer ${session.token}`, userid: session.userId },
      )
    ).data!.balance;
  return { session, balance };
}

/** "+1,234.50 USDT" -> 123450000000n. */
const units = (text: string | null) =>
  amountUnits((text ?? '').replace(/USDT|,|\+|\s/g, '').trim());

const text = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();

/** Confirms the open "hint" modal, after checking its words. */
/** Creates a robot from the Trade tab's form and returns on its detail screen. */
async function createRobot(page: Page, principal: string, words: Catalogue['trade']) {
  await page.getByTestId('principal').locator('input').fill(principal);
  await page.getByTestId('preview-grids').waitFor();
  await expect(text(page, 'estimate-note')).resolves.toBe(words.estimateNote);
  await expect(text(page, 'preview-grids')).resolves.toMatch(/^\d+$/);
  await expect(text(page, 'preview-yield')).resolves.toMatch(/^-?\d+\.\d{2}%$/);
}

/** The PnL chart's last-value tag and its axis's labels: none over another (issue 34). */
async function pnlChartLabels(page: Page) {
  const labels = await chartAxisLabels(page, 'pnl-chart');
  expect(labels.length).toBeGreaterThanOrEqual(2);
  expect(overlappingLabels(labels)).toEqual([]);
}

/** Holds the page's markets call back until the returned function is called. */
async function holdMarkets(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/main/markets', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Waits until the detail screen's current earnings show two different values. */
async function earningsMove(page: Page) {
  const seen = new Set<string>();
  for (let i = 0; i < 60 && seen.size < 2; i++) {
    seen.add((await text(page, 'robot-earnings')) ?? '');
    await page.waitForTimeout(1000);
  }
  expect(seen.size).toBeGreaterThanOrEqual(2);
}

describe('trade screens', () => {
  it('shows a visitor live markets, the demo badge, the leaderboard and a login prompt', async () => {
    const page = await investorPage(browser, { lang: 'en' });
    await page.goto(`${server.url}/#/pages/quantification/quantification`);
    await page.getByTestId('screen-trade').waitFor();
    // The first market call of a fresh server replays the simulator (CPU-bound: slower on
    // a loaded machine).
    await page.getByTestId('market-row').nth(4).waitFor({ timeout: 90_000 });
    await expect(page.getByTestId('market-row').count()).resolves.toBe(5);
    await expect(text(page, 'demo-badge')).resolves.toBe('Demo market data');
    const price = page.getByTestId('market-row').first().locator('.market__price');
    await expect(price.textContent()).resolves.toMatch(/^\d{1,3}(,\d{3})*\.\d+$/);
    await page.getByTestId('trade-login-prompt').waitFor();
    expect(await page.getByTestId('create-form').count()).toBe(0);
    await page.getByTestId('leaderboard').waitFor();
    await snap(page, 'trade-visitor-en', true);
    await page.context().close();
  });

  it("keeps the form's market row and direction switch in place while the markets load; a direction chosen there carries over", async () => {
    const investor = await fundedInvestor('early-trader@example.com');
    const page = await investorPage(browser, { lang: 'en', session: investor.session });
    // The markets' answer held back until the investor has chosen a direction.
    const release = await holdMarkets(page);
    await page.goto(`${server.url}/#/pages/quantification/quantification`);
    await page.getByTestId('screen-trade').waitFor();
    const pending = page.locator('.robot-form--pending');
    await pending.getByTestId('direction-explain').waitFor();
    await expect(text(page, 'direction-explain')).resolves.toBe(english.trade.dirExplain.neutral);
    // Where in the page (not the viewport: the click below scrolls) the explanation sits.
    const top = (locator: ReturnType<Page['locator']>) =>
      locator.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    const placed = await top(pending.getByTestId('direction-explain'));
    await pending.getByTestId('direction-short').click();
    await expect(text(page, 'direction-explain')).resolves.toBe(english.trade.dirExplain.short);
    release();
    await page.getByTestId('create-form').waitFor({ timeout: 90_000 });
    await expect(text(page, 'direction-explain')).resolves.toBe(english.trade.dirExplain.short);
    // The form's explanation is where the frame's was: nothing below it moved.
    expect(await top(page.getByTestId('create-form').getByTestId('direction-explain'))).toBeCloseTo(
      placed,
      0,
    );
    await page.context().close();
  });

  it('moves nothing when the demo badge arrives, where the title and the badge take two lines (es, ru)', async () => {
    for (const lang of ['es', 'ru']) {
      const words = catalogue(lang);
      const page = await investorPage(browser, { lang });
      const release = await holdMarkets(page);
      await page.goto(`${server.url}/#/pages/quantification/quantification`);
      await page.getByTestId('screen-trade').waitFor();
      await page.waitForLoadState('load');
      // Its place is held, unseen: nothing to read yet.
      expect(await page.getByTestId('demo-badge').count()).toBe(0);
      expect(await page.getByText(words.trade.demoData!).isVisible()).toBe(false);
      const body = page.locator('.screen__body');
      const before = await body.evaluate((el) => el.getBoundingClientRect().top);
      release();
      await expect(text(page, 'demo-badge')).resolves.toBe(words.trade.demoData);
      await expect(page.getByTestId('demo-badge').isVisible()).resolves.toBe(true);
      // The badge sits below the title in these languages (the case that moved the screen).
      const [title, badge] = await Promise.all([
        page.locator('.app-header__title').boundingBox(),
        page.getByTestId('demo-badge').boundingBox(),
      ]);
      expect(badge!.y, `${lang}: the badge's own line`).toBeGreaterThanOrEqual(
        title!.y + title!.height,
      );
      expect(await body.evaluate((el) => el.getBoundingClientRect().top), lang).toBe(before);
      await page.context().close();
    }
  });

  it('creates, starts, watches and stops a robot; the balance gets back principal plus PnL', async () => {
    const investor = await fundedInvestor('trader@example.com');
    const page = await investorPage(browser, { lang: 'en', session: investor.session });

    // Home's market block: live prices, the badge, and a tap opens the Trade tab.
    await page.goto(`${server.url}/#/pages/index/index`);
    await page.getByTestId('home-market').getByTestId('market-row').nth(4).waitFor();
    await page.getByTestId('home-market').getByTestId('demo-badge').waitFor();
    await page.getByTestId('home-market').scrollIntoViewIfNeeded();
    await snap(page, 'home-market-en');
    await page.getByTestId('home-market').locator('[data-market="ETH/USDT"]').click();
    await page.getByTestId('screen-trade').waitFor();
    await page.getByTestId('create-form').waitFor();
    await expect(page.getByTestId('market-chip-ETH').getAttribute('aria-checked')).resolves.toBe(
      'true',
    );
    await page.getByTestId('market-chip-BTC').click();
    // "--" until userinfo answers (Home did not ask for it): wait for the figure.
    await page
      .getByTestId('available-balance')
      .filter({ hasText: /^1,000\.00$/ })
      .waitFor();
    await expect(text(page, 'principal-min')).resolves.toBe('100.00');

    // Below the minimum: said on the field, nothing asked of the server.
    await page.getByTestId('principal').locator('input').fill('50');
    await page.getByTestId('create-robot').click();
    await expect(text(page, 'principal-error')).resolves.toBe(
      'The minimum for this market is 100 USDT',
    );

    await page.getByTestId('direction-long').click();
    await expect(text(page, 'direction-explain')).resolves.toBe(english.trade.dirExplain.long);
    await createRobot(page, '200', english.trade);
    await page
      .getByTestId('robot-preview')
      .evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await snap(page, 'trade-create-en');

    await page.getByTestId('create-robot').click();
    await confirmModal(page, { title: english.trade.create, text: '200.00 USDT' });
    await page.getByTestId('screen-robot').waitFor();
    expect(new URL(page.url()).hash).toMatch(/^#\/pages\/quantification\/detail\?id=\d+$/);
    await expect(page.getByTestId('robot-status').getAttribute('data-status')).resolves.toBe(
      'not_started',
    );
    expect(await investor.balance()).toBe('800');

    // Start; the engine trades every second and the earnings move.
    await page.getByTestId('robot-start').click();
    await page.locator('[data-testid="robot-status"][data-status="running"]').waitFor();
    await expect(text(page, 'robot-principal')).resolves.toBe('200.00');
    await expect(text(page, 'robot-grids')).resolves.toMatch(/^\d+$/);
    await earningsMove(page);
    await page.locator('[data-testid="pnl-chart"][data-ready="true"]').waitFor();
    await expect(page.getByTestId('pnl-chart').locator('canvas').count()).resolves.toBeGreaterThan(
      0,
    );
    await snap(page, 'robot-running-en');
    await pnlChartLabels(page);

    // Stop: the spec's question, then the robot has ended and says what came back.
    await page.getByTestId('robot-stop').click();
    await confirmModal(page, {
      title: english.trade.stop,
      text: 'Stop quantitative trading and take back the principal?',
    });
    await page.locator('[data-testid="robot-status"][data-status="ended"]').waitFor();
    await page.getByTestId('robot-returned').waitFor();
    const finalPnl = units(await text(page, 'robot-earnings'));
    const returned = units(await text(page, 'robot-returned'));
    expect(returned).toBe(parseAmount('200') + finalPnl);
    expect(await investor.balance()).toBe(formatAmount(parseAmount('800') + returned));
    await expect(page.getByTestId('robot-stop').count()).resolves.toBe(0);
    await page.getByTestId('robot-log-record').first().waitFor();
    await snap(page, 'robot-ended-en');

    // My robots, Ended tab.
    await page.goBack();
    await page.getByTestId('screen-trade').waitFor();
    await page.getByTestId('robots-tab-ended').click();
    await page.getByTestId('robot-card').first().waitFor();
    await snap(page, 'trade-tab-en', true);
    await page.context().close();
  });

  it('runs the same journey in Arabic, right to left', async () => {
    const investor = await fundedInvestor('trader-ar@example.com');
    const page = await investorPage(browser, { lang: 'ar', session: investor.session });
    await page.goto(`${server.url}/#/pages/quantification/quantification`);
    await page.getByTestId('create-form').waitFor();
    await expect(page.evaluate(() => document.documentElement.dir)).resolves.toBe('rtl');
    await expect(text(page, 'demo-badge')).resolves.toBe(arabic.trade.demoData);
    await page.getByTestId('market-chip-SOL').click();
    await page.getByTestId('direction-long').click();
    await createRobot(page, '120', arabic.trade);
    await page
      .getByTestId('robot-preview')
      .evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await snap(page, 'trade-create-ar');

    await page.getByTestId('create-robot').click();
    await confirmModal(page, { title: arabic.trade.create, text: '120.00 USDT' });
    await page.getByTestId('screen-robot').waitFor();
    await page.getByTestId('robot-start').click();
    await page.locator('[data-testid="robot-status"][data-status="running"]').waitFor();
    await earningsMove(page);
    await page.locator('[data-testid="pnl-chart"][data-ready="true"]').waitFor();
    await snap(page, 'robot-running-ar');
    await pnlChartLabels(page);

    await page.getByTestId('robot-stop').click();
    await confirmModal(page, { title: arabic.trade.stop, text: arabic.trade.stopConfirm! });
    await page.getByTestId('robot-returned').waitFor();
    const returned = units(await text(page, 'robot-returned'));
    expect(returned).toBe(parseAmount('120') + units(await text(page, 'robot-earnings')));
    expect(await investor.balance()).toBe(formatAmount(parseAmount('880') + returned));
    await snap(page, 'robot-ended-ar');
    await page.goBack();
    await page.getByTestId('screen-trade').waitFor();
    await page.getByTestId('my-robots').scrollIntoViewIfNeeded();
    await snap(page, 'trade-tab-ar', true);
    await page.context().close();
  });
});
