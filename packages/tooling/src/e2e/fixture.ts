// The set-up every journey file repeats: a test server and a Chromium, started before the
// file's tests and closed after them. The server is whatever `start` returns (the API's
// `startTestServer` with the file's options), so this package does not depend on it.
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';

export interface JourneyFixture<S> {
  /** The server `start` returned, once `beforeAll` has run. */
  readonly server: S;
  /** The Chromium, once `beforeAll` has run. */
  readonly browser: Browser;
}

/**
 * Registers the file's `beforeAll` (the server, then the browser) and `afterAll` (the
 * browser, then the server); a file's own `beforeAll` registered after it runs after it.
 */
export function journeyFixture<S extends { close(): Promise<unknown> }>(
  start: () => Promise<S>,
  timeout?: number,
): JourneyFixture<S> {
  let server: S | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await start();
    browser = await launchBrowser();
  }, timeout);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get server() {
      if (!server) throw new Error('the journey has not started (beforeAll)');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the journey has not started (beforeAll)');
      return browser;
    },
  };
}
