// Opens the configured database: DATABASE_URL when set, otherwise the embedded server
// under PG_DATA_DIR (started here, stopped by the returned close()). Shared by the
// server and the CLI so both always work on the same data. Migrations and seeding run as
// the schema's owner; the returned pool is the app's role, which owns nothing (decision 140).
import { runMigrations } from 'graphile-worker';
import type { Config } from '../config.ts';
import { createDb, type Db } from './database.ts';
import {
  ensureDatabase,
  findRunningEmbedded,
  startEmbeddedPostgres,
  type EmbeddedServer,
} from './embedded.ts';
import { migrateToLatest } from './migrate.ts';
import { appRoleProblems, currentRole, grantAppRole } from './roles.ts';

/** Fills a fresh database's defaults as its owner: the top floor's `seed.ts`. */
export type Seed = (owner: Db) => Promise<void>;

export interface OpenDatabase {
  db: Db;
  /** The app's connection string (its role owns nothing). */
  url: string;
  embedded: EmbeddedServer | null;
  close(): Promise<void>;
}

/**
 * Brings the database at `ownerUrl` up to date as its owner: our migrations, then
 * graphile-worker's own schema (so the app's role never needs to create it), the given
 * seed, and the app role's grants when the app logs in as another role.
 */
export async function migrateDatabase(
  ownerUrl: string,
  appRole: string | null,
  seed?: Seed,
): Promise<void> {
  const owner = createDb(ownerUrl, 2);
  try {
    await migrateToLatest(owner as never);
    await runMigrations({ connectionString: ownerUrl });
    await seed?.(owner);
    if (appRole && appRole !== (await currentRole(owner))) await grantAppRole(owner, appRole);
  } finally {
    await owner.destroy();
  }
}

export async function openDatabase(
  config: Config,
  options: {
    log?: (line: string) => void;
    /** Told what an operator should fix but that does not stop a start. */
    warn?: (message: string) => void;
    migrate?: boolean;
    attach?: boolean;
    /** Run after the migrations (the server and the CLI pass `seed` from ../seed.ts). */
    seed?: Seed;
  } = {},
): Promise<OpenDatabase> {
  let embedded: EmbeddedServer | null = null;
  let url = config.DATABASE_URL;
  let ownerUrl = config.DATABASE_OWNER_URL || url;
  if (!url) {
    const dataDir = config.PG_DATA_DIR;
    const running = options.attach
      ? await findRunningEmbedded({ dataDir, port: config.PG_PORT })
      : null;
    embedded =
      running ??
      (await startEmbeddedPostgres({
        dataDir,
        port: config.PG_PORT,
        ...(options.log ? { log: options.log } : {}),
      }));
    try {
      await ensureDatabase(embedded.adminUrl, 'olive', embedded.roles.owner);
    } catch (error) {
      await embedded.stop();
      throw error;
    }
    url = embedded.urlFor('olive');
    ownerUrl = embedded.ownerUrlFor('olive');
  }
  const db = createDb(url, config.DATABASE_POOL_SIZE);
  try {
    const appRole = await currentRole(db);
    if (options.migrate !== false) {
      try {
        await migrateDatabase(ownerUrl, appRole, options.seed);
      } catch (error) {
        // A confined DATABASE_URL alone runs an up-to-date database, not a migration.
        if ((error as { code?: string }).code !== '42501' || config.DATABASE_OWNER_URL) throw error;
        throw new Error(
          `migrations need the schema's owner, and DATABASE_URL's role "${appRole}" may not: ` +
            `${(error as Error).message}. Set DATABASE_OWNER_URL (docs/operations.md, "Database roles").`,
          { cause: error },
        );
      }
    }
    // Two roles configured (or the embedded server's): the app's must be confined.
    if (config.DATABASE_OWNER_URL || ownerUrl !== url) {
      const problems = await appRoleProblems(db);
      if (problems.length > 0) {
        throw new Error(
          `the app's database role "${appRole}" (DATABASE_URL) ${problems.join(', ')}: ` +
            'it must own nothing and hold only the grants Olive gives it (docs/operations.md, "Database roles").',
        );
      }
    } else if (config.NODE_ENV === 'production') {
      // One role for both, as before decision 140: it works, and it is what the roles fix.
      const problems = await appRoleProblems(db);
      if (problems.length > 0) {
        options.warn?.(
          `DATABASE_OWNER_URL is not set and the app's database role "${appRole}" (DATABASE_URL) ` +
            `${problems.join(', ')}: it can switch the append-only triggers off. ` +
            'Run migrations as a separate owner role: docs/operations.md, "Database roles".',
        );
      }
    }
  } catch (error) {
    await db.destroy();
    await embedded?.stop();
    throw error;
  }
  return {
    db,
    url,
    embedded,
    async close() {
      await db.destroy();
      await embedded?.stop();
    },
  };
}
