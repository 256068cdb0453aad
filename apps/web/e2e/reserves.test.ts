// Proof of reserves in Chromium (issue 16), in English and Arabic: an investor with a balance
// opens Me -> Proof of reserves, sees the ratio and the anchored root, and "Verify my
// inclusion" recomputes the root in the browser step by step; a proof tampered with on the
// way (one sibling's sum changed) is shown as a loud failure. Screenshots in test-output.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { parseAmount } from '@olive/protocol';
import { startTestServer } from '../../server/test/harness.ts';
import { register } from '../../server/test/accounts.ts';
import { platformAccount, userAccount } from '../../server/src/modules/ledger/ledger.service.ts';
import { launchBrowser, phoneContext, snap, screenshots } from './browser.ts';

mkdirSync(screenshots, { recursive: true });

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer({ devchain: {} });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signedIn(lang: 'en' | 'ar') {
  const user = await register(server, { lang });
  await server.app.services.ledger.post({
    kind: 'adjustment_credit',
    idempotencyKey: `e2e-reserves:${user.userId}`,
    reason: 'journey balance',
    operatorId: 'test',
    postings: [
      { account: platformAccount('adjustment'), amount: -parseAmount('1234.5') },
      { account: userAccount(user.userId, 'available'), amount: parseAmount('1234.5') },
    ],
  });
  await server.app.services.reserves.reserves.takeSnapshot();
  const context = await phoneContext(browser, { locale: lang === 'ar' ? 'ar' : 'en-US' });
  await context.addInitScript(
    ([l, token, id]) => {
      localStorage.setItem('lang', l!);
      localStorage.setItem('token', token!);
      localStorage.setItem('user_id', id!);
    },
    [lang, user.token, user.userId],
  );
  return { page: await context.newPage(), user };
}

describe.each(['en', 'ar'] as const)('proof of reserves (%s)', (lang) => {
  it('verifies my inclusion in the browser, and shows a tampered proof as a failure', async () => {
    const { page } = await signedIn(lang);
    await page.goto(`${server.url}/#/pages/personal/personal`);
    await page.getByTestId('menu-reserves').click();
    await page.getByTestId('screen-reserves').waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    await expect.poll(() => page.getByTestId('reserves-ratio').textContent()).toMatch(/%$/);
    expect(await page.getByTestId('reserves-anchor').textContent()).toMatch(/^0x[0-9a-f]{64}$/);
    const started = Date.now();
    await page.getByTestId('reserves-verify').click();
    await page.getByTestId('reserves-verdict-ok').waitFor();
    const elapsed = Date.now() - started;
    expect(await page.getByTestId('reserves-steps').locator('li').count()).toBeGreaterThanOrEqual(
      4,
    );
    await snap(page, `reserves-verified-${lang}`, true);
    process.stdout.write(`reserves journey (${lang}): verify click -> verdict ${elapsed} ms\n`);

    // The anchoring transaction carries the root on chain.
    const anchor = await page.request.get(
      `${server.url}${await page.getByTestId('reserves-anchor').getAttribute('href')}`,
    );
    expect(await anchor.json()).toMatchObject({ found_on_chain: true, carries_root: true });

    // A proof changed on the way: the browser's own computation catches it.
    await page.route('**/api/user/reservesproof', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as {
        data: { paths: { sum: string }[][] };
      };
      const step = body.data.paths[0]![0]!;
      step.sum = (Number(step.sum) + 1).toString();
      await route.fulfill({ response, json: body });
    });
    await page.getByTestId('reserves-verify').click();
    await page.getByTestId('reserves-verdict-bad').waitFor();
    expect(await page.locator('.reserves__step--bad').count()).toBeGreaterThanOrEqual(1);
    await snap(page, `reserves-tampered-${lang}`);
  }, 120_000);

  it('is reachable from the security centre', async () => {
    const { page } = await signedIn(lang);
    await page.goto(`${server.url}/#/pages/setting/information`);
    await page.getByTestId('security-reserves').click();
    await page.getByTestId('screen-reserves').waitFor();
  }, 60_000);
});
