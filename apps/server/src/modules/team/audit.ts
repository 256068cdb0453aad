// The team's part of `npm run audit` (decision 138): pending commissions are exactly the
// ledger's commission_pending balances, and each is on a withdrawal fee still open.
import { formatAmount } from '@olive/protocol';
import type { Db } from '../../db/database.ts';
import type { AuditCheck } from '../ledger/audit.service.ts';
import { teamRepository, type TeamRepository } from './team.repository.ts';

const SAMPLE = 10;
const usdt = (units: string | bigint) => `${formatAmount(BigInt(units))} USDT`;

export function teamAudit(repo: TeamRepository) {
  return {
    run(): Promise<AuditCheck[]> {
      return repo.snapshot(async (q) => {
        const [mismatched, settled, total] = await Promise.all([
          repo.pendingMismatches(q, SAMPLE),
          repo.pendingOnSettledFees(q, SAMPLE),
          repo.pendingTotal(q),
        ]);
        const problems: string[] = [];
        if (mismatched.length > 0) {
          problems.push(
            `${mismatched[0]!.n} uplines whose pending balance differs from their pending commissions: ` +
              mismatched
                .map(
                  (m) =>
                    `user ${m.user_id} holds ${usdt(m.held)} pending, commissions ${usdt(m.pending)}`,
                )
                .join(', '),
          );
        }
        if (settled.length > 0) {
          problems.push(
            `${settled[0]!.n} pending commissions on a fee that is final, refunded or not refundable: ` +
              settled
                .map(
                  (c) =>
                    `fee entry #${c.fee_entry_id} (${c.kind} ${c.reference ?? ''}) level ${c.level}, user ${c.upline_id}`,
                )
                .join(', '),
          );
        }
        return [
          {
            name: 'pending_commissions_match_open_fees',
            ok: problems.length === 0,
            detail:
              problems.length > 0
                ? problems.join('; ')
                : `${total.n} pending commissions (${usdt(total.total)}), each on an open withdrawal's fee and held in its upline's pending balance`,
          },
        ];
      });
    },
  };
}

/** For the command line, which has the database and no services. */
export const teamAuditFor = (db: Db) => teamAudit(teamRepository(db));
