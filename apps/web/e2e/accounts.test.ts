// Browser journeys through the account screens (issue 3), against the real API serving
// the built app: registration with the code read from the SMTP sink, sign-out and
// sign-in, nickname, avatar upload, login password change; and the same registration in
// Arabic, right to left, with the server's Arabic message for a wrong code.
import { mkdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestServer, TEST_CAPTCHA } from '../../server/test/harness.ts';
import { go, journeyFixture, phoneContext, screenshots, snap } from '@olive/tooling/e2e';
import { appCatalogue, solveCaptcha, typeFundPassword } from './app.ts';

mkdirSync(screenshots, { recursive: true });

const serverArabic = JSON.parse(
  readFileSync(new URL('../../server/src/i18n/locales/ar.json', import.meta.url), 'utf8'),
) as { auth: Record<string, string> };

/** The app's own strings in a language, as the screens show them. */
const webCatalogue = (lang: string) =>
  appCatalogue<{
    auth: { captchaNotLoaded: string; createAccount: string };
  }>(lang);

const journey = journeyFixture(() => startTestServer());

const hashOf = (page: Page) => new URL(page.url()).hash;

/** Fills the registration form up to (not including) the code, sending the code. */
async function startRegistration(page: Page, email: string) {
  await page.getByTestId('register-account').locator('input').fill(email);
  await solveCaptcha(page);
  await page.getByTestId('send-code').click();
  // The code is on its way: the button counts down, and the solved picture carries the
  // whole registration (issue 18): no second image code is asked for.
  await page.getByTestId('send-code').filter({ hasText: /\d+/ }).waitFor();
  await page.getByTestId('captcha-done').waitFor();
  expect(await page.getByTestId('captcha-input').count()).toBe(0);
  return journey.server.codeFor(email);
}

async function fillRegistrationRest(page: Page, password: string) {
  await page.getByTestId('register-password').locator('input').fill(password);
  await typeFundPassword(page, 'register-fund-password', '246810');
  await page.getByTestId('register-telegram').locator('input').fill('olive_investor');
  await page.getByTestId('register-agree').locator('.adm-checkbox-icon').click();
}

async function login(page: Page, account: string, password: string) {
  await page.getByTestId('screen-login').waitFor();
  await page.getByTestId('login-account').locator('input').fill(account);
  await page.getByTestId('login-password').locator('input').fill(password);
  await page.getByTestId('login-submit').click();
}

async function logout(page: Page) {
  await page.getByTestId('tab-me').click();
  await page.getByTestId('logout').click();
  await page.locator('.adm-modal-button-primary').click();
  await page.getByTestId('screen-login').waitFor();
}

