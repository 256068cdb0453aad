#!/usr/bin/env node
// `npm run build`'s server part: the server and the packages it imports, TypeScript to
// JavaScript with esbuild, file by file (no bundle), each `src/` into the `dist/` beside it,
// so every path a module finds from its own location (migrations, locales, the web apps'
// builds, the repository root) holds as in src. Relative `.ts` imports become `.js`; the
// packages' exports send the `olive-built` condition to dist (decision 153). Production runs
// `node --conditions=olive-built apps/server/dist/main.js`: no tsx, no TypeScript compiler.
import { build } from 'esbuild';
import { cpSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The trees compiled, each `src/` into the `dist/` beside it (apps/server/test/server-entry.ts
 * reads this list to tell whether the build is current). */
export const trees = [
  'apps/server',
  'packages/protocol',
  'packages/chain',
  'packages/market',
  'packages/devchain',
];

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  let files = 0;
  for (const tree of trees) {
    const src = join(root, tree, 'src');
    const dist = join(root, tree, 'dist');
    rmSync(dist, { recursive: true, force: true });
    const all = walk(src);
    const sources = all.filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'),
    );
    await build({
      entryPoints: sources,
      outdir: dist,
      outbase: src,
      bundle: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      sourcemap: 'linked',
      logLevel: 'warning',
    });
    // Data read at run time beside the code (locales, anything not TypeScript).
    for (const file of all) {
      if (/\.(json|sol)$/.test(file)) cpSync(file, join(dist, relative(src, file)));
    }
    for (const file of walk(dist).filter((f) => f.endsWith('.js'))) {
      const text = readFileSync(file, 'utf8');
      const rewritten = text.replace(
        /((?:from|import)\s*\(?\s*)(['"])(\.{1,2}\/[^'"]+?)\.ts\2/g,
        (_m, head, quote, path) => `${head}${quote}${path}.js${quote}`,
      );
      if (rewritten !== text) writeFileSync(file, rewritten);
    }
    files += sources.length;
  }
  process.stdout.write(
    `server built: ${files} files in ${Date.now() - started} ms (apps/server/dist, packages/*/dist)\n`,
  );
}
