// One Olive per data folder: `npm start` takes `<data folder>/olive.lock` (the folder that
// holds PG_DATA_DIR) before anything else, so a second start in the same folder says which
// process already runs there, on which port, and how to stop it, instead of failing
// somewhere in the middle. scripts/check-running.mjs reads the same file before the web
// build (the format is shared: keep both in step).
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { dirname, resolve } from 'node:path';

export interface LockInfo {
  pid: number;
  port: number;
  url: string | null;
  startedAt: string;
}

export const lockFileFor = (pgDataDir: string): string => resolve(pgDataDir, '..', 'olive.lock');

/** The live holder of a lock file, or null (no file, unreadable, or its process is gone). */
export function lockHolder(file: string): LockInfo | null {
  let info: LockInfo;
  try {
    info = JSON.parse(readFileSync(file, 'utf8')) as LockInfo;
  } catch {
    return null;
  }
  if (!Number.isInteger(info.pid) || info.pid <= 0) return null;
  try {
    process.kill(info.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  return info;
}

export function alreadyRunningMessage(info: LockInfo, file: string): string {
  const where = info.url ?? `port ${info.port}`;
  return (
    `Olive is already running in this folder: process ${info.pid}, serving ${where} ` +
    `(since ${info.startedAt}).\n` +
    `Open ${info.url ?? 'it'} in a browser, or stop it first: Ctrl-C in its terminal, or kill ${info.pid}\n` +
    `(lock: ${file}). To run a second copy, use another folder or PG_DATA_DIR and PORT.`
  );
}

export class AlreadyRunningError extends Error {}

export interface InstanceLock {
  file: string;
  /** Records the address the server listens on, for the message a second start prints. */
  update(patch: Partial<LockInfo>): void;
  /** Removes the lock if it is still ours. Idempotent. */
  release(): void;
}

/** Takes the data folder's lock, or throws AlreadyRunningError naming the holder. */
export function acquireInstanceLock(file: string, port: number): InstanceLock {
  mkdirSync(dirname(file), { recursive: true });
  let info: LockInfo = { pid: process.pid, port, url: null, startedAt: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, `${JSON.stringify(info)}\n`);
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = lockHolder(file);
      if (holder) throw new AlreadyRunningError(alreadyRunningMessage(holder, file));
      if (attempt > 0) throw new Error(`could not take the lock ${file}`, { cause: error });
      // Left by a process that is gone (killed outright): take it over.
      rmSync(file, { force: true });
    }
  }
  let released = false;
  const ours = () => lockHolder(file)?.pid === process.pid;
  const release = () => {
    if (released) return;
    released = true;
    if (ours()) rmSync(file, { force: true });
  };
  process.on('exit', release);
  return {
    file,
    update(patch) {
      if (released || !ours()) return;
      info = { ...info, ...patch };
      writeFileSync(file, `${JSON.stringify(info)}\n`);
    },
    release,
  };
}
