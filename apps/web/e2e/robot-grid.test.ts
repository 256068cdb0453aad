// A grid robot with the investor's own range and grid count, through to a settled profit
// (issue 11), in English and in Arabic: set "lower price, upper price, grids" on the
// create form and see the same backtest for them, create and start, see the range and
// the resting orders on the detail's price chart, then the price swings (a fixed path fed
// to the robot engine, so a profit exists) and Settle pays the realised profit less the
// performance fee, to the unit.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { parseGrid, type MarketId } from '@olive/market';
import { amountUnits, formatAmount, parseAmount } from '@olive/protocol';
import { startTestServer } from '../../server/test/harness.ts';
import { register } from '../../server/test/accounts.ts';
import { platformAccount, userAccount } from '../../server/src/modules/ledger/ledger.service.ts';
import { investorPage, launchBrowser, screenshots, snap } from '@olive/tooling/e2e';
import { appCatalogue, chartAxisLabels, confirmModal, pricePathEngine } from './app.ts';
import { overlappingLabels } from '../src/lib/axis-labels.ts';

mkdirSync(screenshots, { recursive: true });

const MARKET: MarketId = 'BNB/USDT';
let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let engine: ReturnType<typeof pricePathEngine>;

beforeAll(async () => {
  server = await startTestServer();
  // No worker: this engine is ticked by the test, on a fixed price path.
  engine = pricePathEngine(server, MARKET);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function fundedInvestor(email: string) {
  const user = await register(server, { account: email, password: 'Trader-pass-2024' });
  await server.app.services.ledger.post({
    kind: 'deposit',
    idempotencyKey: `test-deposit:${user.userId}`,
    postings: [
      { account: platformAccount('custody', 'bep20'), amount: -parseAmount('1000') },
      { account: userAccount(user.userId, 'available'), amount: parseAmount('1000') },
    ],
  });
  const headers = { authorization: `Bearer ${user.token}`, userid: user.userId };
  const balance = async () =>
    parseAmount(
      (await server.call<{ balance: string }>('/api/user/userinfo', {}, headers)).data!.balance,
    );
  return { user, balance };
}

async function phone(lang: 'en' | 'ar', user: { token: string; userId: string }) {
  return investorPage(browser, { lang, session: user });
}

const text = (page: Page, testId: string) => page.getByTestId(testId).first().textContent();
/** "+1,234.50" -> 123450000000n. */
const units = (value: string | null) =>
  amountUnits((value ?? '').replace(/USDT|,|\+|\s/g, '').trim());

/** The whole journey in one language; returns nothing, asserts on the way. */
async function journey(lang: 'en' | 'ar') {
  const words = appCatalogue<{ trade: Record<string, string> }>(lang).trade;
  const investor = await fundedInvestor(`grid-${lang}@example.com`);
  const page = await phone(lang, investor.user);
  const p0 = (await server.app.services.marketData.tick(MARKET)).price;
  const at = (ratio: number) => (BigInt(Math.round(Number(p0) * ratio)) / 1_000_000n) * 1_000_000n;
  const low = formatAmount(at(0.98));
  const high = formatAmount(at(1.02));

  await page.goto(`${server.url}/#/pages/quantification/quantification`);
  await page.getByTestId('create-form').waitFor({ timeout: 90_000 });
  await page.getByTestId('market-chip-BNB').click();
  await page.getByTestId('principal').locator('input').fill('500');
  await page.getByTestId('preview-grids').waitFor({ timeout: 60_000 });
  // Own range and grids: the switch starts from the automatic choice, then the investor's.
  await page.getByTestId('custom-toggle').click();
  await expect(page.getByTestId('custom-range_low').locator('input').inputValue()).resolves.toMatch(
    /^\d+(\.\d+)?$/,
  );
  await page.getByTestId('custom-range_low').locator('input').fill(low);
  await page.getByTestId('custom-range_high').locator('input').fill(high);
  await page.getByTestId('custom-grids').locator('input').fill('10');
  await page.locator('[data-testid="preview-grids"]', { hasText: /^10$/ }).waitFor();
  await expect(text(page, 'preview-basis')).resolves.toMatch(/7/);
  await page.getByTestId('robot-preview').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await snap(page, `robot-custom-${lang}`);

  await page.getByTestId('create-robot').click();
  await confirmModal(page, { title: words.create });
  await page.getByTestId('screen-robot').waitFor();
  await page.getByTestId('robot-start').click();
  await page.locator('[data-testid="robot-status"][data-status="running"]').waitFor();
  // The resting orders: one per grid step, buys below the price, sells above it.
  await page.getByTestId('grid-orders').waitFor();
  const [buys = 0, sells = 0] = ((await text(page, 'grid-orders')) ?? '')
    .match(/\d+/g)!
    .map(Number);
  expect(buys + sells).toBe(10);
  await page.locator('[data-testid="grid-chart"][data-ready="true"]').waitFor();
  await page
    .getByTestId('robot-price-chart')
    .evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await snap(page, `robot-grid-${lang}`);
  // No two price-axis labels are drawn over each other: the live price's tag hides the
  // axis's own labels it would cover, and a range end's label next to it.
  const labels = await chartAxisLabels(page, 'grid-chart');
  expect(labels.length).toBeGreaterThan(2);
  expect(overlappingLabels(labels)).toEqual([]);

  // The price swings ±1.5% twice: resting orders fill at their levels, pairs complete.
  await engine.walk([0.985, 1.015, 0.985, 1.015, 1.0].map(at));
  const robotId = new URL(page.url().replace('#/', '')).searchParams.get('id')!;
  const row = await server.db
    .selectFrom('robots')
    .selectAll()
    .where('id', '=', robotId)
    .executeTakeFirstOrThrow();
  const gross = parseGrid(row.grid_state!).realised;
  expect(gross).toBeGreaterThan(0n);
  await page
    .locator('[data-testid="robot-grid-profit"]', { hasText: formatAmount(gross).split('.')[0] })
    .waitFor();

  const before = await investor.balance();
  expect(await page.getByTestId('robot-settle-reason').count()).toBe(0);
  await page.getByTestId('robot-settle').click();
  await page.locator('.adm-modal-body').waitFor();
  await snap(page, `robot-settle-confirm-${lang}`);
  await confirmModal(page, { title: words.settle });
  const fee = (gross * 20_000_000n) / 100_000_000n;
  await expect.poll(() => investor.balance(), { timeout: 10_000 }).toBe(before + gross - fee);
  await page.getByTestId('robot-log-record').first().waitFor();
  await page.getByTestId('robot-figures').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  expect(units(await text(page, 'robot-grid-profit'))).toBe(gross);
  // Nothing realised is left to settle: the button is off and says why, before anything asks.
  await expect(text(page, 'robot-settle-reason')).resolves.toBe(words.nothingToSettle);
  expect(await page.getByTestId('robot-settle').isDisabled()).toBe(true);
  await snap(page, `robot-settled-${lang}`);
  await page
    .getByTestId('robot-settle-reason')
    .evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await snap(page, `robot-settle-off-${lang}`);
  await page.context().close();
}

describe('a grid of my own, through to a settled profit', () => {
  it('in English', () => journey('en'));
  it('in Arabic, right to left', () => journey('ar'));
});
