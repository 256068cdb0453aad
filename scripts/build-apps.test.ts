// `npm start` rebuilds an app only when what its build reads changed (issue 33).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script, without types.
import { apps, wantedBuild } from './build-apps.mjs';

type App = { name: string; inputs: string[] };
const [web, admin] = apps as [App, App];
let root: string;

function put(path: string, text: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** What a build leaves: its page and the stamp of the inputs it was built from. */
function built(app: App, env: NodeJS.ProcessEnv = {}) {
  const wanted = wantedBuild(app, root, env) as string;
  put(`apps/${app.name}/dist/index.html`, '<!doctype html>');
  put(`apps/${app.name}/dist/.inputs-sha256`, wanted);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'olive-build-'));
  put('package-lock.json', '{}');
  put('tsconfig.base.json', '{}');
  put('packages/protocol/src/numbers.ts', 'export const a = 1;');
  put('apps/web/src/main.tsx', 'render();');
  put('packages/tooling/src/precompress.ts', 'export {};');
  put('apps/admin/src/main.tsx', 'render();');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('a restart of npm start', () => {
  it('builds an app never built, then skips it while nothing it reads changes', () => {
    expect(wantedBuild(web, root, {})).toMatch(/^[0-9a-f]{64}$/);
    built(web);
    expect(wantedBuild(web, root, {})).toBeUndefined();
    // Tests, journeys and the output itself are not inputs of the build.
    put('apps/web/src/main.test.tsx', 'it();');
    put('apps/web/e2e/home.test.ts', 'it();');
    put('apps/web/dist/assets/x.js', '1');
    expect(wantedBuild(web, root, {})).toBeUndefined();
  });

  it('rebuilds after a source, a shared package, the lock file or a VITE_ variable changed', () => {
    for (const change of [
      () => put('apps/web/src/main.tsx', 'render(1);'),
      () => put('packages/protocol/src/numbers.ts', 'export const a = 2;'),
      () => put('package-lock.json', '{"v":2}'),
    ]) {
      built(web);
      change();
      expect(wantedBuild(web, root, {})).toBeDefined();
    }
    built(web);
    expect(wantedBuild(web, root, { VITE_RESERVES_RPC_ERC20: 'http://node' })).toBeDefined();
  });

  it("rebuilds the console when the shared precompress plugin it uses changed, not the app's", () => {
    built(admin);
    put('apps/web/src/main.tsx', 'render(2);');
    put('packages/tooling/src/e2e/browser.ts', 'export {};');
    expect(wantedBuild(admin, root, {})).toBeUndefined();
    put('packages/tooling/src/precompress.ts', 'export const level = 11;');
    expect(wantedBuild(admin, root, {})).toBeDefined();
  });

  it('rebuilds when the last output is gone', () => {
    built(web);
    rmSync(join(root, 'apps/web/dist/index.html'));
    expect(wantedBuild(web, root, {})).toBeDefined();
  });
});
