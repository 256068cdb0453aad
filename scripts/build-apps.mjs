#!/usr/bin/env node
// Builds the investor app and the console, skipping an app whose inputs did not change
// since its last build (issue 33): `npm start` calls it so a warm restart does not spend
// half a minute rebuilding the same files. `npm run build` calls it with --force.
//
// An app's inputs are its own folder (sources, index.html, public files, Vite config, an
// .env), the shared packages it imports, the lock file, the base tsconfig and every VITE_*
// variable of the environment. Their SHA-256 is written to dist/.inputs-sha256 after a
// build that succeeded; a missing or different hash, or a missing dist/index.html, builds.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const force = process.argv.includes('--force');
const SKIP = new Set(['node_modules', 'dist', 'e2e', 'test-output', '.data']);

export const apps = [
  // Both build with @olive/tooling's precompress plugin (its e2e/ folder is skipped).
  { name: 'web', inputs: ['apps/web', 'packages/protocol', 'packages/tooling'] },
  { name: 'admin', inputs: ['apps/admin', 'packages/protocol', 'packages/tooling'] },
];

function* files(root, path) {
  const entries = readdirSync(join(root, path), { withFileTypes: true });
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (SKIP.has(entry.name)) continue;
    const child = join(path, entry.name);
    if (entry.isDirectory()) yield* files(root, child);
    else if (entry.isFile() && !/\.test\.[cm]?[jt]sx?$/.test(entry.name)) yield child;
  }
}

function listed(root, path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  return statSync(full).isDirectory() ? [...files(root, path)] : [path];
}

/** The SHA-256 of an app's inputs under `root`, with `env`'s VITE_* variables. */
export function inputsHash(app, root = repoRoot, env = process.env) {
  const hash = createHash('sha256');
  const paths = [
    ...app.inputs.flatMap((path) => listed(root, path)),
    ...['package-lock.json', 'tsconfig.base.json'].filter((p) => existsSync(join(root, p))),
  ];
  for (const path of paths) {
    hash.update(`${path}\0`);
    hash.update(readFileSync(join(root, path)));
    hash.update('\0');
  }
  const vite = Object.keys(env)
    .filter((k) => k.startsWith('VITE_'))
    .sort()
    .map((k) => `${k}=${env[k]}`);
  hash.update(vite.join('\n'));
  return hash.digest('hex');
}

/** The hash to build for, or undefined when the last build was of these very inputs. */
export function wantedBuild(app, root = repoRoot, env = process.env) {
  const dist = join(root, 'apps', app.name, 'dist');
  const stamp = join(dist, '.inputs-sha256');
  const wanted = inputsHash(app, root, env);
  const built =
    existsSync(join(dist, 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8');
  return built === wanted ? undefined : wanted;
}

function build(app) {
  const wanted = force ? inputsHash(app) : wantedBuild(app);
  if (wanted === undefined) {
    console.warn(`[build] ${app.name}: unchanged since its last build, not rebuilt`);
    return;
  }
  const run = spawnSync('npm', ['run', 'build', '-w', `@olive/${app.name}`], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
  writeFileSync(join(repoRoot, 'apps', app.name, 'dist', '.inputs-sha256'), wanted);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const app of apps) build(app);
}
