// The support module's one entry point: the settings every module reads (network fees,
// limits, the app update), and the app-update check route.
import type { Db } from '../../db/database.ts';
import { supportRoutes } from './routes.ts';
import { settingsRepository } from '../../db/settings.repository.ts';
import { updateService } from './update.service.ts';

export function supportModule(deps: { db: Db }) {
  const settings = settingsRepository(deps.db);
  const updates = updateService(settings);
  return { settings, updates, routes: supportRoutes, options: { updates } };
}

export type SupportModule = ReturnType<typeof supportModule>;
