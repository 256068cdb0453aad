// Settings that trade, chosen honestly (issue 32), on the create screen in English and in
// Arabic at 360 px: the limits of every setting show before anything is typed (quanlimits),
// the grid type is a choice (arithmetic levels are the ones the robot then rests orders
// at), and the preview shows the chosen setting's held-out figures (return, drawdown,
// round trips a day) beside buy-and-hold over the same days.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { parseAmount } from '@olive/protocol';
import { startTestServer } from '../../server/test/harness.ts';
import { register } from '../../server/test/accounts.ts';
import { platformAccount, userAccount } from '../../server/src/modules/ledger/ledger.service.ts';
import { investorPage, launchBrowser, screenshots, snap } from '@olive/tooling/e2e';
import { appCatalogue } from './app.ts';

mkdirSync(screenshots, { recursive: true });

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function journey(lang: 'en' | 'ar') {
  const user = await register(server, {
    account: `settings-${lang}@example.com`,
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
  const page = await investorPage(browser, { lang, session: user });
  await page.goto(`${server.url}/#/pages/quantification/quantification`);
  await page.getByTestId('create-form').waitFor({ timeout: 90_000 });
  await page.getByTestId('market-chip-BTC').click();

  // Before any principal is typed: the limits for the market's minimum (100 USDT: 16 grids)
  await page.getByTestId('custom-toggle').click();
  const limits = page.getByTestId('custom-limits');
  await limits.waitFor();
  await expect(limits.textContent()).resolves.toContain('2–16');
  await expect(limits.textContent()).resolves.toContain('0.04');
  await page.getByTestId('custom-toggle').click();

  // A principal: the limits follow it, and the automatic choice is previewed
  await page.getByTestId('principal').locator('input').fill('1000');
  await page.getByTestId('grid-type-arithmetic').click();
  await expect(page.getByTestId('grid-type-explain').textContent()).resolves.not.toBe('');
  const held = page.getByTestId('preview-held-out');
  await held.waitFor({ timeout: 90_000 });
  for (const id of ['preview-held-return', 'preview-hold', 'preview-drawdown']) {
    await expect(page.getByTestId(id).textContent()).resolves.toMatch(/^[+-]?\d+\.\d\d%$/);
  }
  // at least one round trip an hour on the days the choice never saw
  expect(
    Number(await page.getByTestId('preview-round-trips').textContent()),
  ).toBeGreaterThanOrEqual(24);
  await page.getByTestId('custom-toggle').click();
  await expect(limits.textContent()).resolves.toContain('2–100');
  await snap(page, `robot-settings-limits-${lang}`);
  await page.getByTestId('custom-toggle').click();
  // back to the automatic choice once the preview has caught up
  const auto = appCatalogue<{ trade: { previewAuto: string } }>(lang).trade.previewAuto;
  await page.locator('.preview__head', { hasText: auto }).waitFor();
  await page.locator('[data-testid="robot-preview"] .spinner').waitFor({ state: 'detached' });
  // a loss on the held-out days is said plainly, with buy-and-hold beside it
  const heldReturn = (await page.getByTestId('preview-held-return').textContent()) ?? '';
  if (heldReturn.startsWith('-')) {
    const warning = (await page.getByTestId('preview-warning').textContent()) ?? '';
    expect(warning).toContain(heldReturn);
    expect(warning).toContain((await page.getByTestId('preview-hold').textContent()) ?? '?');
  } else {
    expect(await page.getByTestId('preview-warning').count()).toBe(0);
  }
  await page.getByTestId('robot-preview').evaluate((el) => el.scrollIntoView({ block: 'end' }));
  await snap(page, `robot-settings-${lang}`);

  // the robot created is arithmetic
  await page.getByTestId('create-robot').click();
  const modal = page.locator('.adm-modal-body');
  await modal.waitFor();
  await snap(page, `robot-settings-confirm-${lang}`);
  await modal.locator('.adm-modal-button-primary').click();
  await page.getByTestId('screen-robot').waitFor();
  const row = await server.db
    .selectFrom('robots')
    .select(['grid_type'])
    .where('user_id', '=', user.userId)
    .executeTakeFirstOrThrow();
  expect(row.grid_type).toBe('arithmetic');
  await page.context().close();
}

describe('the create screen shows limits, grid type and held-out figures', () => {
  it('in English', () => journey('en'));
  it('in Arabic, right to left', () => journey('ar'));
});
