// Proof of reserves in Chromium (issues 16 and 30), in English and Arabic. An investor with
// a balance opens the app after a new snapshot: the app checks their inclusion on its own
// (in a worker, reading the anchor from the devchain itself) and shows "Checked on <date>:
// included, root anchored in block N" on Me and on the reserves screen. "Verify my
// inclusion" makes the same checks step by step. Whatever Olive's server says is not taken
// on trust: a forged proof that agrees with itself, a published root that is not the tree's,
// and an anchor that is missing or carries another root each fail, saying which check did.
// Screenshots in test-output.
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { parseAmount } from '@olive/protocol';
import { startTestServer } from '../../server/test/harness.ts';
import { register } from '../../server/test/accounts.ts';
import { platformAccount, userAccount } from '../../server/src/modules/ledger/ledger.service.ts';
import { investorPage, launchBrowser, screenshots, snap } from '@olive/tooling/e2e';

mkdirSync(screenshots, { recursive: true });

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer({ devchain: {} });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Published {
  snapshot_id: string;
  root: string;
  anchor_tx: string | null;
}

/** The block the devchain mined a transaction in (waiting for it), as a decimal string. */
async function minedIn(txHash: string) {
  for (let i = 0; i < 100; i++) {
    const reply = await fetch(server.devchain!.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_getTransactionReceipt',
        params: [txHash],
      }),
    });
    const { result } = (await reply.json()) as { result: { blockNumber: string } | null };
    if (result) return BigInt(result.blockNumber).toString();
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${txHash} was never mined`);
}

/** A new investor with a balance, a snapshot that includes them (mined), and a signed-in page. */
async function signedIn(lang: 'en' | 'ar', prepare?: (page: Page) => Promise<void>) {
  const user = await register(server, { lang });
  await server.app.services.ledger.post({
    kind: 'adjustment_credit',
    idempotencyKey: `e2e-reserves:${user.userId}`,
    reason: 'journey balance',
    operatorId: 'test',
    postings: [
      { account: platformAccount('adjustment'), amount: -parseAmount('1234.5') },
      { account: userAccount(user.userId, 'available'), amount: parseAmount('1234.5') },
    ],
  });
  const snapshot = await server.app.services.reserves.reserves.takeSnapshot();
  expect(snapshot.anchor_tx).toMatch(/^0x[0-9a-f]{64}$/);
  const block = await minedIn(snapshot.anchor_tx!);
  const page = await investorPage(browser, { lang, session: user });
  await prepare?.(page);
  return { page, user, snapshot, block };
}

/** Rewrites the snapshot list Olive publishes, before the page asks for it. */
async function publishInstead(page: Page, change: (list: Published[]) => void) {
  await page.route('**/api/main/reserves', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { list: Published[] } };
    change(body.data.list);
    await route.fulfill({ response, json: body });
  });
}

async function openReserves(page: Page) {
  await page.goto(`${server.url}/#/pages/personal/reserves`);
  await page.getByTestId('screen-reserves').waitFor();
  await expect.poll(() => page.getByTestId('reserves-ratio').textContent()).toMatch(/%$/);
}

/** Runs "Verify my inclusion" and returns the failed check's name (null when verified). */
async function verify(page: Page) {
  // Once the proof has come back, the last verdict has been cleared (a second click would
  // otherwise read it before React drew the reset).
  const proof = page.waitForResponse((r) => r.url().includes('/api/user/reservesproof'));
  await page.getByTestId('reserves-verify').click();
  await proof;
  const verdict = page.locator('[data-testid^="reserves-verdict-"]');
  await verdict.waitFor({ timeout: 30_000 });
  return verdict.getAttribute('data-failure');
}

