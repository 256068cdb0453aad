// Build step: the first-screen script (src/app/first-screen.ts, decisions 130, 135, 201).
// For every path of app/screens.ts and every interface language it lists the files the app
// would fetch after its entry (the screen's chunk, its imports and its stylesheets; the
// language's catalogue and antd-mobile's strings in it), writes them with the app's entry
// and first files into a small classic script, and writes that script into index.html's
// <head> in place of Vite's tags: it starts the app once the page's content is painted. The
// page's stylesheets are written in too, so the first frame needs the document alone.
// It also draws the first screens into index.html, one page per language
// (first-screen-html.ts, decision 135); the same script picks the drawing to show.
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { screens } from './src/app/screens.ts';
import { ANTD_LOCALE_TAGS } from './src/lib/antd-locale-tags.ts';
import type { FirstScreenFiles } from './src/app/first-screen.ts';
import { FIRST_SCREENS, disabledLink, drawFirstScreens, pageIn } from './first-screen-html.ts';

const BOOT_MODULE = fileURLToPath(new URL('./src/app/first-screen.ts', import.meta.url));
const SCREEN = /\/src\/app\/routes\/([\w-]+)\.tsx$/;
const CATALOGUE = /\/src\/locales\/(\w+)\.json$/;
const ANTD_LOCALE = /\/antd-mobile\/es\/locales\/([\w-]+)\.js$/;

/** What the build reads from the bundle; the app's own files come from index.html. */
type ScreenFiles = Omit<FirstScreenFiles, 'app'>;

