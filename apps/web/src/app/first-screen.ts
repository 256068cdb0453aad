// The first-screen script: a small classic script written into index.html's <head>
// (first-screen-plugin.ts builds it; decisions 130, 135, 201). It chooses which of the
// screens drawn into the page the first frame shows, if any, then, once that frame is
// drawn, starts the app: it fetches the app's first files together with those of the
// screen the address shows and of the interface language (which the app would otherwise
// ask for only after its libraries had run: a second wave of requests on a phone's
// network), then runs the app's entry. Until then the drawn screen is the page, its tab bar
// and buttons plain links. It only adds <link rel="modulepreload">, style preloads and the
// entry's module script; when the app imports those files it finds them fetched.
import { initialLanguage } from '../lib/initial-language.ts';
import { readStored, storageKeys } from '../lib/storage.ts';

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

/** The app's path in a hash-history address (`#/pages/index/index?id=1` → the path). */
export function pathOf(hash: string): string {
  return hash.replace(/^#/, '').split('?')[0] || '/';
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
 * holds it drawn in the visitor's language. Drawings are of the signed-out screen, so a
 * signed-in investor gets the splash.
 */
export function drawnScreen(
  data: FirstScreenFiles,
  path: string,
  language: string,
  pageLanguage: string | undefined,
  signedIn: boolean,
): string | undefined {
  if (signedIn || language !== pageLanguage) return undefined;
  return data.drawn[path];
}

/**
 * Runs `start` once the page is parsed and its first frame drawn: a frame, then a task
 * (what follows a frame's callbacks is its paint). A hidden tab draws no frames, so a
 * timer starts it there.
 */
export function afterFirstFrame(start: () => void, fallbackMs = 300) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  const afterParse = () => {
    requestAnimationFrame(() => setTimeout(once, 0));
    setTimeout(once, fallbackMs);
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
  if (shown) page.dataset.firstScreen = shown;
  // Nothing is fetched before the first frame: the page holds everything that frame needs
  // (its stylesheets inline), so the screen is drawn after the document alone, and a
  // phone's first seconds of network go to nothing it must wait for.
  afterFirstFrame(() => {
    const files = [...data.app.files, ...filesFor(data, path, language, signedIn)];
    for (const href of new Set(files)) preload(href);
    const entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = data.app.entry;
    document.head.appendChild(entry);
  });
}
