// Demo content for a fresh database. Seeding only fills what is absent, so it never
// overwrites what an operator changed and is safe on every start.
import type { Db } from './database.ts';
import { settingsRepository } from '../modules/support/settings.repository.ts';
import { APP_UPDATE_KEY, defaultAppUpdate } from '../modules/support/update.service.ts';

export async function seed(db: Db): Promise<void> {
  await settingsRepository(db).putDefault(APP_UPDATE_KEY, defaultAppUpdate);
}
