// Build step: the first screens drawn into index.html (decision 135). Home and Trade, the
// tabs a link opens, are drawn before any reply, signed out and signed in (decision 204:
// every figure of the investor's pending), in every interface language, by React in Node
// (src/app/first-screen-html.tsx through Vite's SSR loader). index.html holds the English
// drawings and index.<language>.html each other's; the server sends the one of the
// investor's language (cookie `lang`, else Accept-Language). The first-screen script
// (src/app/first-screen.ts), run before the page is drawn, shows the drawing of the
// address's screen for the stored session (or none) when the page's language is theirs,
// and the splash otherwise. React takes the drawing over (hydrates it, decision 205).
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createServer } from 'vite';
import { paths } from './src/config/paths.ts';
import type { DrawnLanguage, drawInEveryLanguage } from './src/app/first-screen-html.tsx';
import { signedInDrawing } from './src/app/drawings.ts';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/** The screens drawn, by the name the page and the first-screen script know them. */
export const FIRST_SCREENS = {
  home: paths.home,
  trade: paths.trade,
} as const;

/** Every first screen in every language, as React draws it (run in its own process). */
async function drawInThisProcess(): Promise<DrawnLanguage[]> {
  const vite = await createServer({
    root: ROOT,
    configFile: false,
    logLevel: 'error',
    server: { middlewareMode: true, hmr: false, ws: false },
    appType: 'custom',
    optimizeDeps: { noDiscovery: true, include: [] },
    // antd-mobile's modules import their stylesheets: Vite drops those, Node could not.
    ssr: { noExternal: ['antd-mobile', 'antd-mobile-icons'] },
  });
  try {
    const drawing = (await vite.ssrLoadModule('/src/app/first-screen-html.tsx')) as {
      drawInEveryLanguage: typeof drawInEveryLanguage;
    };
    return await drawing.drawInEveryLanguage(FIRST_SCREENS);
  } finally {
    await vite.close();
  }
}

/**
 * The drawings, made in a child process under tsx's loader: antd-mobile imports CommonJS
 * packages (rc-segmented) whose default export Node's own loader hands over wrapped,
 * where tsx unwraps it as the browser build does.
 */
export async function drawFirstScreens(): Promise<DrawnLanguage[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url)],
    { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as DrawnLanguage[];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.stdout.write(JSON.stringify(await drawInThisProcess()));
}

// Until the first-screen script has chosen, nothing drawn shows, only the splash.
const CHOOSING_STYLE = `<style>.first-screen{display:none}${Object.keys(FIRST_SCREENS)
  .flatMap((name) => [name, signedInDrawing(name)])
  .map((name) => `[data-first-screen=${name}] .first-screen--${name}`)
  .join(',')}{display:contents}[data-first-screen] .boot-splash{display:none}</style>`;

/**
 * A stylesheet link the browser does not fetch: Vite's loader reads the page's stylesheet
 * links before adding a chunk's and skips those it finds, so the app never fetches, nor
 * adds a second copy of, rules the page already holds.
 */
export function disabledLink(href: string) {
  return `<link rel="stylesheet" crossorigin href="${href}" disabled>`;
}

/**
 * index.html in one language: <html lang/dir> set, the drawings in #root before the
 * splash, their stylesheets written into <head>.
 */
export function pageIn(
  page: string,
  language: DrawnLanguage,
  stylesheets: { inline: string; joined: string[] },
): string {
  const htmlTag = /<html [^>]*>/.exec(page);
  const root = page.indexOf('<div id="root">');
  const head = page.indexOf('</head>');
  if (!htmlTag || root < 0 || head < 0) throw new Error('first-screen: index.html has changed');
  // Test ids are set aside until the app takes the drawing over (a test finds the app's
  // elements, never a drawing that does not answer yet; main.tsx puts them back, decision
  // 205), and the router's inline scroll-restoring script goes: the CSP would refuse it.
  const screens = Object.entries(language.drawn)
    .map(([name, html]) => `<div class="first-screen first-screen--${name}">${html}</div>`)
    .join('')
    .replace(/ data-testid="/g, ' data-drawn-testid="')
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
  const links = [stylesheets.inline, ...stylesheets.joined.map(disabledLink)].join('\n    ');
  const after = root + '<div id="root">'.length;
  return (
    page
      .slice(0, head)
      .replace(
        htmlTag[0],
        `<html lang="${language.locale}" dir="${language.dir}" data-prefers-color-scheme="dark" data-first-screen-language="${language.code}">`,
      ) +
    `  ${links}\n    ${CHOOSING_STYLE}\n  ` +
    page.slice(head, after) +
    screens +
    page.slice(after)
  );
}
