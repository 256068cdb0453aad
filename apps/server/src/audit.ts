// The platform's audit (`npm run audit`, the console's audit screen): the ledger's own
// checks, then each module's contribution, composed here once. The ledger never imports
// the modules that post through it (decision 178); a module with something to check
// exports its contribution and adds one line to `auditContributions`.
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { auditRepository } from './modules/ledger/audit.repository.ts';
import {
  auditService,
  type AuditContribution,
  type AuditReport,
} from './modules/ledger/audit.service.ts';
import { miningAuditFor } from './modules/mining/audit.ts';
import { robotsAudit } from './modules/robots/audit.ts';
import { teamAuditFor } from './modules/team/audit.ts';
import { walletAudit } from './modules/wallet/audit.ts';

/** What each module adds to the ledger's checks, in the report's order. */
export const auditContributions = (db: Db, config: Config): AuditContribution[] => [
  // The chain side of custody: the ledger's custody against on-chain USDT.
  walletAudit(db, config),
  // Pending commissions on open withdrawal fees.
  teamAuditFor(db),
  // Rental terms paid for, payouts of paid terms only.
  miningAuditFor(db),
  // Copies' profit shares against the ledger.
  robotsAudit(db),
];

export function platformAudit(db: Db, config: Config): () => Promise<AuditReport> {
  return auditService(auditRepository(db), auditContributions(db, config)).run;
}
