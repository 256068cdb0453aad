// Runs once per `npm test`: a PostgreSQL server (embedded in a temporary folder, or the
// one at DATABASE_URL), the owner and app roles (decision 140), and a migrated template
// database named for this run. The app under test logs in as the app role, which owns
// nothing; migrations, seeding and tests that must act as the owner use the owner role.
// Teardown drops every database and role this run created and nothing else.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, withDatabase, type EmbeddedServer } from '../src/db/embedded.ts';
import { migrateDatabase } from '../src/db/open.ts';
import { seed } from '../src/seed.ts';
import { ensureLoginRoles, type RoleLogin } from '../src/db/roles.ts';
import { freePort } from './ports.ts';

/** `url` logging in as `login` instead. */
function as(url: string, login: RoleLogin) {
  const parsed = new URL(url);
  parsed.username = encodeURIComponent(login.user);
  parsed.password = encodeURIComponent(login.password);
  return parsed.toString();
}

export default async function setup(project: TestProject) {
  let embedded: EmbeddedServer | null = null;
  let dataDir: string | null = null;
  const run = randomBytes(4).toString('hex');
  let adminUrl = process.env.DATABASE_URL ?? '';
  let ownerUrl: string;
  let appUrl: string;
  // Roles are the cluster's, not a database's: on a shared server (CI's second pass) each
  // run makes its own pair, so two runs never share or drop each other's.
  let runRoles: RoleLogin[] = [];
  if (!adminUrl) {
    dataDir = await mkdtemp(join(tmpdir(), 'olive-test-pg-'));
    await chmod(dataDir, 0o755); // PostgreSQL runs as its own user when we are root
    embedded = await startEmbeddedPostgres({
      dataDir: join(dataDir, 'pg'),
      port: await freePort(),
    });
    adminUrl = embedded.adminUrl;
    ownerUrl = embedded.ownerUrlFor('postgres');
    appUrl = embedded.urlFor('postgres');
  } else {
    const password = () => randomBytes(18).toString('base64url');
    const owner = { user: `olive_test_${run}_owner`, password: password() };
    const app = { user: `olive_test_${run}_app`, password: password() };
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await ensureLoginRoles(admin, [owner, app]);
    } finally {
      await admin.end();
    }
    runRoles = [owner, app];
    ownerUrl = as(adminUrl, owner);
    appUrl = as(adminUrl, app);
  }
  const ownerRole = decodeURIComponent(new URL(ownerUrl).username);
  const appRole = decodeURIComponent(new URL(appUrl).username);
  const template = `olive_test_${run}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${template}" owner "${ownerRole}"`);
  await admin.end();

  await migrateDatabase(withDatabase(ownerUrl, template), appRole, seed);

  project.provide('adminUrl', adminUrl);
  project.provide('ownerUrl', ownerUrl);
  project.provide('appUrl', appUrl);
  project.provide('templateDatabase', template);

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname = $1 or datname like $2`,
      [template, `${template}\\_%`],
    );
    for (const { datname } of rows) {
      await client.query(`drop database if exists "${datname}" with (force)`);
    }
    for (const { user } of runRoles) await client.query(`drop role if exists "${user}"`);
    await client.end();
    await embedded?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}
