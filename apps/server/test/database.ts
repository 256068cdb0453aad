// Each test file gets a database of its own, cloned from the run's migrated template
// (CREATE DATABASE ... TEMPLATE is a file copy: milliseconds, not a migration run). The
// app's connection logs in as the app role (owns nothing, decision 140); `owner` is the
// schema owner's, for tests that must do what the app cannot (raw inserts that simulate an
// attack, statistics, sequences).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type Db } from '../src/db/database.ts';
import { withDatabase } from '../src/db/embedded.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser's connection string to the run's PostgreSQL maintenance database. */
    adminUrl: string;
    /** The owner role's, on the maintenance database (swap the database name). */
    ownerUrl: string;
    /** The app role's, on the maintenance database (swap the database name). */
    appUrl: string;
    /** The migrated database every test file clones. */
    templateDatabase: string;
  }
}

export interface TestDatabase {
  /** The app role's connection string. */
  url: string;
  /** The app role's pool: what the app under test uses. */
  db: Db;
  /** The owner role's connection string. */
  ownerUrl: string;
  /** The owner role's pool, for what only the schema's owner may do. */
  owner: Db;
  /** A superuser's connection string to this database (loading auto_explain). */
  superuserUrl: string;
  drop(): Promise<void>;
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('adminUrl') });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(poolSize = 10): Promise<TestDatabase> {
  const template = inject('templateDatabase');
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  const ownerRole = decodeURIComponent(new URL(inject('ownerUrl')).username);
  // Two files cloning the template at the same moment collide ("source database is
  // being accessed by other users"); retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin((c) =>
        c.query(`create database "${name}" template "${template}" owner "${ownerRole}"`),
      );
      break;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  const url = withDatabase(inject('appUrl'), name);
  const ownerUrl = withDatabase(inject('ownerUrl'), name);
  const db = createDb(url, poolSize);
  const owner = createDb(ownerUrl, 2);
  return {
    url,
    db,
    ownerUrl,
    owner,
    superuserUrl: withDatabase(inject('adminUrl'), name),
    async drop() {
      await db.destroy();
      await owner.destroy();
      await admin((c) => c.query(`drop database if exists "${name}" with (force)`));
    },
  };
}