describe('account screens', () => {
  it('registers by e-mail, signs out and in, edits the profile and the login password', async () => {
    const context = await phoneContext(journey.browser);
    const page = await context.newPage();
    const email = 'alice@example.com';
    const first = 'Olive-green-2024';
    const second = 'Grove-of-olives-77';

    await page.goto(`${journey.server.url}/#/pages/public/login`);
    await page.getByTestId('screen-login').waitFor();
    await snap(page, 'account-login-en');
    await page.getByTestId('login-register').click();
    await page.getByTestId('screen-register').waitFor();

    const code = await startRegistration(page, email);
    await page.getByTestId('code-input').locator('input').fill(code);
    // "Enter 6 digits" is not an error while the digits are being typed (issue 34): only
    // once the keypad closes with fewer, and it goes once all six are in.
    const fundItem = page.locator('.adm-form-item', {
      has: page.getByTestId('register-fund-password'),
    });
    const fundError = fundItem.locator('.adm-form-item-feedback-error');
    await page.locator('[data-testid="register-fund-password"] .adm-passcode-input').click();
    const keypad = page.locator('.adm-number-keyboard-popup .adm-popup-body');
    await keypad.waitFor();
    for (const digit of '246') {
      await keypad.locator('.adm-number-keyboard-key-number', { hasText: digit }).click();
    }
    await fundItem.locator('.adm-passcode-input-cell-dot').nth(2).waitFor();
    expect(await fundError.count()).toBe(0);
    await keypad.locator('.adm-number-keyboard-key-ok').click();
    await fundError.filter({ hasText: 'Enter 6 digits' }).waitFor();
    await snap(page, 'account-fund-password-short-en');
    await page.locator('[data-testid="register-fund-password"] .adm-passcode-input').click();
    await keypad.waitFor();
    for (let i = 0; i < 3; i++) await keypad.locator('.adm-number-keyboard-key-bs').click();
    await keypad.locator('.adm-number-keyboard-key-ok').click();
    await keypad.waitFor({ state: 'hidden' });
    await fillRegistrationRest(page, first);
    await fundError.waitFor({ state: 'detached' });
    await expect(page.getByTestId('password-strength').textContent()).resolves.toBe(
      'Strong password',
    );
    await snap(page, 'register-en');
    await page.getByTestId('register-submit').click();

    await page.getByTestId('screen-registered').waitFor();
    expect(hashOf(page)).toBe('#/pages/public/success');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await snap(page, 'success-en');
    await page.getByTestId('registered-home').click();
    await page.getByTestId('screen-home').waitFor();
    await expect(
      page.getByTestId('asset-card').locator('.asset-card__value').textContent(),
    ).resolves.toBe('0.00');
    expect(await page.getByTestId('home-login').count()).toBe(0);

    await page.getByTestId('tab-me').click();
    await expect(page.getByTestId('me-nickname').textContent()).resolves.toBe('alice');
    await expect(page.getByTestId('me-account').textContent()).resolves.toBe('al***@example.com');
    await logout(page);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await login(page, email, first);
    await page.getByTestId('screen-home').waitFor();

    // Download App is in Me's list (issue 34).
    await page.getByTestId('tab-me').click();
    await page.getByTestId('menu-download').click();
    await page.getByTestId('screen-download').waitFor();
    await page.goBack();
    await page.getByTestId('screen-me').waitFor();

    // Nickname
    await page.getByTestId('menu-security').click();
    await page.getByTestId('screen-security').waitFor();
    await expect(page.getByTestId('security-invite').textContent()).resolves.toMatch(
      /^[A-Z2-9]{8}$/,
    );
    await page.getByTestId('security-nickname-row').click();
    await page.getByTestId('screen-nickname').waitFor();
    await page.getByTestId('nickname-input').locator('input').fill('Alice Olive');
    await page.getByTestId('nickname-submit').click();
    await page.getByTestId('screen-security').waitFor();
    await page.getByTestId('security-nickname').filter({ hasText: 'Alice Olive' }).waitFor();

    // Avatar: a PNG made here, uploaded through the file picker.
    const png = await sharp({
      create: { width: 96, height: 96, channels: 3, background: { r: 150, g: 150, b: 20 } },
    })
      .png()
      .toBuffer();
    await page
      .getByTestId('avatar-file')
      .setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: png });
    await page.getByText('Your avatar has been updated.').waitFor();
    await page.getByTestId('avatar-image').waitFor();
    await snap(page, 'security-en');

    // Fund password: a code to the account (no image code when signed in), then 6 digits.
    const mailsBefore = journey.server.inbox.list(email).length;
    await page.getByTestId('security-fund-password').click();
    await page.getByTestId('screen-fund-password').waitFor();
    await page.getByTestId('send-code').click();
    await page
      .getByTestId('code-target')
      .filter({ hasText: 'Code sent to al***@example.com' })
      .waitFor();
    expect(journey.server.inbox.list(email).length).toBe(mailsBefore + 1);
    await page
      .getByTestId('code-input')
      .locator('input')
      .fill(await journey.server.codeFor(email));
    await page.getByTestId('fund-login-password').locator('input').fill(first);
    await typeFundPassword(page, 'new-fund-password', '975310');
    await snap(page, 'fund-password-en');
    await page.getByTestId('fund-password-submit').click();
    await page.getByText('Your fund password has been changed.').waitFor();
    await page.getByTestId('screen-security').waitFor();

    await page.getByTestId('security-login-password').click();
    await page.getByTestId('screen-login-password').waitFor();
    await page.getByTestId('old-password').locator('input').fill(first);
    await page.getByTestId('new-password').locator('input').fill(second);
    await page.getByTestId('confirm-password').locator('input').fill(second);
    await snap(page, 'login-password-en');
    await page.getByTestId('login-password-submit').click();
    await page.getByTestId('screen-security').waitFor();

    await go(page, '#/pages/personal/personal');
    await page.getByTestId('screen-me').waitFor();
    const avatar = page.getByTestId('me-avatar').locator('img');
    await expect(avatar.getAttribute('src')).resolves.toMatch(/^\/media\/avatars\/\d+\.webp\?v=/);
    expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
    await expect(page.getByTestId('me-nickname').textContent()).resolves.toBe('Alice Olive');
    await snap(page, 'me-signed-in-en');

    await logout(page);
    await login(page, email, first);
    await page.getByText('Incorrect account or password.').waitFor();
    await page.getByTestId('login-password').locator('input').fill(second);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('screen-home').waitFor();
    await context.close();
  });

  it('registers in Arabic, right to left, with an invitation link and a wrong code first', async () => {
    // An inviter, registered through the API.
    const inviterEmail = 'inviter@example.com';
    const captcha = async () =>
      (await journey.server.call<{ captcha_id: string }>('/api/main/captcha')).data!.captcha_id;
    await journey.server.call('/api/user/emailcode', {
      email: inviterEmail,
      captcha_id: await captcha(),
      captcha: TEST_CAPTCHA,
      scene: 'register',
    });
    const inviter = await journey.server.call<{ token: string; user_id: string }>(
      '/api/user/regist',
      {
        account: inviterEmail,
        password: 'Inviter-pass-2024',
        fund_password: '135790',
        code: await journey.server.codeFor(inviterEmail),
        captcha_id: await captcha(),
        captcha: TEST_CAPTCHA,
        agree: '1',
      },
    );
    expect(inviter.code).toBe(1);
    const info = await journey.server.call<{ invite_code: string }>(
      '/api/user/userinfo',
      {},
      {
        authorization: `Bearer ${inviter.data!.token}`,
        userid: inviter.data!.user_id,
      },
    );
    const inviteCode = info.data!.invite_code;

    const context = await phoneContext(journey.browser, { locale: 'ar' });
    await context.addInitScript(() => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'ar');
    });
    const page = await context.newPage();
    const email = 'karim@example.com';
    await page.goto(`${journey.server.url}/#/pages/public/regiest?invite=${inviteCode}`);
    await page.getByTestId('screen-register').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByText('عنوان البريد الإلكتروني').waitFor();
    await page.getByText('رمز التحقق', { exact: true }).waitFor();
    await expect(page.getByTestId('register-submit').textContent()).resolves.toBe('إنشاء الحساب');
    await expect(page.getByTestId('register-invite').locator('input').inputValue()).resolves.toBe(
      inviteCode,
    );

    const code = await startRegistration(page, email);
    const wrong = code.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    await page.getByTestId('code-input').locator('input').fill(wrong);
    await fillRegistrationRest(page, 'Zaytoun-akhdar-2024');
    await snap(page, 'register-ar');
    await page.getByTestId('register-submit').click();
    await page.getByText(serverArabic.auth.code_wrong!).waitFor();
    expect(serverArabic.auth.code_wrong).toBe('رمز التحقق غير صحيح.');
    await page.waitForTimeout(400);
    // A wrong code does not spend the solved picture: still no second image code.
    await page.getByTestId('captcha-done').waitFor();
    expect(await page.getByTestId('captcha-input').count()).toBe(0);

    await page.getByTestId('code-input').locator('input').fill(code);
    await page.getByTestId('register-submit').click();
    await page.getByTestId('screen-registered').waitFor();
    await page.getByText('حسابك جاهز').waitFor();
    await snap(page, 'success-ar');

    await page.getByTestId('registered-home').click();
    await page.getByTestId('screen-home').waitFor();
    await page.getByTestId('tab-me').click();
    await page.getByTestId('me-nickname').filter({ hasText: 'karim' }).waitFor();
    await snap(page, 'me-signed-in-ar');
    await page.getByTestId('menu-security').click();
    await page.getByTestId('screen-security').waitFor();
    await page.getByText('مركز الأمان').first().waitFor();
    await snap(page, 'security-ar');
    await page.getByTestId('security-login-password').click();
    await page.getByTestId('screen-login-password').waitFor();
    await page.getByText('كلمة المرور الحالية').waitFor();
    await snap(page, 'login-password-ar');
    await go(page, '#/pages/personal/personal');
    await logout(page);
    await page.getByText('مرحبًا بعودتك').waitFor();
    await snap(page, 'account-login-ar');
    await context.close();
  });
  it.each([
    ['en', 'en-US'],
    ['ar', 'ar'],
  ] as const)(
    'has "Create an account" on the first screen of a 360x640 phone (%s)',
    async (lang, locale) => {
      const context = await phoneContext(journey.browser, { locale });
      await context.addInitScript((l) => {
        if (!localStorage.getItem('lang')) localStorage.setItem('lang', l);
      }, lang);
      const page = await context.newPage();
      await page.goto(`${journey.server.url}/#/pages/public/login`);
      const link = page.getByTestId('login-register');
      await link.waitFor();
      expect(await link.textContent()).toBe(webCatalogue(lang).auth.createAccount);
      const viewport = page.viewportSize()!;
      expect(viewport).toEqual({ width: 360, height: 640 });
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      // The link's box, as laid out with nothing scrolled: wholly inside the first screen.
      const box = (await link.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await snap(page, `account-login-first-screen-${lang}`);
      await context.close();
    },
  );
  it.each([
    ['en', 'en-US'],
    ['ar', 'ar'],
  ] as const)(
    'says so when the code is asked for before its picture arrives, and retries a failed picture (%s)',
    async (lang, locale) => {
      const context = await phoneContext(journey.browser, { locale });
      const page = await context.newPage();
      const account = `early-${lang}@example.com`;
      // The first picture's request fails; the second is held until the test lets it go.
      let pictures = 0;
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/main/captcha', async (route) => {
        pictures += 1;
        if (pictures === 1) return route.abort();
        await held;
        return route.continue();
      });
      await page.goto(`${journey.server.url}/#/pages/public/regiest`);
      // A failed picture is a retry mark, not a spinner that never ends.
      await page.getByTestId('captcha-failed').waitFor();
      await snap(page, `account-captcha-failed-${lang}`);
      await page.getByTestId('register-account').locator('input').fill(account);
      await page.getByTestId('captcha-input').locator('input').fill(TEST_CAPTCHA);
      await page.getByTestId('send-code').click();
      // The tap is answered on the image-code field, and a new picture is asked for.
      await page.getByText(webCatalogue(lang).auth.captchaNotLoaded).waitFor();
      // Counted by the route handler, an event that may reach this process after the reply.
      await expect.poll(() => pictures, { timeout: 5_000 }).toBe(2);
      await snap(page, `account-captcha-not-loaded-${lang}`);
      // Nothing was sent: the button does not count down.
      expect(await page.getByTestId('send-code').textContent()).not.toMatch(/\d/);
      release();
      await solveCaptcha(page);
      await page.getByTestId('send-code').click();
      await page.getByTestId('send-code').filter({ hasText: /\d+/ }).waitFor();
      await expect(journey.server.codeFor(account)).resolves.toMatch(/^\d{6}$/);
      await context.close();
    },
  );
});
