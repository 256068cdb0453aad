// The team module's one entry point: its service from the database and the ledger, its
// routes, and the sync loop for the worker.
import type { Db } from '../../db/database.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { teamAudit } from './audit.ts';
import { teamRepository } from './team.repository.ts';
import { teamRoutes } from './routes.ts';
import { teamService } from './team.service.ts';

export function teamModule(shared: {
  db: Db;
  /** For the team lists and ranking, which tolerate a little lag (decision 144). */
  reads?: Db;
  ledger: LedgerService;
  inviteCodeOf: (userId: string) => Promise<string | null>;
}) {
  const repo = teamRepository(shared.db, shared.reads);
  const team = teamService({ repo, ledger: shared.ledger });
  return {
    team,
    /** Its checks for the audit: pending commissions match open withdrawal fees. */
    audit: teamAudit(repo),
    routes: teamRoutes,
    options: { team, inviteCodeOf: shared.inviteCodeOf },
  };
}

export type TeamModule = ReturnType<typeof teamModule>;
