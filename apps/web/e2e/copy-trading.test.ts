// Copy trading (issue 32) as investors meet it, in English and in Arabic at 360 px: the
// leaderboard sorted by ROI, drawdown or copiers with a Copy button on public robots; a
// leader makes a running robot public with a 20% profit share; another investor opens the
// copy screen (the leader's masked name, the share and how it is charged, the track record,
// the settings copied), copies it with their principal and fund password, and lands on
// their running copy, which states whom it copies and the share it pays; the leader then
// sees one copier.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { parseAmount } from '@olive/protocol';
import { startTestServer } from '../../server/test/harness.ts';
import { register } from '../../server/test/accounts.ts';
import { platformAccount, userAccount } from '../../server/src/modules/ledger/ledger.service.ts';
import { investorPage, launchBrowser, screenshots, snap } from '@olive/tooling/e2e';
import { appCatalogue, confirmModal, typeFundPassword } from './app.ts';

mkdirSync(screenshots, { recursive: true });

type Catalogue = { trade: Record<string, string> & { sort: Record<string, string> } };

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ env: { DEMO_INVESTORS: 'true' } });
  expect((await server.app.services.demo.seed()).status).toBe('seeded');
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function fundedInvestor() {
  const user = await register(server, { password: 'Trader-pass-2024' });
  await server.app.services.ledger.post({
    kind: 'deposit',
    idempotencyKey: `test-deposit:${user.userId}`,
    postings: [
      { account: platformAccount('custody', 'bep20'), amount: -parseAmount('1000') },
      { account: userAccount(user.userId, 'available'), amount: parseAmount('1000') },
    ],
  });
  const call = <T>(path: string, body: Record<string, string>) =>
    server.call<T>(path, body, user.headers);
  return { session: { token: user.token, userId: user.userId }, call };
}

async function journey(lang: 'en' | 'ar') {
  const words = appCatalogue<Catalogue>(lang).trade;
  const leader = await fundedInvestor();
  const created = await leader.call<{ robot_id: string }>('/api/user/quancreate', {
    market: 'ETH/USDT',
    principal: '300',
    direction: 'neutral',
  });
  const leaderId = created.data!.robot_id;
  expect(
    (await leader.call('/api/user/openquan', { robot_id: leaderId, action: 'start' })).code,
  ).toBe(1);

  // The leader makes the robot public with a 20% share.
  const leaderPage = await investorPage(browser, { lang, session: leader.session });
  await leaderPage.goto(`${server.url}/#/pages/quantification/detail?id=${leaderId}`);
  const sharing = leaderPage.getByTestId('robot-sharing');
  await sharing.waitFor();
  await leaderPage.getByTestId('robot-track-record').waitFor();
  await sharing.getByText('20%', { exact: true }).click();
  await sharing.scrollIntoViewIfNeeded();
  await snap(leaderPage, `copy-publish-${lang}`);
  await leaderPage.getByTestId('robot-publish').click();
  await confirmModal(leaderPage);
  await leaderPage.getByTestId('robot-unpublish').waitFor();
  expect(await sharing.locator('h3').textContent()).toBe(
    words.publicOn!.replace('{{share}}', '20'),
  );

  // Another investor: the leaderboard offers Copy on public robots (the demo investors').
  const copier = await fundedInvestor();
  const page = await investorPage(browser, { lang, session: copier.session });
  await page.goto(`${server.url}/#/pages/quantification/quantification`);
  const copyLinks = page.getByTestId('rank-copy');
  await copyLinks.first().waitFor({ timeout: 60_000 });
  await page.getByTestId('rank-sort-drawdown').click();
  await page.getByTestId('leaderboard').scrollIntoViewIfNeeded();
  await snap(page, `copy-leaderboard-${lang}`);

  // The copy screen of the leader's robot: terms, record, settings, then the form.
  await page.goto(`${server.url}/#/pages/quantification/copy?id=${leaderId}`);
  await page.getByTestId('copy-leader').waitFor();
  expect(await page.getByTestId('copy-share').textContent()).toBe('20%');
  expect(await page.getByTestId('copy-share-note').textContent()).toBe(
    words.copyShareNote!.replaceAll('{{share}}', '20'),
  );
  await page.getByTestId('copy-record').waitFor();
  await snap(page, `copy-screen-${lang}`);
  await page.getByTestId('copy-principal').locator('input').fill('300');
  await typeFundPassword(page, 'copy-fund-password', '246810');
  await page.getByTestId('copy-form-section').scrollIntoViewIfNeeded();
  await snap(page, `copy-form-${lang}`);
  await page.getByTestId('copy-submit').click();
  await confirmModal(page, { title: words.copyNow });

  // Their copy runs, and says whom it copies and what it pays.
  await page.getByTestId('screen-robot').waitFor();
  const terms = page.getByTestId('robot-copy-terms');
  await terms.waitFor();
  expect(await terms.locator('h3').textContent()).toBe(words.copyOf!.replace('{{id}}', leaderId));
  await terms.scrollIntoViewIfNeeded();
  await snap(page, `copy-copier-detail-${lang}`);

  // The leader sees one copier, by masked name.
  await leaderPage.reload();
  await leaderPage.getByTestId('copier-list').waitFor();
  expect(await leaderPage.getByTestId('robot-copiers').textContent()).toBe('1');
  expect(await leaderPage.getByTestId('copier-list').textContent()).toContain('***');
  await leaderPage.getByTestId('robot-sharing').scrollIntoViewIfNeeded();
  await snap(leaderPage, `copy-leader-copiers-${lang}`);
  await leaderPage.context().close();
  await page.context().close();
}

describe('copy trading', () => {
  it('in English: publish, copy from the copy screen, both sides see it', async () => {
    await journey('en');
  }, 180_000);

  it('in Arabic, right to left', async () => {
    await journey('ar');
  }, 180_000);
});
