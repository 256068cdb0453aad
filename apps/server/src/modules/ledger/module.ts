// The ledger module's one entry point: the double-entry ledger every module posts through,
// and the investor's statement (usdtlog). The statement shows the state of what an entry
// refers to (a withdrawal's "confirmed"), asked of the wallet module per request.
import type { Db } from '../../db/database.ts';
import type { UserCache } from '../../db/user-cache.ts';
import { auditRepository } from './audit.repository.ts';
import { auditService } from './audit.service.ts';
import { ledgerRepository } from './ledger.repository.ts';
import { ledgerService, type UserBalances } from './ledger.service.ts';
import { ledgerRoutes, type ReferenceStates } from './routes.ts';

export function ledgerModule(deps: {
  db: Db;
  /** Balances served from memory until a posting announces a change (decision 117b). */
  balanceCache: UserCache<UserBalances>;
  referenceStates: ReferenceStates;
}) {
  const ledger = ledgerService(ledgerRepository(deps.db), { balanceCache: deps.balanceCache });
  return {
    ledger,
    /** The ledger's own checks (every entry balanced, balances match their postings). */
    audit: auditService(auditRepository(deps.db)),
    routes: ledgerRoutes,
    options: { ledger, referenceStates: deps.referenceStates },
  };
}

export type LedgerModule = ReturnType<typeof ledgerModule>;
