// A throwaway PostgreSQL primary and a real streaming replica of it (pg_basebackup -R), from
// the machine's PostgreSQL binaries (Debian's postgresql-15 here and in CI), for the read
// routing's tests. As root, the servers run as the `postgres` user, as PostgreSQL demands.
// Trust authentication on loopback only: the cluster lives a few seconds in a temp folder.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { userInfo } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './ports.ts';

const run = promisify(execFile);

/** The newest machine PostgreSQL's bin folder that has pg_basebackup, or null. */
export function machinePostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = join(root, version, 'bin');
    if (existsSync(join(bin, 'pg_basebackup')) && existsSync(join(bin, 'postgres'))) return bin;
  }
  return null;
}

export interface StreamingPair {
  primaryUrl: string;
  replicaUrl: string;
  /** Stops replaying WAL on the replica (it keeps receiving): its lag grows. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Stops the replica outright, as a crashed node. */
  stopReplica(): Promise<void>;
  stop(): Promise<void>;
}

export async function startStreamingPair(): Promise<StreamingPair> {
  const bin = machinePostgresBin();
  if (!bin) throw new Error('no machine PostgreSQL with pg_basebackup under /usr/lib/postgresql');
  const asRoot = process.getuid?.() === 0;
  const ids = asRoot ? await run('id', ['-u', 'postgres']).then((r) => Number(r.stdout)) : null;
  const gid = asRoot ? await run('id', ['-g', 'postgres']).then((r) => Number(r.stdout)) : null;
  const user = asRoot ? 'postgres' : userInfo().username;
  const as = asRoot ? { uid: ids!, gid: gid! } : {};
  const dir = mkdtempSync(join(tmpdir(), 'olive-replica-'));
  if (asRoot) chownSync(dir, ids!, gid!);
  const primaryDir = join(dir, 'primary');
  const replicaDir = join(dir, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const children: ChildProcess[] = [];

  const start = (dataDir: string, port: number) => {
    const child = spawn(
      join(bin, 'postgres'),
      ['-D', dataDir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1'],
      { ...as, stdio: 'ignore' },
    );
    children.push(child);
    return child;
  };
  const ready = async (url: string) => {
    for (let attempt = 0; ; attempt++) {
      const client = new pg.Client({ connectionString: url });
      try {
        await client.connect();
        await client.end();
        return;
      } catch (error) {
        await client.end().catch(() => undefined);
        if (attempt > 200) throw error;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };

  await run(join(bin, 'initdb'), ['-D', primaryDir, '-U', user, '--auth=trust', '--no-sync'], as);
  const primary = start(primaryDir, primaryPort);
  const primaryUrl = `postgres://${user}@127.0.0.1:${primaryPort}/postgres`;
  await ready(primaryUrl);
  await run(
    join(bin, 'pg_basebackup'),
    [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      user,
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
    ],
    as,
  );
  let replica: ChildProcess | null = start(replicaDir, replicaPort);
  const replicaUrl = `postgres://${user}@127.0.0.1:${replicaPort}/postgres`;
  await ready(replicaUrl);

  const onReplica = async (statement: string) => {
    const client = new pg.Client({ connectionString: replicaUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const stopChild = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGINT'); // PostgreSQL's fast shutdown
    });

  return {
    primaryUrl,
    replicaUrl,
    pauseReplay: () => onReplica('select pg_wal_replay_pause()'),
    resumeReplay: () => onReplica('select pg_wal_replay_resume()'),
    async stopReplica() {
      if (replica) await stopChild(replica);
      replica = null;
    },
    async stop() {
      if (replica) await stopChild(replica);
      await stopChild(primary);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
