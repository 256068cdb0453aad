// The platform's audit (`npm run audit`, the console's audit screen): the ledger's own
// checks plus what each module contributes, merged here once. The ledger never imports the
// modules that post through it (decision 178); a module with something to check adds one
// line to `contributions`.
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { auditRepository } from './modules/ledger/audit.repository.ts';
import { auditService, type AuditCheck, type AuditReport } from './modules/ledger/audit.service.ts';
import { miningAuditFor } from './modules/mining/audit.ts';
import { robotsAudit } from './modules/robots/audit.ts';
import { teamAuditFor } from './modules/team/audit.ts';
import { custodyCheckFor } from './modules/wallet/custody.ts';

/** Checks a module adds: what the ledger alone cannot tell. */
type Contribution = () => Promise<AuditCheck[]>;

export function platformAudit(db: Db, config: Config): () => Promise<AuditReport> {
  const ledger = auditService(auditRepository(db));
  const contributions: Contribution[] = [
    // The chain side of custody: the ledger's custody against on-chain USDT.
    async () => {
      const { networks: _figures, ...custody } = await custodyCheckFor(db, config);
      return [custody];
    },
    // Pending commissions on open withdrawal fees.
    () => teamAuditFor(db).run(),
    // Rental terms paid for, payouts of paid terms only.
    () => miningAuditFor(db).run(),
    // Copies' profit shares against the ledger.
    () => robotsAudit(db).run(),
  ];
  return async () => {
    const [report, ...more] = await Promise.all([ledger.run(), ...contributions.map((c) => c())]);
    const checks = [...report.checks, ...more.flat()];
    return { ...report, ok: checks.every((c) => c.ok), checks };
  };
}
