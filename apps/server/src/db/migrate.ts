// Applies the numbered, forward-only migrations in db/migrations/ in order.
import { readdir } from 'node:fs/promises';
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';

const folder = new URL('./migrations/', import.meta.url);
// Built JavaScript (dist, decision 153) runs the migrations built beside it.
const extension = import.meta.url.endsWith('.js') ? '.js' : '.ts';

class FolderMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await readdir(folder))
      .filter((f) => /^\d{4}_.+\.(ts|js)$/.test(f) && f.endsWith(extension))
      .sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      migrations[file.replace(/\.(ts|js)$/, '')] = (await import(
        new URL(file, folder).href
      )) as Migration;
    }
    return migrations;
  }
}

export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  // Features are built on parallel branches with reserved number ranges, so a database
  // that ran a later-numbered migration may still meet an earlier-numbered new one.
  const migrator = new Migrator({
    db,
    provider: new FolderMigrationProvider(),
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
