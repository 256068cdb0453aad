// The wallet's part of `npm run audit`: the chain side of custody, the ledger's custody
// accounts against the USDT the platform's addresses hold on chain (custody.ts).
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { AuditContribution } from '../ledger/audit.service.ts';
import { custodyCheckFor } from './custody.ts';

export function walletAudit(db: Db, config: Config): AuditContribution {
  return {
    async run() {
      const { networks: _figures, ...custody } = await custodyCheckFor(db, config);
      return [custody];
    },
  };
}
