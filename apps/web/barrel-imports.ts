// Build step: `import { Button, Toast } from 'antd-mobile'` becomes an import of each
// component's own module (and the same for antd-mobile-icons), as babel-plugin-import did
// for antd. The libraries' index files import every component, so through them the bundler
// sees every screen importing the whole library: tree-shaking still drops what is unused,
// but chunking cannot tell which screen needs which component (decisions 122 and 133).
// antd-mobile's components import the icons' index and ahooks' the same way, and are
// rewritten too (ahooks' index imports every hook: seen through it, Home "imported" hooks
// only other screens use, and Trade seemed to share them with Home: issue 33).
// The index's own side effect, antd-mobile's global styles, is kept by importing it first.
// Build only: the dev server pre-bundles the libraries whole.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/** Where each export of a library's index comes from: `Name` → module and its export. */
export type BarrelMap = Map<string, { from: string; imported: string }>;

const REEXPORT = /export\s*\{([^}]*)\}\s*from\s*['"](\.[^'"]+)['"]/g;
// ahooks' index imports each hook and exports them by the same names in one list.
const IMPORT_DEFAULT = /import\s+(\w+)\s+from\s*['"](\.[^'"]+)['"]/g;
const IMPORT_NAMED = /import\s*\{([^}]*)\}\s*from\s*['"](\.[^'"]+)['"]/g;

/**
 * Reads `export { default as A, b } from './x'` lines of an index file, and its
 * `import A from './x'` and `import { b } from './x'` lines (exported under those names).
 */
export function barrelMap(library: string, indexSource: string): BarrelMap {
  const map: BarrelMap = new Map();
  const module = (relative: string) =>
    `${library}/es/${relative.replace(/^\.\//, '').replace(/\.js$/, '')}`;
  const named = (specifiers: string, from: string) => {
    for (const specifier of specifiers.split(',')) {
      const [imported, exported = imported] = specifier.trim().split(/\s+as\s+/);
      if (imported) map.set(exported!.trim(), { from, imported: imported.trim() });
    }
  };
  for (const [, local, relative] of indexSource.matchAll(IMPORT_DEFAULT)) {
    map.set(local!, { from: module(relative!), imported: 'default' });
  }
  for (const [, specifiers, relative] of indexSource.matchAll(IMPORT_NAMED)) {
    named(specifiers!, module(relative!));
  }
  for (const [, specifiers, relative] of indexSource.matchAll(REEXPORT)) {
    named(specifiers!, module(relative!));
  }
  return map;
}

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"](antd-mobile|antd-mobile-icons|ahooks)['"];?/g;

/** The module's imports of the libraries' index files, rewritten; null when it has none. */
export function rewriteBarrelImports(
  code: string,
  maps: Record<string, BarrelMap>,
  sideEffects: Record<string, string>,
): string | null {
  let changed = false;
  const out = code.replace(IMPORT, (whole, specifiers: string, library: string) => {
    const map = maps[library]!;
    const lines: string[] = sideEffects[library]
      ? [`import ${JSON.stringify(sideEffects[library])};`]
      : [];
    const unknown: string[] = [];
    for (const specifier of specifiers
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const [imported, local = imported] = specifier.split(/\s+as\s+/) as [string, string?];
      const source = map.get(imported);
      if (!source) {
        unknown.push(specifier);
        continue;
      }
      lines.push(
        source.imported === 'default'
          ? `import ${local} from ${JSON.stringify(source.from)};`
          : `import { ${source.imported === local ? local : `${source.imported} as ${local}`} } from ${JSON.stringify(source.from)};`,
      );
    }
    // Anything the index does not re-export by name stays as it was written.
    if (unknown.length > 0)
      lines.push(`import { ${unknown.join(', ')} } from ${JSON.stringify(library)};`);
    changed = true;
    // On one line, so the module's other lines keep their numbers.
    return lines.join(' ');
  });
  return changed ? out : null;
}

export function barrelImportsPlugin(): Plugin {
  const require = createRequire(import.meta.url);
  const read = (library: string) => {
    const index = join(dirname(require.resolve(`${library}/package.json`)), 'es', 'index.js');
    return barrelMap(library, readFileSync(index, 'utf8'));
  };
  const maps = {
    'antd-mobile': read('antd-mobile'),
    'antd-mobile-icons': read('antd-mobile-icons'),
    ahooks: read('ahooks'),
  };
  const sideEffects = { 'antd-mobile': 'antd-mobile/es/global' };
  return {
    name: 'olive-barrel-imports',
    apply: 'build',
    transform: {
      // Our code, and antd-mobile's own components (they import the icons' and ahooks').
      filter: {
        id: /(\/src\/.*\.[jt]sx?|\/node_modules\/antd-mobile\/es\/.*\.js)$/,
        code: /antd-mobile|ahooks/,
      },
      handler(code) {
        const rewritten = rewriteBarrelImports(code, maps, sideEffects);
        return rewritten === null ? null : { code: rewritten, map: null };
      },
    },
  };
}
