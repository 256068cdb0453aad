// Browser journey for issue 34: Home in each of the 16 languages shows the seeded demo
// content in the page's language — the notice ticker, the help centre and the partners'
// lines equal the seed's text for that language (decision 181). In Arabic the page and the
// help centre read right to left, with a question's mark (؟) at the line's left end, and
// every operator-written title is isolated (<bdi>) so mixed-direction punctuation stays put;
// Home is pictured in Arabic and English and checked for overflow in every language.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LANGUAGES, type Language } from '@olive/protocol';
import { startTestServer } from '../../server/test/harness.ts';
import { demoItems, demoText } from '../../server/src/modules/content/seed.ts';
import { paths } from '../src/config/paths.ts';
import { checkLayout, launchBrowser, screenshots, snap } from '@olive/tooling/e2e';

mkdirSync(screenshots, { recursive: true });

let server: Awaited<ReturnType<typeof startTestServer>>;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** What Home should show in `lang`: the seed's texts, in the seed's order. */
function expected(lang: Language) {
  const of = (kind: string) => demoItems.filter((item) => item.kind === kind);
  return {
    pinned: of('notice')
      .filter((item) => item.kind === 'notice' && item.fields.pinned)
      .map((item) => demoText(item, lang).title),
    help: of('help').map((item) => demoText(item, lang).title),
    partners: of('partner').map((item) => demoText(item, lang).body),
  };
}

/** Home on a 360x640 phone whose browser and app speak `lang`. */
async function home(lang: Language, locale: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 640 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale,
    colorScheme: 'dark',
  });
  await context.addInitScript((language) => localStorage.setItem('lang', language), lang);
  const page = await context.newPage();
  await page.goto(`${server.url}/#${paths.home}`);
  await page.getByTestId('screen-home').waitFor();
  await page.getByTestId('notice-ticker').waitFor();
  await page.getByTestId('help-centre').waitFor();
  await page.getByTestId('partners').waitFor();
  return page;
}

/**
 * Where a text's last character is drawn against its first: a right-to-left line ends at
 * its left, so an Arabic question's ؟ is left of its first word.
 */
function lastCharacterSide(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const text = [...element.childNodes].find((n) => n.nodeType === Node.TEXT_NODE)!;
      const length = text.textContent!.length;
      const box = (from: number, to: number) => {
        const range = document.createRange();
        range.setStart(text, from);
        range.setEnd(text, to);
        return range.getBoundingClientRect();
      };
      const first = box(0, 1);
      const last = box(length - 1, length);
      return {
        direction: getComputedStyle(element).direction,
        side: last.right <= first.left ? 'left' : last.left >= first.right ? 'right' : 'overlap',
      };
    });
}

describe('Home in every language', () => {
  it.each(LANGUAGES.map((l) => [l.code, l.locale, l.dir] as const))(
    '%s: the ticker, help centre and partners are in the page language',
    async (lang, locale, dir) => {
      const page = await home(lang, locale);
      const want = expected(lang);
      expect(await page.getAttribute('html', 'dir')).toBe(dir);

      // The ticker scrolls the pinned notices' titles, in this language.
      const ticker = await page.getByTestId('notice-ticker').textContent();
      for (const title of want.pinned) expect(ticker).toContain(title);
      if (lang !== 'en' && lang !== 'en_au' && lang !== 'en_in') {
        for (const title of expected('en').pinned) expect(ticker).not.toContain(title);
      }

      // The help centre's rows and the lines under the partners' logos.
      const help = page.getByTestId('help-centre').locator('li bdi');
      await expect.poll(() => help.allTextContents()).toEqual(want.help);
      const partners = page.getByTestId('partners').locator('.partner__detail');
      expect(await partners.allTextContents()).toEqual(want.partners);

      // A question reads in the page's direction: its mark ends the line on the reading side.
      const question = await lastCharacterSide(page, '[data-testid="help-centre"] li bdi');
      expect(question).toEqual({
        direction: dir,
        side: dir === 'rtl' ? 'left' : 'right',
      });

      // Operator-written titles are isolated from the page's direction (<bdi>): an English
      // title in the Arabic app keeps its question mark at its own end.
      const isolated = (selector: string) =>
        page.$$eval(selector, (els) => els.map((e) => getComputedStyle(e).unicodeBidi));
      expect(await isolated('[data-testid="notice-ticker-titles"] > bdi')).toEqual(
        want.pinned.map(() => 'isolate'),
      );
      expect(await isolated('[data-testid="help-centre"] li bdi')).toEqual(
        want.help.map(() => 'isolate'),
      );

      // Pictured in Arabic and English; in every language nothing overflows or is cut off
      // (a partner's line is a longer word in some).
      if (lang === 'ar' || lang === 'en') await snap(page, `content-languages-home-${lang}`, true);
      else await checkLayout(page, `content-languages-home-${lang}`);
      await page.context().close();
    },
  );
});
