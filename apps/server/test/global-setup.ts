// Runs once per `npm test`: a PostgreSQL server (embedded in a temporary folder, or the
// one at DATABASE_URL) and a migrated template database named for this run. Teardown
// drops every database this run created and nothing else.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../src/db/database.ts';
import { startEmbeddedPostgres, type EmbeddedServer } from '../src/db/embedded.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seed } from '../src/db/seed.ts';
import { freePort } from './ports.ts';

function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export default async function setup(project: TestProject) {
  let embedded: EmbeddedServer | null = null;
  let dataDir: string | null = null;
  let adminUrl = process.env.DATABASE_URL ?? '';
  if (!adminUrl) {
    dataDir = await mkdtemp(join(tmpdir(), 'olive-test-pg-'));
    embedded = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    adminUrl = embedded.adminUrl;
  }
  const template = `olive_test_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  await admin.end();

  const db = createDb(withDatabase(adminUrl, template), 2);
  await migrateToLatest(db as never);
  await seed(db);
  await db.destroy();

  project.provide('adminUrl', adminUrl);
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
    await client.end();
    await embedded?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}
