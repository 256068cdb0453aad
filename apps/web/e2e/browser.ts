// Chromium for the browser journeys: the system build (apt-get install chromium) driven
// by playwright-core, headless, with a phone-sized context.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { TEST_CAPTCHA } from '../../server/test/harness.ts';
import { checkAccessibility, checkLayout } from './ui-checks.ts';

/** Where the journeys leave their screenshots (gitignored). */
export const screenshots = fileURLToPath(
  new URL('../../../test-output/screenshots/', import.meta.url),
);

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A small phone, the size the app must fit: 360x640 CSS pixels at 2x, touch, mobile layout. */
export function phoneContext(
  browser: Browser,
  options: { locale?: string } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 360, height: 640 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: options.locale ?? 'en-US',
    colorScheme: 'dark',
    serviceWorkers: 'allow',
  });
}

/** Navigates within the single-page app, as a tap on a link would. */
export async function go(page: Page, hash: string) {
  await page.evaluate((target) => {
    window.location.hash = target;
  }, hash);
}

/**
 * A screenshot once transitions settle, then the checks every pictured state must pass:
 * axe-core (serious and critical violations fail) and the layout check (nothing wider than
 * the viewport or cut off by its container). See ui-checks.ts and docs/ui-review.md.
 * Toasts (3 s) are left out of the picture unless `toast` is set (an offline notice).
 */
export async function snap(
  page: Page,
  name: string,
  fullPage = false,
  options: { toast?: boolean } = {},
) {
  await page.mouse.move(0, 0); // no hover state (chart crosshair) left in the picture
  await page.waitForTimeout(400);
  await page.screenshot({
    path: `${screenshots}${name}.png`,
    fullPage,
    style: options.toast ? '' : '.adm-toast-mask { display: none !important; }',
  });
  await checkLayout(page, name);
  await checkAccessibility(page, name, options.toast ? [] : ['.adm-toast-mask']);
}

/**
 * The fund password through antd-mobile's number keyboard. Six digits close the keypad by
 * themselves (issue 18: it used to stay open over the form); fewer are confirmed with OK.
 * With `name`, the open keypad is pictured (and checked) after the first digit.
 */
export async function typeFundPassword(
  page: Page,
  testId: string,
  digits: string,
  options: { name?: string } = {},
) {
  await page.locator(`[data-testid="${testId}"] .adm-passcode-input`).click();
  const keyboard = page.locator('.adm-number-keyboard-popup .adm-popup-body');
  await keyboard.waitFor();
  for (const [index, digit] of [...digits].entries()) {
    await keyboard.locator('.adm-number-keyboard-key-number', { hasText: digit }).click();
    if (index === 0 && options.name) await snap(page, options.name);
  }
  if (digits.length < 6) await keyboard.locator('.adm-number-keyboard-key-ok').click();
  await keyboard.waitFor({ state: 'hidden', timeout: 2000 });
}

/**
 * Types the test server's image code once its picture is there, as a person would: a send
 * tapped before the picture has loaded is refused on the field ("the picture has not
 * loaded yet"; a full CI run under load once timed out that way).
 */
export async function solveCaptcha(page: Page) {
  await page.locator('[data-testid="captcha-refresh"] img[data-captcha-id]').waitFor();
  await page.getByTestId('captcha-input').locator('input').fill(TEST_CAPTCHA);
}

/** The app's own strings in a language (`src/locales/<code>.json`), as its screens show them. */
export function appCatalogue<T>(code: string): T {
  return JSON.parse(
    readFileSync(new URL(`../src/locales/${code}.json`, import.meta.url), 'utf8'),
  ) as T;
}
