// The first-screen preload: a small classic script that index.html runs before the app's
// script has arrived (first-screen-plugin.ts builds it; decision 130). It starts fetching
// the files of the screen the address shows and of the interface language, which the app
// would otherwise ask for only after its libraries had downloaded and run: on a phone's
// network that was a second wave of requests before anything of the screen could be drawn.
// It only adds <link rel="modulepreload"> and style preloads; when the app imports those
// files it finds them fetched. It also chooses which of the screens drawn into index.html
// the first frame shows, if any (decision 135), so index.html waits for it. If this script
// fails, the splash shows and the app loads as it would without it.
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

export function preloadFirstScreen(data: FirstScreenFiles) {
  const signedIn = (readStored(storageKeys.token) ?? '') !== '';
  const path = pathOf(location.hash);
  const language = initialLanguage();
  const page = document.documentElement;
  const shown = drawnScreen(data, path, language, page.dataset.firstScreenLanguage, signedIn);
  if (shown) page.dataset.firstScreen = shown;
  for (const href of filesFor(data, path, language, signedIn)) preload(href);
}
