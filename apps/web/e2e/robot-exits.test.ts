// Risk exits on a phone (issue 32, decision 148), in English and in Arabic: set a
// stop-loss, a take-profit and trailing up on the create form and see them replayed on the
// held-out days; create and start; see them on the detail and edit the stop-loss while it
// runs (a take-profit under the price is refused, naming the field); then the price falls
// through the stop-loss (a fixed path fed to the engine) and the robot ends, saying why.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { MarketId } from '@olive/market';
import { formatAmount, parseAmount } from '@olive/protocol';
import { startTestServer } from '../../server/test/harness.ts';
import { register } from '../../server/test/accounts.ts';
import { platformAccount, userAccount } from '../../server/src/modules/ledger/ledger.service.ts';
import { investorPage, launchBrowser, screenshots, snap } from '@olive/tooling/e2e';
import { appCatalogue, confirmModal, pricePathEngine } from './app.ts';

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

async function phone(lang: 'en' | 'ar') {
  const user = await register(server, {
    account: `exits-${lang}@example.com`,
    password: 'Trader-pass-2024',
  });
  await server.app.services.ledger.post({
    kind: 'deposit',
    idempotencyKey: `test-deposit:${user.userId}`,
    postings: [
      { account: platformAccount('custody', 'bep20'), amount: -parseAmount('1000') },
      { account: userAccount(user.userId, 'available'), amount: parseAmount('1000') },
    ],
  });
  return investorPage(browser, { lang, session: user });
}

const fill = (page: Page, testId: string, value: string) =>
  page.getByTestId(testId).locator('input').fill(value);

async function journey(lang: 'en' | 'ar') {
  const words = appCatalogue<{ trade: { endReason: Record<string, string> } }>(lang);
  const page = await phone(lang);
  const p0 = (await server.app.services.marketData.tick(MARKET)).price;
  const at = (ratio: number) => (BigInt(Math.round(Number(p0) * ratio)) / 1_000_000n) * 1_000_000n;
  const price = (ratio: number) => formatAmount(at(ratio));

  await page.goto(`${server.url}/#/pages/quantification/quantification`);
  await page.getByTestId('create-form').waitFor({ timeout: 90_000 });
  await page.getByTestId('market-chip-BNB').click();
  await fill(page, 'principal', '500');
  await page.getByTestId('preview-grids').waitFor({ timeout: 60_000 });
  await page.getByTestId('custom-toggle').click();
  await fill(page, 'custom-range_low', price(0.98));
  await fill(page, 'custom-range_high', price(1.02));
  await fill(page, 'custom-grids', '10');
  await page.getByTestId('exits-toggle').click();
  await fill(page, 'exit-stop_loss_price', price(0.97));
  await fill(page, 'exit-take_profit_price', price(1.05));
  await page.getByTestId('exit-trailing_up').click();
  await fill(page, 'exit-trailing_limit_high', price(1.04));
  // the preview replays the setting with its exits on the held-out days
  await page.getByTestId('preview-exits').waitFor({ timeout: 60_000 });
  await page.getByTestId('exit-fields').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await snap(page, `robot-exits-create-${lang}`);
  await page.getByTestId('preview-exits').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await snap(page, `robot-exits-preview-${lang}`);

  await page.getByTestId('create-robot').click();
  await confirmModal(page);
  await page.getByTestId('screen-robot').waitFor();
  await page.getByTestId('robot-start').click();
  await page.locator('[data-testid="robot-status"][data-status="running"]').waitFor();
  const shown = (key: string) => page.getByTestId(`robot-exit-${key}`).textContent();
  await expect(shown('stop_loss_price')).resolves.toContain(price(0.97).split('.')[0]!);

  // edit while it runs: a take-profit under the price is refused, naming the field
  await page.getByTestId('exits-edit').click();
  await fill(page, 'exit-take_profit_price', price(0.99));
  await page.getByTestId('exits-save').click();
  await page.getByTestId('exit-error').waitFor();
  await page.getByTestId('exit-error').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await snap(page, `robot-exits-refused-${lang}`);
  await fill(page, 'exit-take_profit_price', price(1.05));
  await fill(page, 'exit-stop_loss_price', price(0.96));
  await page.getByTestId('exits-save').click();
  await page.getByTestId('exits-edit').waitFor();
  await expect(shown('stop_loss_price')).resolves.toContain(price(0.96).split('.')[0]!);
  await page.getByTestId('robot-exits').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await snap(page, `robot-exits-detail-${lang}`);

  // the price falls through the stop-loss: the robot closes at market and ends
  await engine.walk([0.99, 0.97, 0.955].map(at));
  await page.locator('[data-testid="robot-status"][data-status="ended"]').waitFor({
    timeout: 15_000,
  });
  await expect(page.getByTestId('robot-end-reason').textContent()).resolves.toContain(
    words.trade.endReason.stop_loss_price,
  );
  await page.getByTestId('robot-exits').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await snap(page, `robot-exits-ended-${lang}`);
  await page.context().close();
}

describe('risk exits on a phone', () => {
  it('in English', () => journey('en'));
  it('in Arabic, right to left', () => journey('ar'));
});
