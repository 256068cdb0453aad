// Browser journeys of the security centre (issue 10), in English and in Arabic (right to
// left): password reset from the sign-in screen with the code read from the SMTP sink,
// two-factor enrolment with an authenticator code and the second step at sign-in, and
// binding a phone to an e-mail account. Screenshots in test-output/screenshots.
import { mkdirSync } from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestServer } from '../../server/test/harness.ts';
import { register } from '../../server/test/accounts.ts';
import { journeyFixture, phoneContext, screenshots, snap } from '@olive/tooling/e2e';
import { appCatalogue, solveCaptcha } from './app.ts';

mkdirSync(screenshots, { recursive: true });

const journey = journeyFixture(() => startTestServer());

async function open(
  lang: 'en' | 'ar',
  path: string,
  wallet?: ReturnType<typeof privateKeyToAccount>,
) {
  const context = await phoneContext(journey.browser, { locale: lang === 'ar' ? 'ar' : 'en-US' });
  if (wallet) {
    // An EIP-1193 provider as a wallet extension injects it, signing in Node with a real
    // key (personal_sign of the hex-encoded message).
    await context.exposeFunction('oliveTestSign', (hex: `0x${string}`) =>
      wallet.signMessage({ message: { raw: hex } }),
    );
    await context.addInitScript((address) => {
      const w = window as unknown as {
        ethereum: unknown;
        oliveTestSign(hex: string): Promise<string>;
      };
      w.ethereum = {
        request: async ({ method, params }: { method: string; params?: string[] }) => {
          if (method === 'eth_requestAccounts') return [address];
          if (method === 'personal_sign') return w.oliveTestSign(params![0]!);
          throw new Error(`unsupported ${method}`);
        },
      };
    }, wallet.address);
  }
  await context.addInitScript((l) => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', l);
  }, lang);
  const page = await context.newPage();
  await page.goto(`${journey.server.url}/#${path}`);
  return page;
}

async function login(page: Page, account: string, password: string) {
  await page.getByTestId('screen-login').waitFor();
  await page.getByTestId('login-account').locator('input').fill(account);
  await page.getByTestId('login-password').locator('input').fill(password);
  await page.getByTestId('login-submit').click();
}

const code = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** Opens Withdraw from Me and checks it is paused, saying why in the reader's language. */
async function expectWithdrawHold(page: Page, lang: 'en' | 'ar', reason: string): Promise<void> {
  await page.goto(`${journey.server.url}/#/pages/personal/personal`);
  await page.getByTestId('me-withdraw').click();
  await page.getByTestId('screen-withdraw').waitFor();
  const words = appCatalogue<{ wallet: { holdReason: Record<string, string> } }>(lang);
  expect((await page.getByTestId('withdraw-locked-reason').textContent())?.trim()).toBe(
    words.wallet.holdReason[reason],
  );
  await expect
    .poll(() => page.getByTestId('withdraw-locked').textContent())
    .toMatch(lang === 'ar' ? /حتى/ : /paused until/);
}

