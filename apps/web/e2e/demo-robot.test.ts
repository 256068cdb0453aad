// The living demo (issue 11) as a visitor meets it, in English and in Arabic: the
// leaderboard of a fresh installation lists the seeded demo investors, marked as demo, and
// a tap opens one robot read-only: its figures, charts and trades, a note that it is a
// demo investor on demo market data, and no Start, Settle or Stop.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestServer } from '../../server/test/harness.ts';
import { launchBrowser, phoneContext, snap, screenshots } from './browser.ts';
import ar from '../src/locales/ar.json';
import en from '../src/locales/en.json';

mkdirSync(screenshots, { recursive: true });

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ env: { DEMO_INVESTORS: 'true' } });
  const report = await server.app.services.demo.seed();
  expect(report.status).toBe('seeded');
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function journey(lang: 'en' | 'ar') {
  const words = lang === 'ar' ? ar.trade : en.trade;
  const context = await phoneContext(browser, { locale: lang === 'ar' ? 'ar' : 'en-US' });
  await context.addInitScript((language) => localStorage.setItem('lang', language), lang);
  const page = await context.newPage();
  await page.goto(`${server.url}/#/pages/quantification/quantification`);
  const links = page.getByTestId('rank-demo-link');
  await links.first().waitFor({ timeout: 60_000 });
  expect(await links.count()).toBe(await page.getByTestId('rank-row').count());
  await links.first().scrollIntoViewIfNeeded();
  await snap(page, `demo-leaderboard-${lang}`);

  await links.first().click();
  await page.getByTestId('screen-demo-robot').waitFor();
  await page.getByTestId('demo-robot-note').waitFor();
  expect(await page.getByTestId('demo-robot-note').textContent()).toContain(words.demoRobotNote);
  // the figures and history are there; nothing acts on someone else's robot
  await page.getByTestId('robot-chart').waitFor();
  expect(Number(await page.getByTestId('robot-log-total').textContent())).toBeGreaterThan(0);
  for (const action of ['robot-start', 'robot-settle', 'robot-stop']) {
    expect(await page.getByTestId(action).count(), action).toBe(0);
  }
  await snap(page, `demo-robot-${lang}`);
  await context.close();
}

describe('a demo investor robot, read-only, for anyone', () => {
  it('in English', async () => {
    await journey('en');
  });

  it('in Arabic, right to left', async () => {
    await journey('ar');
  });
});
