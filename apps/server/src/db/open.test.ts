// Opening the configured database with two roles (decision 140): migrations as the
// owner, the app as a role that owns nothing; a misconfigured app role stops the start,
// and one role alone is a warning in production.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { loadConfig } from '../config.ts';
import { withDatabase } from './embedded.ts';
import { openDatabase } from './open.ts';
import { currentRole } from './roles.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(2);
});
afterAll(() => database.drop());

const configWith = (env: Record<string, string>, production = false) => {
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  return production ? { ...config, NODE_ENV: 'production' as const } : config;
};

describe('openDatabase', () => {
  it('migrates as DATABASE_OWNER_URL and hands back the app role, confined, without a warning', async () => {
    const warnings: string[] = [];
    const opened = await openDatabase(
      configWith({ DATABASE_URL: database.url, DATABASE_OWNER_URL: database.ownerUrl }, true),
      { warn: (message) => warnings.push(message) },
    );
    try {
      expect(await currentRole(opened.db)).toBe(await currentRole(database.db));
      expect(opened.url).toBe(database.url);
      expect(warnings).toEqual([]);
    } finally {
      await opened.close();
    }
  });

  it('warns in production when one role owns the tables and runs the app', async () => {
    const warnings: string[] = [];
    const opened = await openDatabase(configWith({ DATABASE_URL: database.ownerUrl }, true), {
      warn: (message) => warnings.push(message),
    });
    await opened.close();
    expect(warnings).toEqual([
      expect.stringMatching(
        /DATABASE_OWNER_URL is not set and the app's database role "[^"]+" \(DATABASE_URL\) owns/,
      ),
    ]);
    // Not outside production: a development DATABASE_URL is often one role.
    const quiet: string[] = [];
    await (
      await openDatabase(configWith({ DATABASE_URL: database.ownerUrl }), {
        warn: (m) => quiet.push(m),
      })
    ).close();
    expect(quiet).toEqual([]);
  });

  it('runs a migrated database on the confined app role alone (a release job migrated it)', async () => {
    const warnings: string[] = [];
    const opened = await openDatabase(configWith({ DATABASE_URL: database.url }, true), {
      warn: (message) => warnings.push(message),
    });
    await opened.close();
    expect(warnings).toEqual([]);
  });

  it('refuses to start when the app role owns the tables or is a superuser, naming why', async () => {
    await expect(
      openDatabase(
        configWith({ DATABASE_URL: database.ownerUrl, DATABASE_OWNER_URL: database.ownerUrl }),
      ),
    ).rejects.toThrow(/app's database role .* owns \(or may act as the owner of\) tables/);
    const superuser = withDatabase(inject('adminUrl'), new URL(database.url).pathname.slice(1));
    await expect(
      openDatabase(configWith({ DATABASE_URL: superuser, DATABASE_OWNER_URL: database.ownerUrl })),
    ).rejects.toThrow(/is a superuser/);
  });

  it("says the owner is needed when a new database meets the app's role alone", async () => {
    const name = `${inject('templateDatabase')}_empty`;
    const owner = decodeURIComponent(new URL(inject('ownerUrl')).username);
    const admin = new pg.Client({ connectionString: inject('adminUrl') });
    await admin.connect();
    try {
      await admin.query(`create database "${name}" owner "${owner}"`);
      await expect(
        openDatabase(configWith({ DATABASE_URL: withDatabase(inject('appUrl'), name) })),
      ).rejects.toThrow(/migrations need the schema's owner.*Set DATABASE_OWNER_URL/);
    } finally {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  });
});
