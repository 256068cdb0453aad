// Support's default on a fresh database: the update check's answer. Fills only what is absent.
import type { Db } from '../../db/database.ts';
import { settingsRepository } from '../../db/settings.repository.ts';
import { APP_UPDATE_KEY, defaultAppUpdate } from './update.service.ts';

export async function seedSupport(db: Db): Promise<void> {
  await settingsRepository(db).putDefault(APP_UPDATE_KEY, defaultAppUpdate);
}
