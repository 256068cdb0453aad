// Browser journeys through content and support (issue 14) against the real API serving the
// built app: Home with its ticker, help centre and partners; News and Notices; an article;
// the legal pages (About and Privacy) with their placeholders; Contact Us with real links and
// the spec's message for an app that is not installed; App download with the install
// prompt; in English and Arabic, with screenshots. Also: a hostile
// Markdown body stays inert in Chromium, Home's totals are userinfo's, the unread badge
// clears, and no investor screen shows the "coming soon" placeholder.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { parseAmount } from '@olive/protocol';
import { startTestServer } from '../../server/test/harness.ts';
import { register } from '../../server/test/accounts.ts';
import { adminCall, enrolledOperator } from '../../server/test/admin.ts';
import { platformAccount, userAccount } from '../../server/src/modules/ledger/ledger.service.ts';
import { demoItems, demoText } from '../../server/src/modules/content/seed.ts';
import { paths } from '../src/config/paths.ts';
import {
  go,
  investorPage,
  type InvestorSession,
  launchBrowser,
  screenshots,
  snap,
} from '@olive/tooling/e2e';
import { appCatalogue } from './app.ts';

mkdirSync(screenshots, { recursive: true });

type Words = Record<string, string>;
const catalogue = (code: string) =>
  appCatalogue<{
    content: Words;
    home: Words;
    news: Words;
    pages: Words;
  }>(code);

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  // An app link (no app installed in a test browser) beside the seeded web and mail links.
  await server.app.services.content.content.addContact({
    kind: 'person',
    channel: 'telegram',
    label: 'Telegram app',
    url: 'tg://resolve?domain=olive_demo_support',
    hours: '24/7',
    sort: 9,
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A 360x640 phone in the given language, optionally signed in. */
async function phone(lang: 'en' | 'ar', session?: InvestorSession) {
  const page = await investorPage(browser, { lang, session, url: `${server.url}/#${paths.home}` });
  await page.getByTestId('screen-home').waitFor();
  return page;
}

async function journey(lang: 'en' | 'ar') {
  const words = catalogue(lang);
  const page = await phone(lang);
  expect(await page.getAttribute('html', 'dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');

  // Home: ticker with the pinned notices, help centre and partners from maininfo.
  await page.getByTestId('notice-ticker').waitFor();
  expect(await page.getByTestId('notice-ticker').textContent()).toContain(
    demoText(
      demoItems.find((item) => item.key === 'notice-welcome')!,
      lang,
    ).title,
  );
  await page.getByTestId('help-centre').waitFor();
  expect(await page.getByTestId('partners').locator('img').count()).toBe(4);
  await snap(page, `content-home-${lang}`, true);

  // An article from the help centre, in the reader's language, naming the Top Up screen
  // as the app does.
  await page.getByTestId('help-centre').locator('a').first().click();
  await page.getByTestId('article-body').waitFor();
  expect(await page.getByTestId('article-body').textContent()).toContain(words.pages.topUp);
  await snap(page, `content-article-${lang}`);

  // News and notices.
  await go(page, paths.news);
  await page.getByTestId('feed-news').waitFor();
  expect(await page.getByTestId('feed-row').count()).toBeGreaterThanOrEqual(3);
  await snap(page, `content-news-${lang}`);
  await page.getByText(words.news.noticesTab!, { exact: true }).click();
  await page.getByTestId('feed-notice').waitFor();
  await snap(page, `content-notices-${lang}`);
  await page.getByTestId('feed-row').first().click();
  await page.getByTestId('article').waitFor();

  // The legal pages in the reader's own language, complete templates whose unset operator
  // details show as marked placeholders, never braces (decision 182).
  // (Hash navigation: the notice's body is still on the page until the legal page
  // replaces it, so wait for the legal page's own placeholder, then count its headings.)
  await go(page, `${paths.userPage}?key=privacy`);
  await page.locator('.content-prose mark.legal-field').first().waitFor();
  expect(await page.locator('.content-prose h2').count()).toBe(9);
  await snap(page, `content-privacy-${lang}`);
  await go(page, paths.about);
  await page
    .getByTestId('screen-about')
    .locator('.content-prose mark.legal-field')
    .first()
    .waitFor();
  const about = page.getByTestId('screen-about').getByTestId('article-body');
  expect(await about.locator('h2').count()).toBe(5);
  const aboutText = (await about.textContent()) ?? '';
  expect(aboutText).not.toMatch(/\{\{|\}\}|Sample text/);
  expect(aboutText).toContain(lang === 'ar' ? '[اسم الشركة]' : '[company name]');
  expect(aboutText).toContain('ERC20');
  await snap(page, `content-about-${lang}`);

  // Contact Us: the links are the operator's, and an app that cannot open says so.
  await go(page, paths.support);
  await page.getByTestId('contact-list').first().waitFor();
  const hrefs = await page
    .locator('a[data-testid="contact"]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual(
    expect.arrayContaining(['https://t.me/olive_demo_support', 'mailto:support@olive.example']),
  );
  await page.locator('button[data-testid="contact"]').click();
  await page.getByText(words.content.appMissing!).waitFor({ timeout: 10_000 });
  await page.screenshot({ path: `${screenshots}content-support-${lang}.png` });
  await page.locator('.adm-toast-mask').waitFor({ state: 'detached' });

  // App download: iOS steps always; the install button once the browser offers a prompt.
  await go(page, paths.download);
  await page.getByTestId('ios-steps').waitFor();
  await page.getByTestId('install-unavailable').waitFor();
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt') as Event & {
      prompt: () => Promise<void>;
      userChoice: Promise<{ outcome: string }>;
    };
    event.prompt = async () => {
      (window as unknown as { prompted: boolean }).prompted = true;
    };
    event.userChoice = Promise.resolve({ outcome: 'accepted' });
    window.dispatchEvent(event);
  });
  await snap(page, `content-download-${lang}`);
  // A DOM click: the stand-in prompt is not a browser one, and a trusted tap on the
  // button after the page tried a tg:// link did not reach React in headless Chromium.
  await page.getByTestId('install-button').dispatchEvent('click');
  await page.getByTestId('install-done').waitFor();
  expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(
    true,
  );
  await page.context().close();
}

