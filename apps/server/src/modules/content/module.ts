// The content module's one entry point: builds its service from the shared pieces it needs
// (database, settings, clock, the ledger's balance figures) and hands back its routes.
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../ports/clock.ts';
import type { SettingsRepository } from '../../db/settings.repository.ts';
import { contentRepository } from './content.repository.ts';
import { contentService, type ContentDeps, type Totals } from './content.service.ts';
import { contentRoutes } from './routes.ts';

export function contentModule(shared: {
  db: Db;
  settings: SettingsRepository;
  clock: Clock;
  totals: (userId: string) => Promise<Totals>;
  totalsNow?: ContentDeps['totalsNow'];
  production?: ContentDeps['production'];
  homeCacheSeconds?: number;
  noticesSeen?: ContentDeps['noticesSeen'];
}) {
  const content = contentService({ repo: contentRepository(shared.db), ...shared });
  return { content, routes: contentRoutes, options: { content } };
}

export type ContentModule = ReturnType<typeof contentModule>;
