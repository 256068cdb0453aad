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
 * Toasts (3 s) are left out of the picture unless `toast` is set (an offline notice);
 * a pictured toast is held opaque while it is pictured and checked.
 */
export async function snap(
  page: Page,
  name: string,
  fullPage = false,
  options: { toast?: boolean } = {},
) {
  await page.mouse.move(0, 0); // no hover state (chart crosshair) left in the picture
  await page.waitForTimeout(400);
  // A pictured toast is held at its settled opacity while it is pictured and checked: on a
  // slow host the checks can outlast its 3 s and catch it fading, half transparent, which
  // measures a contrast nobody reads (CI stop 43). The toast's own colours are still checked.
  const settled = options.toast
    ? await page.addStyleTag({ content: '.adm-toast-mask { opacity: 1 !important; }' })
    : null;
  try {
    await page.screenshot({
      path: `${screenshots}${name}.png`,
      fullPage,
      style: options.toast ? '' : '.adm-toast-mask { display: none !important; }',
    });
    await checkLayout(page, name);
    await checkAccessibility(page, name, options.toast ? [] : ['.adm-toast-mask']);
  } finally {
    await settled?.evaluate((el) => (el as Element).remove());
  }
}
