// The first-screen script: a small classic script written into index.html's <head>
// (first-screen-plugin.ts builds it; decisions 130, 135, 201, 204). It chooses which of the
// screens drawn into the page the first frame shows, if any, then, once the page's content
// is painted, starts the app: it fetches the app's first files together with those of the
// screen the address shows and of the interface language (which the app would otherwise
// ask for only after its libraries had run: a second wave of requests on a phone's
// network), then runs the app's entry. Until then the drawn screen is the page, its tab bar
// and buttons plain links. It only adds <link rel="modulepreload">, style preloads and the
// entry's module script; when the app imports those files it finds them fetched.
import { initialLanguage } from '../lib/initial-language.ts';
import { readStored, storageKeys } from '../lib/storage.ts';
import { drawnFor, pathOf, signedInDrawing } from './drawings.ts';

/**
 * What the build writes in: the files each path and each language needs beyond the entry,
 * as indexes into `files` (screens share most of theirs).
 */
export interface FirstScreenFiles {
  files: string[];
  screens: Record<string, { files: number[]; signedIn?: boolean }>;
  languages: Record<string, number[]>;
  /** The screens index.html holds drawn (decision 135): path → name. */
  drawn: Record<string, string>;
  /** The app's entry module and the files it imports at once, in the order to fetch them. */
  app: { entry: string; files: string[] };
}

/** The files to fetch now for this address, language and session. */
export function filesFor(
  data: FirstScreenFiles,
  path: string,
  language: string,
  signedIn: boolean,
): string[] {
  const screen = data.screens[path];
  // A visitor asking for a signed-in screen is sent to the login screen instead.
  const shown = screen?.signedIn && !signedIn ? undefined : screen;
  // English is every language's fallback catalogue, so the translator fetches it too.
  const languages = language === 'en' ? ['en'] : [language, 'en'];
  const wanted = [...(shown?.files ?? []), ...languages.flatMap((l) => data.languages[l] ?? [])];
  return [...new Set(wanted)].map((index) => data.files[index]!);
}

function preload(href: string) {
  const link = document.createElement('link');
  if (href.endsWith('.css')) {
    link.rel = 'preload';
    link.as = 'style';
  } else {
    link.rel = 'modulepreload';
    link.as = 'script';
  }
  // As Vite's own preloads and module scripts ask for them, so the fetch is reused.
  link.crossOrigin = '';
  link.href = href;
  document.head.appendChild(link);
}

/**
 * The drawn screen to show until the app has drawn its own: the address's, if the page
 * holds it drawn in the visitor's language; its signed-in drawing (every figure of the
 * investor's pending) when a session is stored (decision 204).
 */
export function drawnScreen(
  data: FirstScreenFiles,
  path: string,
  language: string,
  pageLanguage: string | undefined,
  signedIn: boolean,
): string | undefined {
  const name = language === pageLanguage ? data.drawn[path] : undefined;
  if (name === undefined) return undefined;
  return signedIn ? signedInDrawing(name) : name;
}

/**
 * Calls `then` once the page has painted content (text, the drawing or the splash's mark).
 * The first frame may hold none: in Lighthouse's traces the first paint came 100–140 ms
 * before the first contentful one, and the app's requests begun in between were counted
 * against that paint (decision 204). Where the browser reports no paint entries, after the
 * next frame.
 */
function afterContentfulPaint(then: () => void) {
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (
    typeof PerformanceObserver === 'undefined' ||
    !PerformanceObserver.supportedEntryTypes?.includes('paint')
  ) {
    requestAnimationFrame(() => then());
    return;
  }
  if (painted()) return then();
  const observer = new PerformanceObserver(() => {
    if (!painted()) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'paint', buffered: true });
}

/**
 * Runs `start` once the page is parsed and its content painted: a task after the paint. A
 * hidden tab paints nothing, so a timer starts it there (`hiddenMs`), and any page after
 * `latestMs` whatever it has painted.
 */
export function afterFirstContent(start: () => void, hiddenMs = 300, latestMs = 3000) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  const afterParse = () => {
    afterContentfulPaint(() => setTimeout(once, 0));
    setTimeout(once, document.visibilityState === 'hidden' ? hiddenMs : latestMs);
  };
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', afterParse, { once: true });
  } else afterParse();
}

export function preloadFirstScreen(data: FirstScreenFiles) {
  const signedIn = (readStored(storageKeys.token) ?? '') !== '';
  const path = pathOf(location.hash);
  const language = initialLanguage();
  const page = document.documentElement;
  const shown = drawnScreen(data, path, language, page.dataset.firstScreenLanguage, signedIn);
  if (shown) {
    page.dataset.firstScreen = shown;
    page.dataset.firstScreenFor = drawnFor(path, signedIn);
  }
  // Nothing is fetched before the first frame: the page holds everything that frame needs
  // (its stylesheets inline), so the screen is drawn after the document alone, and a
  // phone's first seconds of network go to nothing it must wait for.
  afterFirstContent(() => {
    // The drawings not on screen (the other tab's, the other session's) go before the app
    // starts: React takes over the one shown (decision 205), or clears it at its first
    // commit.
    for (const drawing of document.querySelectorAll('.first-screen')) {
      if (!shown || !drawing.classList.contains(`first-screen--${shown}`)) drawing.remove();
    }
    const files = [...data.app.files, ...filesFor(data, path, language, signedIn)];
    for (const href of new Set(files)) preload(href);
    const entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = data.app.entry;
    document.head.appendChild(entry);
  });
}