describe.each(['en', 'ar'] as const)('security centre (%s)', (lang) => {
  it('resets a forgotten password with an e-mailed code', async () => {
    const user = await register(journey.server, { lang });
    const page = await open(lang, '/pages/public/login');
    await page.getByTestId('screen-login').waitFor();
    await page.getByTestId('login-forgot').click();
    await page.getByTestId('screen-set-password').waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    await page.getByTestId('reset-account').locator('input').fill(user.account);
    await solveCaptcha(page);
    await page.getByTestId('send-code').click();
    await page.getByTestId('send-code').filter({ hasText: /\d+/ }).waitFor();
    const mailed = await journey.server.codeFor(user.account);
    await page.getByTestId('code-input').locator('input').fill(mailed);
    await page.getByTestId('reset-password').locator('input').fill('Fresh-olive-grove-5');
    await snap(page, `security-reset-${lang}`);
    await page.getByTestId('reset-submit').click();
    // The success message warns of the 24-hour pause and says until when (decision 185).
    await page
      .locator('.adm-toast-main')
      .filter({ hasText: /24/ })
      .filter({ hasText: /\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/ })
      .waitFor();
    await snap(page, `security-reset-done-${lang}`, false, { toast: true });
    await login(page, user.account, 'Fresh-olive-grove-5');
    await page.getByTestId('tab-me').waitFor();
    await page.waitForURL(/personal|index/);
    // Withdraw says why it is paused: the reset, in the reader's language.
    await expectWithdrawHold(page, lang, 'password_reset');
    await snap(page, `security-reset-hold-${lang}`);
    await page.context().close();
  });

  it('enrols two-factor with a QR code, then asks for the code at sign-in', async () => {
    const user = await register(journey.server, { lang });
    const page = await open(lang, '/pages/public/login');
    await login(page, user.account, user.password);
    await page.waitForURL(/personal|index/);
    await page.goto(`${journey.server.url}/#/pages/setting/information`);
    await page.getByTestId('security-two-factor').click();
    await page.getByTestId('twofactor-start').click();
    const secret = (await page.getByTestId('twofactor-secret').textContent())!.trim();
    await page.getByTestId('twofactor-otp').locator('input').fill(code(secret));
    await snap(page, `security-2fa-enrol-${lang}`, true);
    await page.getByTestId('twofactor-enable').click();
    await page.getByTestId('twofactor-recovery').waitFor();
    expect(await page.locator('.recovery-codes li').count()).toBe(10);
    const recovery = (await page.locator('.recovery-codes li').first().textContent())!.trim();
    await snap(page, `security-2fa-recovery-${lang}`, true);
    await page.getByTestId('twofactor-done').click();
    await page.getByTestId('twofactor-on').waitFor();

    const second = await open(lang, '/pages/public/login');
    await login(second, user.account, user.password);
    await second.getByTestId('login-otp').waitFor();
    await second.getByTestId('login-otp').locator('input').fill(code(secret, 1));
    await snap(second, `security-2fa-login-${lang}`);
    await second.getByTestId('login-submit').click();
    await second.waitForURL(/personal|index/);

    // A protected action asks for the second step in a dialog and succeeds with it (a
    // recovery code here: the time step of the sign-in code is spent).
    await second.goto(`${journey.server.url}/#/pages/setting/loginPassword`);
    await second.getByTestId('old-password').locator('input').fill(user.password);
    await second.getByTestId('new-password').locator('input').fill('Second-olive-grove-8');
    await second.getByTestId('confirm-password').locator('input').fill('Second-olive-grove-8');
    await second.getByTestId('login-password-submit').click();
    await second.getByTestId('otp-prompt-input').locator('input').fill(recovery);
    await snap(second, `security-2fa-step-${lang}`, true);
    await second.getByTestId('otp-prompt-submit').click();
    await second.getByTestId('otp-prompt').waitFor({ state: 'detached' });
    // The password changed, and the recovery code it used is spent.
    await second.getByTestId('screen-login-password').waitFor({ state: 'detached' });
    const spent = await journey.server.db
      .selectFrom('two_factor_recovery')
      .select(({ fn }) => fn.count<string>('used_at').as('n'))
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(Number(spent.n)).toBe(1);
    await page.context().close();
    await second.context().close();
  });

  it('binds a phone to an e-mail account with an SMS code', async () => {
    const user = await register(journey.server, { lang });
    const phone = `1${lang === 'ar' ? 8 : 9}${String(Date.now()).slice(-9)}`;
    const page = await open(lang, '/pages/public/login');
    await login(page, user.account, user.password);
    await page.waitForURL(/personal|index/);
    await page.goto(`${journey.server.url}/#/pages/setting/information`);
    await page.getByTestId('security-bind').click();
    await page.getByTestId('screen-bind').waitFor();
    await page.getByTestId('bind-account').locator('input').fill(phone);
    await page.getByTestId('send-code').click();
    await page.getByTestId('send-code').filter({ hasText: /\d+/ }).waitFor();
    await page
      .getByTestId('code-input')
      .locator('input')
      .fill(await journey.server.codeFor(phone));
    await snap(page, `security-bind-${lang}`);
    await page.getByTestId('bind-submit').click();
    await page.getByTestId('screen-security').waitFor();
    await expect(page.getByTestId('security-bound').textContent()).resolves.toBe(phone);
    await snap(page, `security-centre-${lang}`, true);
    // A newly bound phone pauses withdrawals for a day, and Withdraw says so.
    await expectWithdrawHold(page, lang, 'contact_bound');
    await snap(page, `security-bind-hold-${lang}`);
    // The phone now signs in to the same account.
    const byPhone = await journey.server.call<{ user_id: string }>('/api/user/login', {
      account: phone,
      password: user.password,
    });
    expect(byPhone.data?.user_id).toBe(user.userId);
    await page.context().close();
  });

  it('verifies a wallet in the Security Center, then signs in with it', async () => {
    const user = await register(journey.server, { lang });
    const wallet = privateKeyToAccount(
      `0x${(lang === 'ar' ? 'a2' : 'e1').repeat(32)}` as `0x${string}`,
    );
    const page = await open(lang, '/pages/public/login', wallet);
    await login(page, user.account, user.password);
    await page.waitForURL(/personal|index/);
    await page.goto(`${journey.server.url}/#/pages/setting/information`);
    await page.getByTestId('security-wallets').click();
    await page.getByTestId('wallets-none').waitFor();
    await page.getByTestId('wallet-verify').click();
    await page.getByTestId('wallet-address').waitFor();
    await expect(page.getByTestId('wallet-address').textContent()).resolves.toBe(
      wallet.address.toLowerCase(),
    );
    await snap(page, `security-wallets-${lang}`, true);

    const second = await open(lang, '/pages/public/login', wallet);
    await second.getByTestId('screen-login').waitFor();
    await snap(second, `security-wallet-login-${lang}`);
    await second.getByTestId('login-wallet').click();
    await second.waitForURL(/personal|index/);
    await second.goto(`${journey.server.url}/#/pages/setting/information`);
    await expect(second.getByTestId('security-account').textContent()).resolves.toBe(user.account);
    await page.context().close();
    await second.context().close();
  });
});
