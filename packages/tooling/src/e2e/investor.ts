// The investor app opened in a phone, in a language and, given a session, signed in: the
// app reads its session and language from localStorage at start, so they are set before
// any of its scripts run.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { phoneContext } from './browser.ts';

/** What the app keeps of a sign-in (`register` of apps/server/test/accounts.ts returns it). */
export interface InvestorSession {
  token: string;
  userId: string;
}

/**
 * A new phone (its own context: close it with `page.context().close()`) with `lang` as the
 * app's language (the browser's locale Arabic for `ar`, else en-US) and, with `session`,
 * signed in. With `url`, the page opens it.
 */
export async function investorPage(
  browser: Browser,
  options: { lang?: string; session?: InvestorSession; url?: string } = {},
): Promise<Page> {
  const lang = options.lang ?? 'en';
  const context = await phoneContext(browser, { locale: lang === 'ar' ? 'ar' : 'en-US' });
  const page = await signedInPage(context, {
    lang,
    ...(options.session ? { session: options.session } : {}),
  });
  if (options.url) await page.goto(options.url);
  return page;
}

/**
 * A new page of `context` in the app's language `lang` and, with `session`, signed in (the
 * token kept in localStorage as the app keeps it): for contexts of any size.
 */
export async function signedInPage(
  context: BrowserContext,
  options: { lang: string; session?: InvestorSession },
): Promise<Page> {
  await context.addInitScript(
    ({ token, userId, language }) => {
      if (token) localStorage.setItem('token', token);
      if (userId) localStorage.setItem('user_id', userId);
      localStorage.setItem('lang', language);
    },
    {
      token: options.session?.token ?? '',
      userId: options.session?.userId ?? '',
      language: options.lang,
    },
  );
  return context.newPage();
}
