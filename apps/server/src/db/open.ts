// Opens the configured database: DATABASE_URL when set, otherwise the embedded server
// under PG_DATA_DIR (started here, stopped by the returned close()). Shared by the
// server and the CLI so both always work on the same data.
import type { Config } from '../config.ts';
import { createDb, type Db } from './database.ts';
import {
  ensureDatabase,
  findRunningEmbedded,
  startEmbeddedPostgres,
  type EmbeddedServer,
} from './embedded.ts';
import { migrateToLatest } from './migrate.ts';
import { seed } from './seed.ts';

export interface OpenDatabase {
  db: Db;
  url: string;
  embedded: EmbeddedServer | null;
  close(): Promise<void>;
}

export async function openDatabase(
  config: Config,
  options: { log?: (line: string) => void; migrate?: boolean; attach?: boolean } = {},
): Promise<OpenDatabase> {
  let embedded: EmbeddedServer | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    const running = options.attach ? await findRunningEmbedded(config.PG_PORT) : null;
    embedded =
      running ??
      (await startEmbeddedPostgres({
        dataDir: config.PG_DATA_DIR,
        port: config.PG_PORT,
        ...(options.log ? { log: options.log } : {}),
      }));
    await ensureDatabase(embedded.adminUrl, 'olive');
    url = embedded.urlFor('olive');
  }
  const db = createDb(url, config.DATABASE_POOL_SIZE);
  try {
    if (options.migrate !== false) {
      await migrateToLatest(db as never);
      await seed(db);
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