describe.each(['en', 'ar'] as const)('proof of reserves (%s)', (lang) => {
  it('checks a new snapshot on its own and shows the badge on Me and on reserves', async () => {
    const { page, user, snapshot, block } = await signedIn(lang);
    await page.goto(`${server.url}/#/pages/personal/personal`);
    await page.getByTestId('screen-me').waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    // Nobody clicks anything: the app checks after the page is idle.
    const badge = page.getByTestId('reserves-badge-ok');
    await badge.waitFor({ timeout: 30_000 });
    expect(await badge.textContent()).toContain(block);
    expect(await page.getByTestId('reserves-badge-bad').count()).toBe(0);
    const stored = await page.evaluate(
      (id) => localStorage.getItem(`reserves_check:${id}`),
      user.userId,
    );
    expect(JSON.parse(stored!)).toMatchObject({
      [snapshot.snapshot_id]: { ok: true, failure: null, block },
    });
    await snap(page, `reserves-badge-me-${lang}`);

    // The badge leads to the reserves screen, which shows it too.
    await badge.click();
    await page.getByTestId('screen-reserves').waitFor();
    expect(await page.getByTestId('reserves-badge-ok').textContent()).toContain(block);
    await snap(page, `reserves-badge-reserves-${lang}`);

    // A second opening finds nothing newer: no second check, the badge stays.
    const proofCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/user/reservesproof')) proofCalls.push(r.url());
    });
    await page.reload();
    await page.getByTestId('reserves-badge-ok').waitFor();
    await page.waitForTimeout(3000);
    expect(proofCalls).toEqual([]);
  }, 120_000);

  it('verifies my inclusion against the published and the anchored root, step by step', async () => {
    const { page, block } = await signedIn(lang);
    await openReserves(page);
    expect(await page.getByTestId('reserves-anchor').textContent()).toMatch(/^0x[0-9a-f]{64}$/);
    const started = Date.now();
    expect(await verify(page)).toBeNull();
    const elapsed = Date.now() - started;
    const steps = page.getByTestId('reserves-steps');
    expect(await steps.locator('li').count()).toBeGreaterThanOrEqual(6);
    expect(await steps.locator('li[data-step="published"]').getAttribute('class')).not.toContain(
      '--bad',
    );
    expect(await steps.locator('li[data-step="anchor"]').textContent()).toContain(block);
    expect(await page.getByTestId('reserves-verdict-ok').textContent()).toContain(block);
    await snap(page, `reserves-verified-${lang}`, true);
    process.stdout.write(`reserves journey (${lang}): verify click -> verdict ${elapsed} ms\n`);

    // A proof changed on the way (one sibling's sum): the browser's own computation catches it.
    await page.route('**/api/user/reservesproof', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { paths: { sum: string }[][] } };
      const step = body.data.paths[0]![0]!;
      step.sum = (Number(step.sum) + 1).toString();
      await route.fulfill({ response, json: body });
    });
    // Its leaves no longer meet at one root (or meet at another): either way, a failure.
    expect(['proof', 'published']).toContain(await verify(page));
    expect(await page.locator('.reserves__step--bad').count()).toBeGreaterThanOrEqual(1);
    await snap(page, `reserves-tampered-${lang}`);
  }, 120_000);

  it('fails a forged proof that agrees with itself, automatically and on a click', async () => {
    const { page, user } = await signedIn(lang, async (p) => {
      // One leaf, no siblings, root = that leaf's hash, total = its amount: a proof from
      // "another tree" that is consistent in itself.
      await p.route('**/api/user/reservesproof', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as {
          data: {
            leaves: { nonce: string; amount: string; index: number; part: number }[];
            paths: unknown[][];
            root: string;
            total: string;
          };
        };
        const nonce = body.data.leaves[0]!.nonce;
        const amount = 123450000000n;
        const leaf = createHash('sha256')
          .update(Buffer.from([0]))
          .update(createHash('sha256').update(`olive-por-user:${user.userId}`).digest())
          .update(Buffer.from(nonce, 'hex'))
          .update(Buffer.from([0, 0, 0, 0]))
          .update(Buffer.from(amount.toString(16).padStart(16, '0'), 'hex'))
          .digest('hex');
        body.data.leaves = [{ ...body.data.leaves[0]!, amount: '1234.5', index: 0, part: 0 }];
        body.data.paths = [[]];
        body.data.root = leaf;
        body.data.total = '1234.5';
        await route.fulfill({ response, json: body });
      });
    });
    // The automatic check on opening: a plain failure badge on Me that leads to reserves.
    await page.goto(`${server.url}/#/pages/personal/personal`);
    const bad = page.getByTestId('reserves-badge-bad');
    await bad.waitFor({ timeout: 30_000 });
    await snap(page, `reserves-badge-failed-me-${lang}`);
    await bad.click();
    await page.getByTestId('screen-reserves').waitFor();
    await page.getByTestId('reserves-badge-bad').waitFor();

    expect(await verify(page)).toBe('published');
    const steps = page.getByTestId('reserves-steps');
    expect(await steps.locator('li[data-step="published"]').getAttribute('class')).toContain(
      '--bad',
    );
    expect(await steps.locator('li[data-step="anchor"]').getAttribute('class')).toContain('--bad');
    await snap(page, `reserves-forged-${lang}`, true);
  }, 120_000);

  // The other failures differ only in their text: pictured in English, the tests once.
  it.runIf(lang === 'en')(
    'fails when the published root is not the tree’s',
    async () => {
      const { page } = await signedIn(lang, (p) =>
        publishInstead(p, (list) => {
          list[0]!.root = 'ab'.repeat(32);
        }),
      );
      await openReserves(page);
      expect(await verify(page)).toBe('published');
      await snap(page, `reserves-published-differs-${lang}`, true);
    },
    120_000,
  );

  it.runIf(lang === 'en')(
    'fails when the anchor is missing, or carries another root',
    async () => {
      const { page } = await signedIn(lang, (p) =>
        publishInstead(p, (list) => {
          list[0]!.anchor_tx = null;
        }),
      );
      await openReserves(page);
      expect(await verify(page)).toBe('anchor_missing');
      await snap(page, `reserves-anchor-missing-${lang}`, true);

      // A real anchoring transaction of Olive's, but of an earlier snapshot: its text names
      // another snapshot and root, read by the app from the chain.
      await page.unroute('**/api/main/reserves');
      await publishInstead(page, (list) => {
        const earlier = list.slice(1).find((s) => s.anchor_tx);
        list[0]!.anchor_tx = earlier!.anchor_tx;
      });
      await openReserves(page);
      await page.reload();
      await openReserves(page);
      expect(await verify(page)).toBe('anchor_root');
      await snap(page, `reserves-anchor-differs-${lang}`, true);
    },
    120_000,
  );

  it('says on the reserves screen, not on Me, when I am not in the latest snapshot', async () => {
    // Registered after the latest snapshot: Olive has no leaves for this investor in it.
    const user = await register(server, { lang });
    const page = await investorPage(browser, { lang, session: user });
    await page.goto(`${server.url}/#/pages/personal/reserves`);
    await page.getByTestId('reserves-badge-absent').waitFor({ timeout: 30_000 });
    await snap(page, `reserves-not-included-${lang}`);
    await page.goto(`${server.url}/#/pages/personal/personal`);
    await page.getByTestId('screen-me').waitFor();
    expect(await page.locator('[data-testid^="reserves-badge-"]').count()).toBe(0);
  }, 60_000);

  it('is reachable from the security centre', async () => {
    const { page } = await signedIn(lang);
    await page.goto(`${server.url}/#/pages/setting/information`);
    await page.getByTestId('security-reserves').click();
    await page.getByTestId('screen-reserves').waitFor();
  }, 60_000);
});
