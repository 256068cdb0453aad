#!/usr/bin/env node
// First step of `npm start`: before the web app is rebuilt, make sure no Olive already runs
// in this data folder (apps/server/src/instance-lock.ts writes the lock; same format).
// Exits 1 with a plain message naming the process, its address and how to stop it.
import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = fileURLToPath(new URL('../apps/server/', import.meta.url));

// PG_DATA_DIR as the server will see it: the environment, else apps/server/.env, else the default.
function pgDataDir() {
  if (process.env.PG_DATA_DIR) return process.env.PG_DATA_DIR;
  try {
    const line = readFileSync(resolve(serverDir, '.env'), 'utf8')
      .split('\n')
      .find((l) => /^\s*PG_DATA_DIR\s*=/.test(l));
    if (line)
      return line
        .split('=')
        .slice(1)
        .join('=')
        .trim()
        .replace(/^["']|["']$/g, '');
  } catch {
    // No .env.
  }
  return '.data/pg';
}

const dir = pgDataDir();
// The server runs with apps/server as its working directory (npm run start -w).
const file = resolve(isAbsolute(dir) ? dir : resolve(serverDir, dir), '..', 'olive.lock');
let info;
try {
  info = JSON.parse(readFileSync(file, 'utf8'));
} catch {
  process.exit(0);
}
try {
  process.kill(info.pid, 0);
} catch (error) {
  if (error.code !== 'EPERM') process.exit(0); // stale: the server takes it over
}
const where = info.url ?? `port ${info.port}`;
console.error(
  `Olive is already running in this folder: process ${info.pid}, serving ${where} ` +
    `(since ${info.startedAt}).\n` +
    `Open ${info.url ?? 'it'} in a browser, or stop it first: Ctrl-C in its terminal, or kill ${info.pid}\n` +
    `(lock: ${file}). To run a second copy, use another folder or PG_DATA_DIR and PORT.`,
);
process.exit(1);
