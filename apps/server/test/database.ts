// Each test file gets a database of its own, cloned from the run's migrated template
// (CREATE DATABASE ... TEMPLATE is a file copy: milliseconds, not a migration run).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { createDb, type Db } from '../src/db/database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of the run's PostgreSQL maintenance database. */
    adminUrl: string;
    /** The migrated database every test file clones. */
    templateDatabase: string;
  }
}

export interface TestDatabase {
  url: string;
  db: Db;
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
  // Two files cloning the template at the same moment collide ("source database is
  // being accessed by other users"); retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin((c) => c.query(`create database "${name}" template "${template}"`));
      break;
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  const url = new URL(inject('adminUrl'));
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), poolSize);
  return {
    url: url.toString(),
    db,
    async drop() {
      await db.destroy();
      await admin((c) => c.query(`drop database if exists "${name}" with (force)`));
    },
  };
}
