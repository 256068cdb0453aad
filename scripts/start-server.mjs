#!/usr/bin/env node
// The server's `npm start` (decision 153): with NODE_ENV=production, the JavaScript that
// `npm run build` made (apps/server/dist), run by Node alone; otherwise the TypeScript
// sources through tsx, as a fresh clone's `npm start` always did. Signals reach the child
// (it shares the process group), and its exit code is this one's.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from './server-node-flags.mjs';

const serverDir = fileURLToPath(new URL('../apps/server/', import.meta.url));
const production = process.env.NODE_ENV === 'production';
const built = `${serverDir}dist/main.js`;
if (production && !existsSync(built)) {
  console.error(
    'NODE_ENV=production runs the built server, and there is none: run `npm run build` first.',
  );
  process.exit(1);
}
const args = [
  ...serverNodeFlags,
  ...(production
    ? ['--conditions=olive-built', '--enable-source-maps', built]
    : ['--import', 'tsx', 'src/main.ts']),
];
const child = spawn(process.execPath, args, { cwd: serverDir, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
