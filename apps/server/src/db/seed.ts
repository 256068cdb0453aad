// Demo content for a fresh database. Seeding only fills what is absent, so it never
// overwrites what an operator changed and is safe on every start.
import type { Db } from './database.ts';
import { seedContent } from '../modules/content/seed.ts';
import { settingsRepository } from '../modules/support/settings.repository.ts';
import { APP_UPDATE_KEY, defaultAppUpdate } from '../modules/support/update.service.ts';
import { depositRepository } from '../modules/wallet/deposit.repository.ts';
import {
  AUTO_APPROVE_KEY,
  DEFAULT_AUTO_APPROVE_MAX,
} from '../modules/wallet/withdrawal.service.ts';

export async function seed(db: Db): Promise<void> {
  const settings = settingsRepository(db);
  await settings.putDefault(APP_UPDATE_KEY, defaultAppUpdate);
  await settings.putDefault(AUTO_APPROVE_KEY, DEFAULT_AUTO_APPROVE_MAX);
  await depositRepository(db).seedNetworkSettings();
  await seedContent(db);
}
