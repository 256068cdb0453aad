// Chromium for the browser journeys: the system build (apt-get install chromium) driven
// by playwright-core, headless, with a phone-sized context.
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

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

/** A phone: 390x844 CSS pixels at 2x, touch, mobile layout. */
export function phoneContext(
  browser: Browser,
  options: { locale?: string } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 390, height: 844 },
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

/** A screenshot once transitions settle; toasts (3 s) are left out of the picture. */
export async function snap(page: Page, name: string, fullPage = false) {
  await page.mouse.move(0, 0); // no hover state (chart crosshair) left in the picture
  await page.waitForTimeout(400);
  await page.screenshot({
    path: `${screenshots}${name}.png`,
    fullPage,
    style: '.adm-toast-mask { display: none !important; }',
  });
}

/** The 6-digit fund password through antd-mobile's number keyboard, then its OK key. */
export async function typeFundPassword(page: Page, testId: string, digits: string) {
  await page.locator(`[data-testid="${testId}"] .adm-passcode-input`).click();
  const keyboard = page.locator('.adm-number-keyboard-popup .adm-popup-body');
  await keyboard.waitFor();
  for (const digit of digits) {
    await keyboard.locator('.adm-number-keyboard-key-number', { hasText: digit }).click();
  }
  await keyboard.locator('.adm-number-keyboard-key-ok').click();
  await keyboard.waitFor({ state: 'hidden' });
}
