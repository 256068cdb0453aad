// Browser journeys through the operator console (issue 15) against the real server, a
// local chain and the wallet loops, at 1440x900: an operator made on the command line signs
// in, enrols TOTP (the code computed here from the secret the page shows), approves a
// withdrawal held for review and sees it confirmed on the devchain, edits a network's
// withdrawal fee and finds it in the investor app, edits a support contact's hours, takes
// a proof-of-reserves snapshot; then the same screens in Chinese. The installation is fresh
// with the seeded demo investors, as `npm start` makes it: their play money must not turn
// the dashboard red, and every list marks them "Demo".
import { mkdirSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import * as OTPAuth from 'otpauth';
import { usdtBalance } from '@olive/devchain';
import { parseAmount } from '@olive/protocol';
import { startTestServer } from '../../server/test/harness.ts';
import { register } from '../../server/test/accounts.ts';
import { runCli } from '../../server/test/cli.ts';
import { platformAccount, userAccount } from '../../server/src/modules/ledger/ledger.service.ts';
import { deskContext, investorPage, launchBrowser, screenshots, snap } from '@olive/tooling/e2e';

mkdirSync(screenshots, { recursive: true });

const RECIPIENT = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';
const OPERATOR = 'ops@example.com';

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
let desk: BrowserContext;
let page: Page;
let operatorPassword: string;
let investor: { token: string; userId: string; withdrawalId: string };

beforeAll(async () => {
  server = await startTestServer({
    devchain: { blockTimeMs: 300, confirmations: 2 },
    env: { DEMO_INVESTORS: 'true' },
  });
  const [created] = await Promise.all([
    runCli(server.databaseUrl, ['operator:create', '--email', OPERATOR, '--role', 'admin']),
    (async () => {
      browser = await launchBrowser();
    })(),
  ]);
  expect(created.exitCode, JSON.stringify(created.json)).toBe(0);
  operatorPassword = String(created.json.password);

  // An investor with 200 USDT (a credited deposit, as the watcher posts it), a saved BEP20
  // address and a 50 USDT withdrawal above the review threshold, so it waits for review.
  const user = await register(server, { fund_password: '246810' });
  await server.app.services.ledger.post({
    kind: 'deposit',
    idempotencyKey: `console-test-deposit:${user.userId}`,
    postings: [
      { account: platformAccount('custody', 'bep20'), amount: -parseAmount('200') },
      { account: userAccount(user.userId, 'available'), amount: parseAmount('200') },
    ],
  });
  await server.app.services.settings.put('withdrawal_auto_approve_max', '10');
  const headers = user.headers;
  const address = await server.call(
    '/api/user/setaddress',
    { network: 'bep20', address: RECIPIENT, fund_password: '246810' },
    headers,
  );
  expect(address.code, address.msg).toBe(1);
  const withdrawal = await server.call<{ withdrawal_id: string; status: string }>(
    '/api/user/withdraw',
    { network: 'bep20', amount: '50', fund_password: '246810' },
    headers,
  );
  expect(withdrawal.data?.status, withdrawal.msg).toBe('pending_review');
  investor = {
    token: user.token,
    userId: user.userId,
    withdrawalId: withdrawal.data!.withdrawal_id,
  };

  desk = await deskContext(browser, { locale: 'en-US', timezoneId: 'UTC' });
  page = await desk.newPage();
  // The worker seeds the demo investors on start; this waits for it to have finished.
  await server.app.services.demo.seed();
}, 300_000);

// A failed journey leaves the page it failed on beside the screenshots.
afterEach(async (context) => {
  if (context.task.result?.state === 'fail') {
    await page?.screenshot({
      path: `${screenshots}admin-failed-${context.task.name.slice(0, 40)}.png`,
    });
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The 6-digit code an authenticator app shows now for `secret`. */
function totp(secret: string) {
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).generate();
}

/**
 * The dashboard of a fresh installation: what investors are owed is what real investors
 * hold (the demo investors' play money is apart), so the custody ratio is not red, and
 * custody on chain is read from the devchain.
 */
async function dashboardWithoutDemoMoney(demoLabel = 'Demo balances (play money)') {
  await page.getByText(demoLabel).waitFor();
  const ratio = page.getByTestId('solvency-ratio').locator('.ant-statistic-content');
  await expect.poll(() => ratio.textContent()).toMatch(/^\d+\.\d{2}%$/);
  expect(Number.parseFloat((await ratio.textContent()) ?? '0')).toBeGreaterThanOrEqual(100);
  expect(await ratio.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(63, 102, 0)');
  const chain = page.getByTestId('custody-chain').locator('.ant-statistic-content');
  expect(await chain.textContent()).toMatch(/USDT$/);
}

/**
 * Opens a console path the way the menu does (a client-side navigation). When the heading
 * does not come, the second try says why, with the path the console was on and the headings
 * it has. An investor's page lost its heading once loaded (Refine makes a heading only of a
 * text title): it was found only while the page was still loading (2026-11-28, mended).
 */
async function open(path: string, heading: string | RegExp) {
  const navigate = () =>
    page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/admin${path}`);
  const shown = page.getByRole('heading', { name: heading }).first();
  await navigate();
  try {
    await shown.waitFor({ timeout: 15_000 });
  } catch {
    const where = await page.evaluate(() => window.location.pathname);
    const headings = await page
      .getByRole('heading', { name: heading })
      .evaluateAll((found) =>
        found.map(
          (h) => `${h.tagName} "${h.textContent}" ${h.checkVisibility() ? 'shown' : 'hidden'}`,
        ),
      );
    console.warn(
      `open(${path}): no heading ${String(heading)} after 15 s, on ${where} (${headings.join('; ')}); again`,
    );
    await navigate();
    await shown.waitFor({ timeout: 15_000 });
  }
}

/**
 * Picks `option` in an Ant Design select and waits until the select shows it. In a full run
 * on a loaded host a click on the opening list was lost once (a notice meant to be Spanish
 * was stored in English, 2026-11-28): the list is closed and the pick made again.
 */
async function choose(select: Locator, option: string | RegExp) {
  for (let attempt = 1; ; attempt++) {
    await select.click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
      .click();
    try {
      await select.locator('.ant-select-selection-item', { hasText: option }).waitFor({
        timeout: 5_000,
      });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

describe('operator console', () => {
  it('signs in an operator made on the CLI and enrols TOTP before anything else', async () => {
    await page.goto(`${server.url}/admin/withdrawals`);
    // Not signed in: any console path leads to the sign-in page.
    await page.getByTestId('login-email').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await snap(page, 'admin-login-en');

    await page.getByTestId('login-email').fill(OPERATOR);
    await page.getByTestId('login-password').fill(operatorPassword);
    await page.getByTestId('login-submit').click();
    // A new operator has no second factor yet: enrolment comes first.
    const secretText = page.getByTestId('totp-secret');
    await secretText.waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/enrol');
    await page.locator('main svg').first().waitFor(); // the QR code
    const secret = ((await secretText.textContent()) ?? '').trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await snap(page, 'admin-enrol-en');

    await page.getByTestId('enrol-otp').fill(totp(secret));
    await page.getByTestId('enrol-submit').click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByText('Withdrawals to review').waitFor();
    await page.getByTestId('operator-email').filter({ hasText: OPERATOR }).waitFor();
    await dashboardWithoutDemoMoney();
    await snap(page, 'admin-dashboard-en');
  });

  it('marks the demo investors in the lists', async () => {
    await open('/users', 'Users');
    const demoRow = page.locator('tr[data-row-key]', { hasText: 'demo-investor-1' });
    await demoRow.getByTestId('demo-tag').filter({ hasText: 'Demo' }).waitFor();
    // The real investor is not marked.
    const real = page.locator(`tr[data-row-key="${investor.userId}"]`);
    await real.waitFor();
    expect(await real.getByTestId('demo-tag').count()).toBe(0);
    await snap(page, 'admin-users-demo-en');
    await open('/robots', 'Robots');
    await page.locator('tr[data-row-key]').getByTestId('demo-tag').first().waitFor();
  });

  it('approves a withdrawal from the review queue and sees it confirmed on the devchain', async () => {
    // The queue is its own screen; the thresholds are a form of their own.
    await open('/withdrawal-policy', 'Review thresholds');
    await open('/withdrawal-review', 'Withdrawal review');
    const review = page.getByTestId(`review-${investor.withdrawalId}`);
    await review.waitFor();
    await snap(page, 'admin-withdrawal-review-en');
    await review.click();
    // What the reviewer weighs: a first withdrawal to an address never used, by a new account.
    const panel = page.getByTestId('review-panel');
    await panel.waitFor();
    for (const signal of ['new_address', 'first_withdrawal', 'new_account']) {
      await panel.getByTestId(`signal-${signal}`).waitFor();
    }
    expect(await panel.getByTestId('signal-address_shared').count()).toBe(0);
    await panel.getByText('First used by this investor').waitFor();
    await snap(page, 'admin-withdrawal-review-drawer-en');

    // A rejection needs its reason: the dialog refuses to send without one.
    await panel.getByTestId('review-reject').click();
    await page.getByTestId('review-reject-confirm').click();
    await page.getByText('Reason is required').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();

    await panel.getByTestId('review-approve').click();
    await page.getByTestId('review-approve-confirm').click();
    await page.getByText('Approve: done').waitFor();
    // Gone from the queue.
    await review.waitFor({ state: 'detached' });

    // The wallet worker signs and sends it; the recipient gets amount - fee (0.5 on BEP20).
    const deadline = Date.now() + 30_000;
    let received = 0n;
    while (Date.now() < deadline) {
      received = parseAmount(
        await usdtBalance({ deployment: server.devchain!, network: 'bep20', address: RECIPIENT }),
      );
      if (received > 0n) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(received).toBe(parseAmount('49.5'));

    // Confirmed once the chain has the blocks; then the console lists it as confirmed.
    await expect
      .poll(
        async () =>
          (
            await server.db
              .selectFrom('withdrawals')
              .select('status')
              .where('id', '=', investor.withdrawalId)
              .executeTakeFirst()
          )?.status,
        { timeout: 30_000, interval: 250 },
      )
      .toBe('confirmed');
    await open('/withdrawals', 'Withdrawals');
    await snap(page, 'admin-withdrawals-en');
    const filters = page.getByTestId('withdrawals-filters');
    await filters.getByRole('combobox', { name: 'Status' }).click({ force: true });
    await page.locator('.ant-select-item-option', { hasText: 'Confirmed' }).click();
    await page.getByTestId('withdrawals-filter').click();
    await page
      .locator(`tr[data-row-key="${investor.withdrawalId}"]`, { hasText: 'Confirmed' })
      .waitFor();
  });

  it("shows support an investor's two-factor, holds, sessions and sign-ins", async () => {
    // A second sign-in of the investor, from a phone, beside the one registration made.
    const phone = await server.app.services.sessions.issue(investor.userId, {
      ip: '203.0.113.7',
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    });
    await open(`/users/show/${investor.userId}`, /Users/);
    await page.getByTestId('user-two-factor').filter({ hasText: 'No' }).waitFor();
    await page.getByTestId('user-holds').getByText('Nothing holds this account.').waitFor();
    const sessions = page.getByTestId('user-sessions');
    const phoneRow = sessions.locator(`tr[data-row-key="${phone.sessionId}"]`);
    await phoneRow.getByText('Safari 17 · iPhone').waitFor();
    await phoneRow.getByText('203.0.113.7').waitFor();
    await page.getByTestId('user-sign-ins').getByText('Safari 17 · iPhone').waitFor();
    // Nothing is frozen: Freeze is offered, Unfreeze is not.
    await page.getByTestId('user-freeze').waitFor();
    expect(await page.getByTestId('user-unfreeze').count()).toBe(0);
    // Every button that shows only an icon, and that a person can see and reach, has a name
    // (Ant Design's hidden clear icons and its pagination arrows, out of the tab order
    // inside items titled Previous/Next page, are not such buttons).
    const unnamed = await page.evaluate(() =>
      [...document.querySelectorAll('button')]
        .filter((b) => b.offsetParent !== null && getComputedStyle(b).visibility !== 'hidden')
        .filter((b) => b.getAttribute('tabindex') !== '-1' && !(b.textContent ?? '').trim())
        .filter((b) => !b.getAttribute('aria-label') && !b.getAttribute('aria-labelledby'))
        .map((b) => b.outerHTML.slice(0, 160)),
    );
    expect(unnamed).toEqual([]);
    await snap(page, 'admin-user-en', true);

    // Support ends the phone's session: it no longer signs in; the audit log has it.
    await page.getByTestId(`end-session-${phone.sessionId}`).click();
    await page.getByTestId(`end-session-${phone.sessionId}-confirm`).click();
    // Done or refused, so a failure here says which (a full run once saw neither in 30 s).
    const outcome = page.getByText(/^End session: (done|refused)/);
    await outcome.waitFor();
    expect(await outcome.textContent()).toMatch(/^End session: done/);
    await phoneRow.waitFor({ state: 'detached' });
    const gone = await server.call(
      '/api/user/userinfo',
      {},
      {
        authorization: `Bearer ${phone.token}`,
      },
    );
    expect(gone.code).toBe(10000);
    const still = await server.call(
      '/api/user/userinfo',
      {},
      {
        authorization: `Bearer ${investor.token}`,
      },
    );
    expect(still.code).toBe(1);
    const audited = await server.db
      .selectFrom('admin_audit')
      .select(['operator_email'])
      .where('action', '=', 'users.end-session')
      .where('target', '=', `user:${investor.userId}`)
      .execute();
    expect(audited).toEqual([{ operator_email: OPERATOR }]);

    // Freezing withdrawals is a hold with its reason; then only Unfreeze offers that scope.
    await page.getByTestId('user-freeze').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('.ant-select').click();
    const scopes = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    // An administrator may freeze sign-in too; pick Withdrawals from the settled list.
    await expect.poll(() => scopes.allTextContents()).toEqual(['Sign-in', 'Withdrawals']);
    await scopes.filter({ hasText: 'Withdrawals' }).click();
    await dialog.locator('.ant-select-selection-item', { hasText: 'Withdrawals' }).waitFor();
    await dialog.getByRole('textbox').fill('Chargeback reported by the bank');
    await page.getByTestId('user-freeze-confirm').click();
    const hold = page.getByTestId('hold-withdrawals_frozen');
    await hold.getByText('Chargeback reported by the bank', { exact: false }).waitFor();
    await page.getByTestId('user-unfreeze').waitFor();
    await snap(page, 'admin-user-hold-en');
    await page.getByTestId('user-unfreeze').click();
    const unfreeze = page.getByRole('dialog', { name: 'Unfreeze' });
    await unfreeze.locator('.ant-select').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    // The list opens (and the Freeze dialog's list closes) with an animation: read it once
    // it has settled, and see the choice taken before confirming.
    await expect.poll(() => options.allTextContents()).toEqual(['Withdrawals']);
    await options.first().click();
    await unfreeze.locator('.ant-select-selection-item', { hasText: 'Withdrawals' }).waitFor();
    await unfreeze.getByRole('textbox').fill('Bank withdrew the chargeback');
    await page.getByTestId('user-unfreeze-confirm').click();
    await unfreeze.waitFor({ state: 'hidden' });
    await hold.waitFor({ state: 'detached' });
    await page.getByTestId('user-holds').getByText('Nothing holds this account.').waitFor();
    expect(await page.getByTestId('user-unfreeze').count()).toBe(0);
  });

  it('previews content as the investor app will render it', async () => {
    await open('/content/create', 'New content item');
    await page.getByRole('textbox', { name: 'Title' }).fill('Maintenance tonight');
    await page
      .getByRole('textbox', { name: /Markdown/ })
      .fill(
        '## From 02:00 UTC\n\n**Deposits** stay open.\n\n<img src=x onerror="window.hacked=1">',
      );
    const preview = page.getByTestId('content-preview-body');
    await preview.locator('h2', { hasText: 'From 02:00 UTC' }).waitFor();
    expect(await preview.locator('strong').textContent()).toBe('Deposits');
    // The sanitiser's work: raw HTML stays text, never an element.
    expect(await preview.locator('img').count()).toBe(0);
    expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
    await page.getByTestId('content-preview').getByText('Maintenance tonight').waitFor();
    await snap(page, 'admin-content-preview-en');
  });

  it('edits a network fee and the investor app shows it', async () => {
    await open('/networks', 'Networks');
    await page.getByTestId('edit-bep20').click();
    const fee = page.getByTestId('field-withdrawal_fee');
    await expect.poll(() => fee.inputValue()).toBe('0.5');
    await fee.fill('1.25');
    await snap(page, 'admin-network-edit-en');
    await page.getByTestId('save').click();
    await page.getByRole('heading', { name: 'Networks' }).waitFor();
    await page.locator('tr[data-row-key="bep20"]', { hasText: '1.25' }).waitFor();

    const app = await investorPage(browser, {
      session: investor,
      url: `${server.url}/#/pages/personal/personal`,
    });
    await app.getByTestId('me-withdraw').click();
    await app.getByTestId('withdraw-fee').filter({ hasText: '1.25 USDT' }).waitFor();
    await app.context().close();
  });

  it("edits a support contact's hours and the investor's contact list shows them", async () => {
    const id = await server.app.services.content.content.addContact({
      kind: 'person',
      channel: 'telegram',
      label: 'Night desk',
      url: 'https://t.me/olive_night',
      hours: '',
      sort: 5,
    });
    await open(`/contacts/edit/${id}`, /customer service contact/i);
    await expect.poll(() => page.getByTestId('field-label').inputValue()).toBe('Night desk');
    await page.getByTestId('field-hours').fill('20:00-08:00 UTC');
    // The console sends its own language with every call; the save still lands.
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/contacts/update'));
    await page.getByRole('button', { name: 'Save' }).click();
    const reply = (await (await saved).json()) as { code: number; msg: string };
    expect(reply.code, reply.msg).toBe(1);
    // Saved, the console goes back to the list, which shows the new hours (and the next
    // test starts from a page that has finished moving).
    await page.locator(`tr[data-row-key="${id}"]`, { hasText: '20:00-08:00 UTC' }).waitFor();
    const contacts = await server.call<{ list: { label: string; hours: string }[] }>(
      '/api/user/cslist',
      {},
      { authorization: `Bearer ${investor.token}`, userid: investor.userId },
    );
    expect(contacts.data!.list).toContainEqual(
      expect.objectContaining({ label: 'Night desk', hours: '20:00-08:00 UTC' }),
    );
  });

  it('shows proof of reserves and takes a snapshot now', async () => {
    const count = async () =>
      Number(
        (
          await server.db
            .selectFrom('reserve_snapshots')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await open('/reserves', 'Proof of reserves');
    await page.getByTestId('reserves-take').click();
    const taken = page.waitForResponse((r) => r.url().endsWith('/api/admin/reserves/snapshot'));
    await page.getByTestId('reserves-take-confirm').click();
    const reply = (await (await taken).json()) as {
      code: number;
      msg: string;
      data: { snapshot_id: string };
    };
    expect(reply.code, reply.msg).toBe(1);
    await page.getByText('Take a snapshot now: done').waitFor();
    expect(await count()).toBe(before + 1);
    // The new snapshot heads the list and the latest card: reserves cover the liabilities.
    const latest = page.getByTestId('reserves-latest');
    await latest.getByText('No alarm').waitFor();
    await latest.locator('tr[data-row-key="bep20"]').waitFor();
    await page
      .locator(`tr[data-row-key="${reply.data.snapshot_id}"]`)
      .getByRole('button', { name: 'Show details' })
      .click();
    await page.getByText(/^Left out for 5 demo investors/).waitFor();
    await snap(page, 'admin-reserves-en', true);
  });

  it('opens every screen, each answered by the admin API', async () => {
    // [path, the call that fills it]; a refusal (code 0) names the screen and the message.
    const screens: [string, string][] = [
      ['/users', 'users/list'],
      ['/deposits', 'deposits/list'],
      ['/withdrawal-review', 'withdrawals/list'],
      ['/withdrawal-policy', 'withdrawal-policy/show'],
      ['/ledger-audit', 'ledger-audit/show'],
      ['/reserves', 'reserves/list'],
      ['/markets', 'markets/list'],
      ['/robots', 'robots/list'],
      ['/robot-settings', 'robot-settings/show'],
      ['/mining-models', 'mining-models/list'],
      ['/rentals', 'rentals/list'],
      ['/team-rates', 'team-rates/list'],
      ['/content', 'content/list'],
      ['/contacts', 'contacts/list'],
      ['/app-update', 'app-update/show'],
      ['/legal-details', 'legal-details/show'],
      ['/operators', 'operators/list'],
      ['/account', 'auth/sessions/list'],
      [`/users/show/${investor.userId}`, 'ledger-entries/list'],
    ];
    const answered = async (call: string, action: () => Promise<unknown>) => {
      const reply = page.waitForResponse((r) => r.url().endsWith(`/api/admin/${call}`));
      await action();
      const body = (await (await reply).json()) as { code: number; msg: string };
      expect(body.code, `${call}: ${body.msg}`).toBe(1);
    };
    for (const [path, call] of screens) {
      await answered(call, () =>
        page.evaluate((to) => {
          window.history.pushState({}, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, `/admin${path}`),
      );
      // OLIVE_ADMIN_SCREENS=1 pictures each one too (for a look, unchecked).
      if (process.env.OLIVE_ADMIN_SCREENS === '1') {
        await page.waitForTimeout(600);
        await page.screenshot({
          path: `${screenshots}admin-screen${path.replace(/\//g, '-')}.png`,
        });
      }
    }
    // The audit log searched by a time range (sent as filters `from` and `to`).
    await answered('audit/list', () => open('/audit', 'Audit log'));
    const today = new Date().toISOString().slice(0, 10);
    const range = page.getByTestId('audit-filters').locator('.ant-picker-range input');
    // Enter in the picker may submit the form already; the Filter button does otherwise.
    const searched = page.waitForResponse(
      (r) =>
        r.url().endsWith('/api/admin/audit/list') &&
        (r.request().postData() ?? '').includes('"from"'),
    );
    await range.first().click();
    await range.first().fill('2026-01-01');
    await range.first().press('Enter');
    await range.last().fill(today);
    await range.last().press('Enter');
    await page.getByTestId('audit-filter').click();
    const reply = await searched;
    expect(reply.request().postDataJSON()).toMatchObject({
      filters: { from: expect.stringMatching(/^2026-01-01T/), to: expect.any(String) },
    });
    expect(((await reply.json()) as { code: number }).code).toBe(1);
    await page.locator('tr[data-row-key]').first().waitFor();
    await answered('users/show', () =>
      page.evaluate((to) => {
        window.history.pushState({}, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, `/admin/users/show/${investor.userId}`),
    );

    // The user's related lists, one tab each.
    for (const [tab, call] of [
      ['Deposits', 'deposits/list'],
      ['Withdrawals', 'withdrawals/list'],
      ['Robots', 'robots/list'],
      ['Rentals', 'rentals/list'],
      ['Team', 'team-members/list'],
    ] as const) {
      await answered(call, () => page.getByRole('tab', { name: tab }).click());
    }
  });

  it('adds a support operator, whose console hides what support may not do', async () => {
    await open('/operators/create', 'New operator');
    await page.getByTestId('field-email').fill('support@example.com');
    await page.getByTestId('save').click();
    const shown = page.getByTestId('one-time-password');
    await shown.waitFor();
    const password = ((await shown.textContent()) ?? '').trim();
    expect(password.length).toBeGreaterThanOrEqual(10);
    // On a loaded machine the click can land while the dialog is still zooming in, and the
    // dialog stays open (CI saw it): click until it is gone.
    const ok = page.getByRole('button', { name: 'OK' });
    await expect
      .poll(
        async () => {
          if (await ok.isVisible()) await ok.click({ timeout: 2_000 }).catch(() => undefined);
          return ok.isVisible();
        },
        { timeout: 20_000 },
      )
      .toBe(false);
    await page.locator('tr[data-row-key]', { hasText: 'support@example.com' }).waitFor();

    const supportDesk = await deskContext(browser);
    const support = await supportDesk.newPage();
    await support.goto(`${server.url}/admin/login`);
    await support.getByTestId('login-email').fill('support@example.com');
    await support.getByTestId('login-password').fill(password);
    await support.getByTestId('login-submit').click();
    const secret = ((await support.getByTestId('totp-secret').textContent()) ?? '').trim();
    await support.getByTestId('enrol-otp').fill(totp(secret));
    await support.getByTestId('enrol-submit').click();
    await support.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await support
      .getByTestId('operator-email')
      .filter({ hasText: 'support@example.com' })
      .waitFor();
    // Support may freeze an account but not reset its address or adjust its ledger.
    await support.goto(`${server.url}/admin/users/show/${investor.userId}`);
    await support.getByTestId('user-freeze').waitFor();
    expect(await support.getByTestId('user-reset-address').count()).toBe(0);
    expect(await support.getByTestId('user-adjust').count()).toBe(0);
    // Support reads proof of reserves but cannot take a snapshot.
    await support.goto(`${server.url}/admin/reserves`);
    await support.getByText('admins and finance take them').waitFor();
    await support.getByTestId('reserves-latest').waitFor();
    expect(await support.getByTestId('reserves-take').count()).toBe(0);
    // No operators, audit log or settings in the menu.
    await support.getByRole('menuitem', { name: 'System' }).click();
    await support.getByRole('menuitem', { name: 'My account' }).waitFor();
    expect(await support.getByRole('menuitem', { name: 'Operators' }).count()).toBe(0);
    expect(await support.getByRole('menuitem', { name: 'Audit log' }).count()).toBe(0);
    await supportDesk.close();
  });

  it('shows the console in Chinese', async () => {
    await page.getByTestId('language').click();
    await page.locator('.ant-select-item-option', { hasText: '简体中文' }).click();
    await open('/', '概览');
    await page.getByText('待审核提现').waitFor();
    await dashboardWithoutDemoMoney('演示余额（演示资金）');
    await snap(page, 'admin-dashboard-zh');
    await open('/reserves', '储备证明');
    await page.getByTestId('reserves-latest').getByText('无告警').waitFor();
    await snap(page, 'admin-reserves-zh');
    await open('/users', '用户');
    await page.getByTestId('demo-tag').filter({ hasText: '演示' }).first().waitFor();
    await open(`/users/show/${investor.userId}`, /用户/);
    await page.getByText('余额（USDT）').waitFor();
    await snap(page, 'admin-user-zh', true);
    await page.getByTestId('user-sessions').getByText('结束全部会话').waitFor();
    await open('/audit', '审计日志');
    await page.locator('tr[data-row-key]').first().waitFor();
    await snap(page, 'admin-audit-zh');
    await open('/withdrawal-review', '提现审核');
    await page.getByText('没有等待审核的提现。').waitFor();
    await snap(page, 'admin-withdrawal-review-zh');

    // An editor reading the console in Chinese writes a Spanish notice: it is stored as
    // Spanish (the console's own language once overwrote the text's).
    await open('/content/create', /新建/);
    await choose(
      page.locator('.ant-form-item', { hasText: '语言' }).locator('.ant-select'),
      /^es$/,
    );
    await page.getByRole('textbox', { name: '标题' }).fill('Mantenimiento esta noche');
    await page.getByRole('textbox', { name: '正文（Markdown）' }).fill('De **2** a 3 h UTC.');
    await page.getByTestId('content-preview-body').locator('strong', { hasText: '2' }).waitFor();
    await snap(page, 'admin-content-preview-zh');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/admin/content/create'));
    await page.getByRole('button', { name: /保\s*存/ }).click();
    expect(((await (await created).json()) as { code: number }).code).toBe(1);
    const stored = await server.db
      .selectFrom('content_translations')
      .innerJoin('content_items', 'content_items.id', 'content_translations.item_id')
      .select(['content_translations.lang', 'content_items.kind'])
      .where('content_translations.title', '=', 'Mantenimiento esta noche')
      .execute();
    expect(stored).toEqual([{ lang: 'es', kind: 'notice' }]);

    // Signed out, the sign-in page keeps the chosen language.
    const fresh = await deskContext(browser);
    await fresh.addInitScript(() => localStorage.setItem('olive.admin.lang', 'zh-CN'));
    const signIn = await fresh.newPage();
    await signIn.goto(`${server.url}/admin/`);
    await signIn.getByRole('heading', { name: '登录 Olive 运营后台' }).waitFor();
    await snap(signIn, 'admin-login-zh');
    await fresh.close();
  }, 300_000);
});
