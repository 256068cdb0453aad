// How a test starts the server or the CLI as a process of its own (olive-process.ts,
// cli.ts, the ledger's crash test): the JavaScript `npm run build` made (`npm test` builds first), as production
// runs it, when it is newer than every source it was made from; otherwise the TypeScript
// sources through tsx, as a fresh clone's `npm start` does. tsx compiles the server's
// 300-odd modules again in every process (about 7 s of CPU each, 3 s from the build), and
// the suite starts dozens of them (decision 194).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { trees as TREES } from '../../../scripts/build-server.mjs';
import { serverNodeFlags } from '../../../scripts/server-node-flags.mjs';

const root = fileURLToPath(new URL('../../../', import.meta.url));

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (/\.(ts|json|sol)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
      newest = Math.max(newest, statSync(path).mtimeMs);
    }
  }
  return newest;
}

let built: boolean | undefined;

/** True when every tree's build is newer than its newest source. */
export function builtIsCurrent(): boolean {
  if (built !== undefined) return built;
  built = TREES.every((tree) => {
    try {
      const made = statSync(join(root, tree, 'dist')).mtimeMs;
      const entry =
        tree === 'apps/server' ? statSync(join(root, tree, 'dist/main.js')).mtimeMs : made;
      return Math.min(made, entry) >= newestSource(join(root, tree, 'src'));
    } catch {
      return false;
    }
  });
  return built;
}

/**
 * Node's arguments to run the server module `src/<entry>.ts` (`main`, `cli`,
 * `modules/ledger/crash-poster`), by absolute path: the built one when it is current. The
 * server (`main`) runs with the options production gives it (decision 207).
 */
export function entryArgs(entry: string): string[] {
  const server = join(root, 'apps/server');
  const flags = entry === 'main' ? serverNodeFlags : [];
  return builtIsCurrent()
    ? [
        ...flags,
        '--conditions=olive-built',
        '--enable-source-maps',
        join(server, `dist/${entry}.js`),
      ]
    : [...flags, '--import', 'tsx', join(server, `src/${entry}.ts`)];
}
