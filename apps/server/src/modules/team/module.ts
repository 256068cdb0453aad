// The team module's one entry point: its service from the database and the ledger, its
// routes, and the sync loop for the worker.
import type { Db } from '../../db/database.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { teamRepository } from './team.repository.ts';
import { teamRoutes } from './routes.ts';
import { teamService } from './team.service.ts';

export function teamModule(shared: {
  db: Db;
  ledger: LedgerService;
  inviteCodeOf: (userId: string) => Promise<string | null>;
}) {
  const team = teamService({ repo: teamRepository(shared.db), ledger: shared.ledger });
  return { team, routes: teamRoutes, options: { team, inviteCodeOf: shared.inviteCodeOf } };
}

export type TeamModule = ReturnType<typeof teamModule>;
