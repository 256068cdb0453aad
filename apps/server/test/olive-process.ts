// `npm start`'s server as an operator runs it: a real process (server-entry.ts) in a
// process group of its own, on a test database, with its data folder (lock, devchain
// state) in a temp directory. For tests of start-up, restart and stop.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { translate } from '../src/i18n/index.ts';
import { freePort } from './ports.ts';
import { entryArgs } from './server-entry.ts';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

export interface OliveProcess {
  child: ChildProcess;
  pid: number;
  url: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Sends `signal` to the whole process group (as Ctrl-C does) and waits until all exited. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; output: string }>;
}

/**
 * The environment of `npm start` on a test database: its data folder (lock, devchain
 * state) under `dataDir`, free ports, a devchain mining every 200 ms, the dev inbox, no
 * Redis, and a rate limit out of the way. `overrides` win.
 */
export async function oliveEnv(
  databaseUrl: string,
  dataDir: string,
  overrides: Record<string, string> = {},
): Promise<Record<string, string>> {
  return {
    DATABASE_URL: databaseUrl,
    PG_DATA_DIR: join(dataDir, 'pg'),
    PORT: '0',
    DEV_INBOX_PORT: '0',
    DEVCHAIN_PORT: String(await freePort()),
    DEVCHAIN_BLOCK_MS: '200',
    RATE_LIMIT_PER_MINUTE: '100000',
    SMTP_URL: '',
    REDIS_URL: '',
    ...overrides,
  };
}

/** Pids whose process group is `pgid` (Linux /proc). */
export function groupMembers(pgid: number): number[] {
  const members: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command (in parentheses): state ppid pgrp ...
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid && fields[0] !== 'Z') members.push(Number(name));
    } catch {
      // Exited while we looked.
    }
  }
  return members;
}

/** Runs the server; resolves once it prints its address, or rejects with its output. */
export function runOlive(
  env: Record<string, string>,
  options: { waitFor?: 'running' | 'exit' | 'chain'; timeoutMs?: number } = {},
): Promise<OliveProcess & { exitCode: number | null }> {
  const child = spawn(process.execPath, entryArgs('main'), {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'info', NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const pid = child.pid!;
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    try {
      process.kill(-pid, signal);
    } catch {
      // Already gone.
    }
    const code = await exited;
    for (let i = 0; i < 200 && groupMembers(pid).length > 0; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    return { code, output };
  };
  const timeoutMs = options.timeoutMs ?? 90_000;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop('SIGKILL');
      reject(new Error(`olive did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const poll = setInterval(() => {
      // APP_ROLE=chain says so instead, and serves no HTTP.
      const match =
        options.waitFor === 'chain'
          ? /Olive's devchain is running()/.exec(output)
          : /Olive is running at (http:\/\/\S+?)\/?\n/.exec(output);
      if (match && options.waitFor !== 'exit') {
        clearInterval(poll);
        clearTimeout(timer);
        resolve({
          child,
          pid,
          url: match[1]!.replace(/\/$/, ''),
          output: () => output,
          stop,
          exitCode: null,
        });
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(poll);
      clearTimeout(timer);
      if (options.waitFor === 'exit') {
        resolve({ child, pid, url: '', output: () => output, stop, exitCode: code });
      } else if (!/Olive is running at|Olive's devchain is running/.test(output)) {
        reject(new Error(`olive exited (${code}) before it was running:\n${output}`));
      }
    });
  });
}

/** A form-encoded POST to a running Olive, returning the envelope. */
const BUSY = translate('en', 'error.busy');

/**
 * One call as the app makes it. A refusal for load ("busy, try again in a few seconds",
 * with Retry-After) is asked again after a second, as the refusal says, up to 30 times:
 * a spawned server on a CI machine running eight suites on two cores sheds calls for
 * reasons that have nothing to do with the test (stop 40's CI). Any other reply returns.
 */
export async function post<T = unknown>(
  url: string,
  path: string,
  body: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<{ code: number; msg: string; data?: T }> {
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(body).toString(),
    });
    const reply = (await response.json()) as { code: number; msg: string; data?: T };
    const busy = reply.msg === BUSY && response.headers.has('retry-after');
    if (!busy || attempt >= 30) return reply;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
