// Chromium for the browser journeys of both apps: the system build (apt-get install
// chromium) driven by playwright-core, headless, with a phone-sized context for the
// investor app and a desk-sized one for the console.
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { checkAccessibility, checkLayout } from './ui-checks.ts';

/** Where the journeys leave their screenshots (gitignored). */
export const screenshots = fileURLToPath(
  new URL('../../../../test-output/screenshots/', import.meta.url),
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

/** An operator's desk for the console: 1440x900. */
export function deskContext(
  browser: Browser,
  options: { locale?: string; timezoneId?: string } = {},
): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1440, height: 900 }, ...options });
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