describe('content journeys', () => {
  it('Home, News, an article, Contact Us and App download in English', async () => {
    await journey('en');
  });

  it('the same in Arabic, right to left', async () => {
    await journey('ar');
  });

  it('renders a hostile Markdown body inert in Chromium', async () => {
    const content = server.app.services.content.content;
    const id = await content.add({
      kind: 'news',
      lang: 'en',
      title: 'Hostile body',
      body: [
        'Visible text',
        '<script>window.pwned = "script"</script>',
        '<img src="/nope.png" onerror="window.pwned = \'onerror\'">',
        '<iframe src="javascript:parent.pwned=\'iframe\'"></iframe>',
        '[click me](javascript:window.pwned="link")',
        '<a href="javascript:window.pwned=\'raw\'">raw link</a>',
        '![x](javascript:window.pwned="img")',
      ].join('\n\n'),
    });
    await content.publish(id, new Date());
    const page = await phone('en');
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await go(page, `${paths.article}?kind=news&id=${id}`);
    await page.getByTestId('article-body').waitFor();
    expect(await page.getByTestId('article-body').textContent()).toContain('Visible text');
    // Click everything in the body that looks clickable.
    for (const text of ['click me', 'raw link']) await page.getByText(text).first().click();
    await page.waitForTimeout(500);
    const found = await page.getByTestId('article-body').evaluate((body) => ({
      scripts: body.querySelectorAll('script').length,
      iframes: body.querySelectorAll('iframe').length,
      images: body.querySelectorAll('img').length,
      handlers: [...body.querySelectorAll('*')].filter((el) =>
        [...el.attributes].some((a) => a.name.startsWith('on')),
      ).length,
      jsLinks: [...body.querySelectorAll('a')].filter((a) =>
        /^\s*javascript:/i.test(a.getAttribute('href') ?? ''),
      ).length,
    }));
    expect(found).toEqual({ scripts: 0, iframes: 0, images: 0, handlers: 0, jsLinks: 0 });
    expect(await page.evaluate(() => (window as unknown as { pwned?: string }).pwned)).toBe(
      undefined,
    );
    expect(dialogs).toEqual([]);
    await page.context().close();
  });

  it("shows an investor userinfo's totals on Home and clears the unread badge", async () => {
    const user = await register(server, { password: 'Content-pass-2024' });
    await server.app.services.ledger.post({
      kind: 'deposit',
      idempotencyKey: `content-e2e:${user.userId}`,
      postings: [
        { account: platformAccount('custody', 'trc20'), amount: -parseAmount('2500.125') },
        { account: userAccount(user.userId, 'available'), amount: parseAmount('2500.125') },
      ],
    });
    const page = await phone('en', user);
    const info = await server.call<{ total_assets: string; total_earnings: string }>(
      '/api/user/userinfo',
      {},
      user.headers,
    );
    const shown = async (testId: string) =>
      parseAmount(((await page.getByTestId(testId).textContent()) ?? '').replace(/,/g, '').trim());
    await page.getByTestId('unread-badge').waitFor();
    expect(await shown('home-total-assets')).toBe(parseAmount(info.data!.total_assets));
    expect(await shown('home-total-earnings')).toBe(parseAmount(info.data!.total_earnings));
    expect(await shown('home-total-assets')).toBe(parseAmount('2500.125'));
    await snap(page, 'content-home-signed-in-en');

    await page.getByTestId('notice-ticker').click();
    await page.getByTestId('screen-notices').waitFor();
    await page.getByTestId('feed-row').first().waitFor();
    await go(page, paths.home);
    await page.getByTestId('notice-ticker').waitFor();
    // Home shows the cached maininfo at once; the badge goes when its refetch answers.
    await page.getByTestId('unread-badge').waitFor({ state: 'detached', timeout: 10_000 });
    await page.context().close();
  });

  it('shows a notice published in the console on the open Home, without a reload', async () => {
    const page = await phone('en');
    await page.getByTestId('notice-ticker').waitFor();
    const loads: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) loads.push(frame.url());
    });
    const title = 'Maintenance window on Sunday 02:00 UTC';
    expect(await page.getByTestId('notice-ticker').textContent()).not.toContain(title);

    // An editor writes and publishes a pinned notice through the console's API.
    const token = await enrolledOperator(server, 'home-editor@example.com', 'editor');
    const created = await adminCall<{ id: string }>(
      server,
      'content/create',
      { kind: 'notice', language: 'en', title, body: 'Deposits stay open.', pinned: true },
      token,
    );
    expect(created.code, created.msg).toBe(1);
    const published = await adminCall(server, 'content/publish', { id: created.data!.id }, token);
    expect(published.code, published.msg).toBe(1);

    const info = await server.call<{ notices: { title: string }[] }>('/api/main/maininfo', {});
    expect(info.data!.notices.map((n) => n.title)).toContain(title);

    // The investor comes back to the tab: the browser's visibilitychange, which bubbles
    // from the document as the browser's own does. Home asks again.
    await page.evaluate(() =>
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true })),
    );
    await page.getByTestId('notice-ticker').getByText(title, { exact: false }).waitFor();
    expect(loads).toEqual([]);
    await page.context().close();
  });

  it('shows no "coming soon" placeholder on any investor screen', async () => {
    // Routes still waiting for their feature when this test was written. The mining
    // (issue 12) and team (issue 13) engineers empty this list as their screens land.
    const pending: string[] = [];
    const user = await register(server, { password: 'Content-pass-2024' });
    const page = await phone('en', user);
    const offenders: string[] = [];
    for (const path of Object.values(paths)) {
      if (pending.includes(path)) continue;
      await go(page, path);
      await page.waitForTimeout(700);
      await page.waitForLoadState('networkidle');
      if ((await page.getByTestId('coming-soon').count()) > 0) offenders.push(path);
    }
    expect(offenders).toEqual([]);
    await page.context().close();
  });
});
