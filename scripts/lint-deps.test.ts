// The import boundaries of .dependency-cruiser.cjs (decision 178) hold: each rule is run on
// a small tree shaped like this repository's, and a new upward arrow fails `npm run lint:deps`.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('..', import.meta.url));
const depcruise = join(repo, 'node_modules/.bin/depcruise');
let root: string;

function put(path: string, text: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** The rules broken by the tree, by name (empty when it keeps every boundary). */
async function broken(): Promise<string[]> {
  const args = ['apps', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'];
  const { stdout } = await promisify(execFile)(depcruise, args, { cwd: root }).catch(
    (error: { stdout: string }) => ({ stdout: error.stdout }),
  );
  const result = JSON.parse(stdout) as { summary: { violations: { rule: { name: string } }[] } };
  return result.summary.violations.map((v) => v.rule.name).sort();
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'olive-deps-'));
  copyFileSync(join(repo, '.dependency-cruiser.cjs'), join(root, '.dependency-cruiser.cjs'));
  put('tsconfig.base.json', '{"compilerOptions":{"allowImportingTsExtensions":true}}');
  put('apps/server/src/db/database.ts', 'export const db = 1;\n');
  put('apps/server/src/modules/ledger/ledger.repository.ts', "import '../../db/database.ts';\n");
  put('apps/server/src/modules/ledger/ledger.service.ts', "import './ledger.repository.ts';\n");
  put('apps/server/src/app.ts', "import './modules/ledger/ledger.service.ts';\n");
  put('apps/web/src/features/wallet/api.ts', 'export const wallet = 1;\n');
  put('apps/web/src/app/routes/home.tsx', "import '../../features/wallet/api.ts';\n");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('npm run lint:deps', () => {
  it('passes a tree whose arrows all point down', async () => {
    expect(await broken()).toEqual([]);
  }, 120_000);

  it('fails the database layer importing a module, or a module importing the top', async () => {
    put('apps/server/src/db/seed.ts', "import '../modules/ledger/ledger.service.ts';\n");
    put('apps/server/src/modules/ledger/cli.ts', "import '../../app.ts';\n");
    expect(await broken()).toEqual(['server-ground-reaches-up', 'server-module-reaches-top']);
  }, 120_000);

  it("fails a module reaching into another module's repository, not into its own", async () => {
    put(
      'apps/server/src/modules/wallet/wallet.service.ts',
      [
        "import '../ledger/ledger.service.ts';",
        "import '../ledger/ledger.repository.ts';",
        "import './wallet.repository.ts';",
      ].join('\n'),
    );
    put('apps/server/src/modules/wallet/wallet.repository.ts', 'export const w = 1;\n');
    expect(await broken()).toEqual(['server-module-uses-another-repository']);
  }, 120_000);

  it('fails a feature importing another feature or app/, a cycle, and the console importing the app', async () => {
    put(
      'apps/web/src/features/team/api.ts',
      "import '../wallet/api.ts';\nimport '../../app/routes/home.tsx';\n",
    );
    put('apps/server/src/db/a.ts', "import './b.ts';\n");
    put('apps/server/src/db/b.ts', "import './a.ts';\n");
    put('apps/admin/src/main.tsx', "import '../../web/src/features/wallet/api.ts';\n");
    expect(await broken()).toEqual([
      'console-imports-web-app',
      'no-cycle',
      'web-feature-imports-another-feature',
      'web-feature-imports-app',
    ]);
  }, 120_000);
});
