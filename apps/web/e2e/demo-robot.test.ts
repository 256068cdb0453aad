// The living demo (issue 11) as a visitor meets it, in English and in Arabic: the
// leaderboard of a fresh installation lists the seeded demo investors, marked as demo, and
// a tap opens one robot read-only: its figures, charts and trades, a note that it is a
// demo investor on demo market data, and no Start, Settle or Stop. The robot opened is the
// one with the most trades, not the first: the simulator's last week decides the ranking,
// and a wide grid that never filled (0 trades, return 0) can top a week where every other
// robot lost.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestServer } from '../../server/test/harness.ts';
import { launchBrowser, phoneContext, screenshots, snap } from '@olive/tooling/e2e';
import ar from '../src/locales/ar.json';
import en from '../src/locales/en.json';

mkdirSync(screenshots, { recursive: true });

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;

async function publicCall<T>(path: string, body: object): Promise<T> {
  const reply = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const { data } = (await reply.json()) as { data: T };
  return data;
}

/** The ranked demo robot with the most trades, and how many the public call says it has. */
async function busiestDemoRobot() {
  const rank = await publicCall<{ list: { robot_id: string }[] }>('/api/user/quanrank', {
    period: '7d',
  });
  let best = { robotId: '', trades: -1 };
  for (const { robot_id } of rank.list) {
    const demo = await publicCall<{ log: { total: number } }>('/api/main/quandemo', { robot_id });
    if (demo.log.total > best.trades) best = { robotId: robot_id, trades: demo.log.total };
  }
  return best;
}

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

  const { robotId, trades } = await busiestDemoRobot();
  expect(trades).toBeGreaterThan(0);
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  const index = hrefs.findIndex(
    (href) => new URLSearchParams(href.split('?')[1]).get('id') === robotId,
  );
  expect(index, hrefs.join(' ')).toBeGreaterThanOrEqual(0);
  await links.nth(index).click();
  await page.getByTestId('screen-demo-robot').waitFor();
  await page.getByTestId('demo-robot-note').waitFor();
  expect(await page.getByTestId('demo-robot-note').textContent()).toContain(words.demoRobotNote);
  // the figures and history are there; nothing acts on someone else's robot
  await page.getByTestId('robot-chart').waitFor();
  await expect
    .poll(async () => Number(await page.getByTestId('robot-log-total').textContent()))
    .toBeGreaterThanOrEqual(trades);
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
