// Browser journey through team and referral (issue 13), in English and in Arabic (right
// to left), against the real API serving the built app: A's Invite Friends shows the code,
// link and QR; B opens A's link, registration has the code filled in; B asks for a
// withdrawal, whose fee is collected at once; A sees the commission in Fund Details with
// the member and the source, and B (masked) in My Team.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { parseAmount } from '@olive/protocol';
import { startTestServer } from '../../server/test/harness.ts';
import { register } from '../../server/test/accounts.ts';
import { platformAccount, userAccount } from '../../server/src/modules/ledger/ledger.service.ts';
import { go, investorPage, launchBrowser, screenshots, snap } from '@olive/tooling/e2e';
import { appCatalogue, solveCaptcha, typeFundPassword } from './app.ts';

mkdirSync(screenshots, { recursive: true });

type Catalogue = {
  team: {
    levelN: string;
    pendingEarnings: string;
    posterSaved: string;
    source: Record<string, string>;
  };
};
const catalogue = (code: string) => appCatalogue<Catalogue>(code);

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  // Every withdrawal waits for review, so the fee is collected and nothing is sent.
  await server.app.services.settings.put('withdrawal_auto_approve_max', '0');
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').trim();

describe.each(['en', 'ar'] as const)('team and referral journey (%s)', (lang) => {
  it("B joins with A's link and pays a fee; A sees the commission and B in My Team", async () => {
    const words = catalogue(lang).team;
    const a = await register(server, { lang });
    const share = (
      await server.call<{ invite_code: string; invite_url: string }>(
        '/api/user/share',
        {},
        a.headers,
      )
    ).data!;

    // A: Invite Friends.
    const pageA = await investorPage(browser, { lang, session: a });
    await pageA.goto(`${server.url}/#/pages/personal/share`);
    await pageA.getByTestId('screen-share').waitFor();
    expect(await text(pageA, 'invite-code')).toBe(share.invite_code);
    // The link is a clean address on the one the app was opened at (issue 34).
    const link = await text(pageA, 'invite-link');
    expect(link).toBe(`${server.url}/register?code=${share.invite_code}`);
    await pageA.locator('.invite-card__qr canvas').waitFor();
    await snap(pageA, `team-invite-${lang}`, true);
    // Save poster downloads the picture and says so (issue 34).
    const file = `olive-invite-${share.invite_code}.png`;
    const download = pageA.waitForEvent('download');
    await pageA.getByTestId('invite-poster').click();
    expect((await download).suggestedFilename()).toBe(file);
    const [before] = words.posterSaved.split('{{file}}');
    await pageA
      .locator('.adm-toast-main')
      .filter({ hasText: before!.trim() })
      .filter({ hasText: file })
      .waitFor();
    await snap(pageA, `team-poster-saved-${lang}`, false, { toast: true });

    // B: the link opens the spec's registration screen with the code filled in.
    const email = `team-b-${lang}@example.com`;
    const pageB = await investorPage(browser, { lang });
    await pageB.goto(link);
    await pageB.getByTestId('screen-register').waitFor();
    await expect(pageB.getByTestId('register-invite').locator('input').inputValue()).resolves.toBe(
      share.invite_code,
    );
    await pageB.getByTestId('register-account').locator('input').fill(email);
    await solveCaptcha(pageB);
    await pageB.getByTestId('send-code').click();
    await pageB.getByTestId('captcha-done').waitFor();
    await pageB
      .getByTestId('code-input')
      .locator('input')
      .fill(await server.codeFor(email));
    await pageB.getByTestId('register-password').locator('input').fill('Olive-team-2024');
    await typeFundPassword(pageB, 'register-fund-password', '246810');
    await pageB.getByTestId('register-telegram').locator('input').fill('olive_b');
    await pageB.getByTestId('register-agree').locator('.adm-checkbox-icon').click();
    await pageB.getByTestId('register-submit').click();
    await pageB.getByTestId('screen-registered').waitFor();
    const b = await pageB.evaluate(() => ({
      token: localStorage.getItem('token')!,
      userId: localStorage.getItem('user_id')!,
    }));
    await pageB.context().close();

    // B tops up (as the deposit watcher credits it) and asks for a withdrawal: its fee is
    // collected with the request, and the team job pays A's commission.
    await server.app.services.ledger.post({
      kind: 'deposit',
      idempotencyKey: `test-deposit:${b.userId}`,
      postings: [
        { account: platformAccount('custody', 'bep20'), amount: -parseAmount('100') },
        { account: userAccount(b.userId, 'available'), amount: parseAmount('100') },
      ],
    });
    const headersB = { authorization: `Bearer ${b.token}`, userid: b.userId };
    await server.call(
      '/api/user/setaddress',
      { network: 'bep20', address: `0x${'cd'.repeat(20)}`, fund_password: '246810' },
      headersB,
    );
    const w = await server.call<{ withdrawal_id: string; fee: string; status: string }>(
      '/api/user/withdraw',
      { network: 'bep20', amount: '50', fund_password: '246810' },
      headersB,
    );
    expect(w.data!.status).toBe('pending_review');
    await server.app.services.team.team.sync();
    const commission = (parseAmount(w.data!.fee) * 20n) / 100n;

    // A: My Team shows the commission as pending while B's withdrawal can still be refunded.
    await go(pageA, '/pages/personal/teamUser');
    await pageA.getByTestId('screen-team').waitFor();
    await pageA.getByTestId('team-pending').getByText(words.pendingEarnings).waitFor();
    const pendingShown = async () =>
      parseAmount((await text(pageA, 'team-pending-earnings')).replace(/,/g, ''));
    await expect.poll(pendingShown).toBe(commission);
    await snap(pageA, `team-pending-${lang}`, true);

    // B's withdrawal is approved, sent and confirmed on chain: the commission is A's.
    const id = w.data!.withdrawal_id;
    await server.app.services.withdrawals.approve(id, 'op-1');
    await server.db
      .updateTable('withdrawals')
      .set({ status: 'broadcast', tx_hash: `0x${id.padStart(64, '0')}` })
      .where('id', '=', id)
      .execute();
    expect(await server.app.services.withdrawals.confirm(id, 15)).toBe(true);
    await server.app.services.team.team.sync();

    // A: Fund Details shows the commission with the member and the source.
    await go(pageA, '/pages/personal/consumeList');
    await pageA.getByTestId('screen-fund-details').waitFor();
    await pageA.getByTestId('fund-filter-commissions').click();
    const row = pageA
      .locator('[data-testid="fund-record"][data-kind="commission_release"]')
      .first();
    await row.waitFor();
    const memo = await row.getByTestId('fund-commission').textContent();
    expect(memo).toContain(`te***@example.com`);
    expect(memo).toContain(words.levelN.replace('{{level}}', '1'));
    expect(memo).toContain(words.source.withdrawal_fee);
    expect(parseAmount((await row.getByTestId('fund-amount').textContent())!.slice(1))).toBe(
      commission,
    );
    await snap(pageA, `team-commission-${lang}`);

    // A: My Team lists B, masked, at level 1, with the top-up.
    await go(pageA, '/pages/personal/teamUser');
    await pageA.getByTestId('screen-team').waitFor();
    await pageA.getByTestId('team-member').first().waitFor();
    await pageA.getByTestId('team-count').filter({ hasText: /^1$/ }).waitFor();
    // B has no nickname of their own: the masked account stands in for it, shown once.
    expect(await text(pageA, 'team-member-name')).toBe('te***@example.com');
    expect(await text(pageA, 'team-member-account')).toBe('');
    await snap(pageA, `team-members-${lang}`, true);
    await pageA.context().close();
  });
});
