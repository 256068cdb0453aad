// Build time only: a screen drawn as a visitor first sees it, before any data has arrived,
// in one language. first-screen-html-plugin.ts runs this in Node through Vite's SSR loader
// and writes the result into index.html, so the phone paints the screen from the HTML
// while the app's scripts download (decision 135). React's first render then takes it
// over (hydrates it, decision 205), or, where it differs, draws the same screen in its
// place. Nothing here runs in the browser.
import { renderToString } from 'react-dom/server';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { LANGUAGES, type Language } from '@olive/protocol/languages';
import { startI18n } from '../lib/i18n.ts';
import { drawSignedIn } from '../lib/session.ts';
import { signedInDrawing } from './drawings.ts';
import { AppProvider } from './provider.tsx';
import { routerOptions } from './route-tree.tsx';

/**
 * The HTML React draws for `path` in `language`, signed out or signed in, with every call
 * pending (signed in, the investor's own figures are placeholders: nothing of theirs).
 */
export async function drawScreen(
  path: string,
  language: Language,
  signedIn = false,
): Promise<string> {
  await startI18n(language);
  drawSignedIn(signedIn);
  const history = createMemoryHistory({ initialEntries: [path] });
  // Links as the hash history writes them on `/`, so a tap before the app runs still works.
  history.createHref = (href) => `/#${href}`;
  const router = createRouter({ ...routerOptions, history });
  await router.load();
  // No fetching on the server: every query stays pending, as on the phone before replies.
  const client = new QueryClient();
  let html: string;
  try {
    html = renderToString(<AppProvider router={router} client={client} />);
  } finally {
    drawSignedIn(false);
  }
  // A screen that suspended or failed would ship its fallback: the build stops instead.
  if (/<!--\$[?!]-->/.test(html)) {
    throw new Error(`first-screen: ${path} (${language}) did not draw`);
  }
  return html;
}

/** A language's page: its <html> attributes and each named screen drawn in it. */
export interface DrawnLanguage {
  code: Language;
  locale: string;
  dir: 'ltr' | 'rtl';
  drawn: Record<string, string>;
}

/**
 * Every screen of `screens` (name → path) in every interface language, signed out (under
 * its name) and signed in (under `signedInDrawing(name)`).
 */
export async function drawInEveryLanguage(
  screens: Record<string, string>,
): Promise<DrawnLanguage[]> {
  const pages: DrawnLanguage[] = [];
  for (const { code, locale, dir } of LANGUAGES) {
    const drawn: Record<string, string> = {};
    for (const [name, path] of Object.entries(screens)) {
      drawn[name] = await drawScreen(path, code);
      drawn[signedInDrawing(name)] = await drawScreen(path, code, true);
    }
    pages.push({ code, locale, dir, drawn });
  }
  return pages;
}