type Chunk = OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** A chunk and everything it imports statically, by file name. */
function closure(chunk: Chunk, byName: Map<string, Chunk>, into = new Set<string>()) {
  if (into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  for (const name of chunk.imports) {
    const imported = byName.get(name);
    if (imported) closure(imported, byName, into);
  }
  return into;
}

/** The files (scripts, then stylesheets) a chunk needs that the entry has not fetched. */
function filesOf(chunk: Chunk, byName: Map<string, Chunk>, fetched: Set<string>) {
  const scripts = [...closure(chunk, byName)];
  const styles = scripts.flatMap((name) => [
    ...(byName.get(name)?.viteMetadata?.importedCss ?? []),
  ]);
  return [...new Set([...scripts, ...styles])]
    .filter((name) => !fetched.has(name))
    .map((n) => `/${n}`);
}

/** What the preload needs to know, from the bundle. */
export function firstScreenFiles(bundle: OutputBundle): ScreenFiles {
  const chunks = Object.values(bundle).filter((file): file is Chunk => file.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  // What index.html loads itself: the entry's imports and its stylesheets.
  const fetched = new Set<string>();
  for (const entry of chunks.filter((chunk) => chunk.isEntry)) {
    for (const name of closure(entry, byName)) {
      fetched.add(name);
      for (const css of byName.get(name)?.viteMetadata?.importedCss ?? []) fetched.add(css);
    }
  }
  const files: string[] = [];
  const indexes = (names: string[]) =>
    names.map((name) => {
      const at = files.indexOf(name);
      return at >= 0 ? at : files.push(name) - 1;
    });
  const screenChunk = new Map<string, Chunk>();
  const antdChunk = new Map<string, Chunk>();
  const languages: FirstScreenFiles['languages'] = {};
  for (const chunk of chunks) {
    const id = chunk.facadeModuleId ?? '';
    // A screen's chunk: the one its module starts, or the group chunk that holds it
    // (Home's, decision 133, which the router imports directly).
    for (const moduleId of chunk.moduleIds) {
      const screen = SCREEN.exec(moduleId)?.[1];
      if (screen && (moduleId === id || !screenChunk.has(screen))) screenChunk.set(screen, chunk);
    }
    const language = CATALOGUE.exec(id)?.[1];
    if (language) languages[language] = indexes(filesOf(chunk, byName, fetched));
    const tag = ANTD_LOCALE.exec(id)?.[1];
    if (tag) antdChunk.set(tag, chunk);
  }
  // A language's antd-mobile strings, which the app loads beside its catalogue.
  for (const [language, tag] of Object.entries(ANTD_LOCALE_TAGS)) {
    const chunk = antdChunk.get(tag);
    if (!chunk) throw new Error(`first-screen: no chunk for antd-mobile's ${tag} locale`);
    languages[language] = [
      ...new Set([...(languages[language] ?? []), ...indexes(filesOf(chunk, byName, fetched))]),
    ];
  }
  const filesOfScreen = (file: string) => {
    const chunk = screenChunk.get(file);
    if (!chunk) throw new Error(`first-screen: no chunk for app/routes/${file}.tsx`);
    return filesOf(chunk, byName, fetched);
  };
  // Every path whose screen is a drawn one shows its drawing (`/` is Home, decision 202).
  const drawnFile = new Map(
    Object.entries(FIRST_SCREENS).map(([name, path]) => {
      const screen = screens.find((s) => s.path === path);
      if (!screen) throw new Error(`first-screen: ${path} is not in app/screens.ts`);
      return [screen.file, name];
    }),
  );
  const drawn = Object.fromEntries(
    screens.flatMap((s) => (drawnFile.has(s.file) ? [[s.path, drawnFile.get(s.file)!]] : [])),
  );
  const result: ScreenFiles = { files, screens: {}, languages, drawn };
  for (const screen of screens) {
    const needed = indexes(filesOfScreen(screen.file));
    result.screens[screen.path] = screen.signedIn
      ? { files: needed, signedIn: true }
      : { files: needed };
  }
  return result;
}

/** The preload script with the files written in: an IIFE, minified. */
async function bootScript(data: FirstScreenFiles) {
  const entry = '\0olive-first-screen';
  const build = await rolldown({
    input: entry,
    plugins: [
      {
        name: 'olive-first-screen-data',
        resolveId: (id) => (id === entry ? id : null),
        load: (id) =>
          id === entry
            ? `import { preloadFirstScreen } from ${JSON.stringify(BOOT_MODULE)};\n` +
              `preloadFirstScreen(${JSON.stringify(data)});`
            : null,
      },
    ],
  });
  try {
    const { output } = await build.generate({ format: 'iife', minify: true });
    return output[0].code;
  } finally {
    await build.close();
  }
}

/** The stylesheets `hrefs` of the bundle, joined in one <style>. */
function inlineStyle(bundle: OutputBundle, hrefs: string[]) {
  const css = hrefs.map((href) => {
    const asset = bundle[href.slice(1)];
    if (asset?.type !== 'asset') throw new Error(`first-screen: ${href} is not in the bundle`);
    return String(asset.source);
  });
  const joined = css.join('\n');
  if (/<\/style/i.test(joined)) throw new Error('first-screen: a stylesheet cannot be inline');
  return `<style>${joined}</style>`;
}

/** The preload lists without `hrefs` (files whose content the page already holds). */
function withoutFiles(data: ScreenFiles, hrefs: string[]): ScreenFiles {
  const dropped = new Set(hrefs.map((href) => data.files.indexOf(href)));
  const keep = (indexes: number[]) => indexes.filter((i) => !dropped.has(i));
  return {
    ...data,
    screens: Object.fromEntries(
      Object.entries(data.screens).map(([path, screen]) => [
        path,
        { ...screen, files: keep(screen.files) },
      ]),
    ),
    languages: Object.fromEntries(
      Object.entries(data.languages).map(([language, files]) => [language, keep(files)]),
    ),
  };
}

export function firstScreenPlugin(): Plugin {
  return {
    name: 'olive-first-screen',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const html = bundle['index.html'] as OutputAsset | undefined;
      if (!html) throw new Error('first-screen: index.html is not in the bundle yet');
      const files = bundle as unknown as OutputBundle;
      const all = firstScreenFiles(files);
      // The drawn screens' stylesheets, written into <head> so that they are drawn styled
      // after the document alone. Each file joined is also named in <head> by a disabled
      // link, which the browser does not fetch; Vite's loader reads the page's stylesheet
      // links before adding a screen's and skips those it finds, so the app never fetches
      // them again, and never adds, after the drawing, a second copy of rules the page
      // already has (a style recalculation of the whole page: a task of 150-200 ms on
      // Lighthouse's simulated phone). The first-screen script does not preload them
      // either. The rules keep the order they have when Home is opened first.
      const joined = [
        ...new Set(
          Object.values(FIRST_SCREENS).flatMap((path) =>
            all.screens[path]!.files.map((i) => all.files[i]!).filter((f) => f.endsWith('.css')),
          ),
        ),
      ];
      // The app's own tags, which Vite wrote into <head>: its entry and the files that
      // entry imports, fetched by the first-screen script once the page's content is
      // painted (decisions 201, 204), and its stylesheets, written into the page.
      let page = String(html.source);
      const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(page);
      if (!entry) throw new Error('first-screen: no module script in index.html');
      const modulePreload = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
      const appFiles = [...page.matchAll(modulePreload)].map((m) => m[1]!);
      page = page.replace(modulePreload, '');
      const data = { ...withoutFiles(all, joined), app: { entry: entry[1]!, files: appFiles } };
      const code = await bootScript(data);
      // The CSP allows this script by its hash (the server reads it from the page).
      if (/<\/script|<!--/i.test(code))
        throw new Error('first-screen: the script cannot be inline');
      page = page.replace(entry[0], `<script>${code}</script>\n    `);
      page = page.replace(
        /<link rel="stylesheet" crossorigin href="([^"]+)">/g,
        (_tag, href: string) => `${inlineStyle(files, [href])}\n    ${disabledLink(href)}`,
      );
      const stylesheets = { inline: inlineStyle(files, joined), joined };
      for (const language of await drawFirstScreens()) {
        const source = pageIn(page, language, stylesheets);
        if (language.code === 'en') html.source = source;
        else this.emitFile({ type: 'asset', fileName: `index.${language.code}.html`, source });
      }
    },
  };
}
