// The investor app's own journey helpers; the browser, `snap` and the signed-in phone are
// @olive/tooling/e2e's, shared with the console's journeys.
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '@olive/tooling/e2e';
import type { MarketId, Tick } from '@olive/market';
import { TEST_CAPTCHA, type startTestServer } from '../../server/test/harness.ts';
import { robotEngine } from '../../server/src/modules/robots/robot.engine.ts';
import { type AxisLabel } from '../src/lib/axis-labels.ts';

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
  await keyboard.waitFor({ state: 'hidden', timeout: 10_000 });
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

/**
 * The price-axis labels a chart (by test id) has drawn, tags included, once it is ready and
 * has drawn some: the `data-axis-labels` its box keeps (src/lib/axis-labels.ts).
 */
export async function chartAxisLabels(page: Page, testId: string): Promise<AxisLabel[]> {
  const chart = page.locator(`[data-testid="${testId}"][data-ready="true"]`);
  await chart.waitFor();
  const labels = () =>
    chart.evaluate((el) => el.querySelector<HTMLElement>('[data-axis-labels]')?.dataset.axisLabels);
  await expect.poll(labels, { timeout: 5000 }).toMatch(/"text"/);
  return JSON.parse((await labels())!) as AxisLabel[];
}

/** The app's own strings in a language (`src/locales/<code>.json`), as its screens show them. */
export function appCatalogue<T>(code: string): T {
  return JSON.parse(
    readFileSync(new URL(`../src/locales/${code}.json`, import.meta.url), 'utf8'),
  ) as T;
}

/**
 * A robot engine of the test server's robots that the journey ticks itself (no worker runs
 * one), seeing `market` at the prices it walks through; every other market, and `market`
 * after the walk, at the simulator's price.
 */
export function pricePathEngine(
  server: Awaited<ReturnType<typeof startTestServer>>,
  market: MarketId,
) {
  const { robotRepo, ledger, marketData } = server.app.services;
  let price: bigint | null = null;
  const engine = robotEngine({
    repo: robotRepo,
    ledger,
    marketData: {
      ...marketData,
      latest: (m: MarketId): Tick =>
        m === market && price !== null
          ? { market: m, ts: Date.now(), price }
          : marketData.latest(m),
    },
    clock: { now: () => new Date() },
    log: { info: () => {}, warn: () => {}, error: () => {} },
  });
  return {
    /** One engine tick at each price in turn, then back to the simulator's. */
    async walk(prices: bigint[]) {
      for (const at of prices) {
        price = at;
        await engine.tick();
      }
      price = null;
    },
  };
}

/**
 * Answers the open confirmation with its primary button. With `title`, the dialog must be
 * titled so (a confirmation names the action it confirms, issue 34); with `text`, the one
 * whose body holds that text is answered.
 */
export async function confirmModal(page: Page, expected: { title?: string; text?: string } = {}) {
  // The popup's root has no box of its own; its body is what shows.
  const modal = expected.text
    ? page.locator('.adm-modal-body').filter({ hasText: expected.text })
    : page.locator('.adm-modal-body');
  await modal.waitFor();
  if (expected.title !== undefined) {
    const title = (await modal.locator('.adm-modal-title').textContent())?.trim();
    if (title !== expected.title) {
      throw new Error(`the confirmation is titled "${title}", not "${expected.title}"`);
    }
  }
  await modal.locator('.adm-modal-button-primary').click();
  await modal.waitFor({ state: 'hidden' });
}
