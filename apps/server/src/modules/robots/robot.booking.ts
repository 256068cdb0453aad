// Books a robot's fills, in the caller's transaction: each fill becomes a numbered trade
// row, and each change of realised PnL a ledger entry keyed by (robot, fill number).
import { applyFills, type Fill, type GridState } from '@olive/market';
import type { Db } from '../../db/database.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { platformAccount, userAccount } from '../ledger/ledger.service.ts';
import type { NewTrade, RobotRepository } from './robot.repository.ts';

export interface BookedFills {
  state: GridState;
  lastSeq: number;
  trades: NewTrade[];
  /** A loss larger than what the robot held (only a short far above its range can). */
  uncovered: bigint;
}

/**
 * Applies the fills to `before` one at a time, so each carries its own realised PnL:
 * a gain moves clearing -> robot_pnl (robot_profit); a loss comes out of robot_pnl
 * first, then robot_principal, into clearing (robot_loss). The keys make a replayed
 * batch post nothing twice, and the unique (robot, seq) refuses a second copy of a row.
 */
export async function bookFills(
  trx: Db,
  deps: { repo: RobotRepository; ledger: LedgerService },
  robot: { id: string; user_id: string },
  before: GridState,
  fills: readonly Fill[],
  lastSeq: number,
): Promise<BookedFills> {
  const { repo, ledger } = deps;
  let state = before;
  let seq = lastSeq;
  let uncovered = 0n;
  let held: { principal: bigint; pnl: bigint } | null = null;
  const trades: NewTrade[] = [];
  const pnlAccount = userAccount(robot.user_id, 'robot_pnl', robot.id);
  const principalAccount = userAccount(robot.user_id, 'robot_principal', robot.id);
  for (const fill of fills) {
    const next = applyFills(state, [fill]);
    const pnl = next.realised - state.realised;
    state = next;
    seq += 1;
    trades.push({
      robot_id: robot.id,
      user_id: robot.user_id,
      seq,
      kind: fill.side,
      price: fill.price,
      quantity: fill.quantity,
      amount: fill.quote,
      fee: fill.fee,
      pnl,
      created_at: new Date(fill.ts),
    });
    if (pnl === 0n) continue;
    const common = {
      idempotencyKey: `robot:${robot.id}:fill:${seq}`,
      reference: `robot:${robot.id}`,
    };
    if (pnl > 0n) {
      await ledger.post(
        {
          ...common,
          kind: 'robot_profit',
          postings: [
            { account: platformAccount('robot_pnl_clearing'), amount: -pnl },
            { account: pnlAccount, amount: pnl },
          ],
        },
        trx,
      );
      if (held) held.pnl += pnl;
      continue;
    }
    held ??= await repo.balances(trx, robot.user_id, robot.id);
    const loss = -pnl;
    const fromPnl = loss < held.pnl ? loss : held.pnl;
    const rest = loss - fromPnl;
    const fromPrincipal = rest < held.principal ? rest : held.principal;
    uncovered += rest - fromPrincipal;
    if (fromPnl + fromPrincipal === 0n) continue;
    const postings = [
      { account: platformAccount('robot_pnl_clearing'), amount: fromPnl + fromPrincipal },
    ];
    if (fromPnl > 0n) postings.push({ account: pnlAccount, amount: -fromPnl });
    if (fromPrincipal > 0n) postings.push({ account: principalAccount, amount: -fromPrincipal });
    await ledger.post({ ...common, kind: 'robot_loss', postings }, trx);
    held.pnl -= fromPnl;
    held.principal -= fromPrincipal;
  }
  await repo.insertTrades(trx, trades);
  return { state, lastSeq: seq, trades, uncovered };
}
