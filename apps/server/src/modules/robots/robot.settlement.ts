// Settlement: a running robot pays its realised, unsettled profit to the balance, less the
// operator's performance fee; the grid trades on without the money paid out.
import { parseGrid, serializeGrid } from '@olive/market';
import { parseAmount } from '@olive/protocol';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../ports/clock.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { platformAccount, userAccount } from '../ledger/ledger.service.ts';
import type { SettingsRepository } from '../../db/settings.repository.ts';
import { ownedRobot, settleableGross } from './robot.common.ts';
import { payProfitShare } from './robot.copying.ts';
import type { RobotRepository } from './robot.repository.ts';

export const PERFORMANCE_FEE_KEY = 'robot_performance_fee';
export const DEFAULT_PERFORMANCE_FEE = '0.2';

/** "0.2" -> 20,000,000: a rate in units of 10^-8, so a fee is exact integer arithmetic. */
export function rateUnits(text: string): bigint {
  const units = parseAmount(text);
  if (units < 0n || units > 100_000_000n) throw new RangeError(`rate out of range: ${text}`);
  return units;
}

export function robotSettlement(deps: {
  repo: RobotRepository;
  ledger: LedgerService;
  settings: SettingsRepository;
  clock: Clock;
}) {
  const { repo, ledger, settings, clock } = deps;

  async function performanceFeeRate() {
    const stored = await settings.get<string>(PERFORMANCE_FEE_KEY);
    return rateUnits(stored ?? DEFAULT_PERFORMANCE_FEE);
  }

  async function settle(userId: string, robotId: string) {
    const robot = await ownedRobot(repo, userId, robotId);
    if (robot.status !== 'running') throw new AppError('robot.not_running');
    const rate = await performanceFeeRate();
    const now = clock.now();
    await repo.transaction(async (trx) => {
      const locked = await repo.lock(trx, robotId);
      if (!locked || locked.user_id !== userId) throw new AppError('robot.not_found');
      if (locked.status !== 'running' || !locked.grid_state)
        throw new AppError('robot.not_running');
      const state = parseGrid(locked.grid_state);
      const held = await repo.balances(trx, userId, robotId);
      const gross = settleableGross(held.pnl, state.cash);
      if (gross <= 0n) throw new AppError('robot.nothing_to_settle');
      const fee = (gross * rate) / 100_000_000n;
      const net = gross - fee;
      const seq = locked.last_seq + 1;
      const postings = [{ account: userAccount(userId, 'robot_pnl', robotId), amount: -gross }];
      if (net > 0n) postings.push({ account: userAccount(userId, 'available'), amount: net });
      if (fee > 0n) postings.push({ account: platformAccount('fee_revenue'), amount: fee });
      await ledger.post(
        {
          kind: 'robot_settle',
          idempotencyKey: `robot:${robotId}:settle:${seq}`,
          reference: `robot:${robotId}`,
          postings,
        },
        trx,
      );
      await repo.insertTrades(trx, [
        {
          robot_id: robotId,
          user_id: userId,
          seq,
          kind: 'settle',
          price: 0n,
          quantity: 0n,
          amount: net,
          fee,
          pnl: gross,
          created_at: now,
        },
      ]);
      // A copy pays its leader's share of what this settlement paid (decision 150).
      const performanceFees = BigInt(locked.performance_fees) + fee;
      const shares = await payProfitShare(trx, { ledger }, locked, {
        seq,
        cumulative: state.realised - performanceFees,
        paid: net,
        at: now,
      });
      // The grid trades on without the money paid out, so it can never spend it again.
      await repo.update(trx, robotId, {
        ...shares,
        grid_state: serializeGrid({ ...state, cash: state.cash - gross }),
        last_seq: seq,
        settled_gross: (BigInt(locked.settled_gross) + gross).toString(),
        settled_net: (BigInt(locked.settled_net) + net).toString(),
        performance_fees: performanceFees.toString(),
        updated_at: now,
      });
    });
  }

  return { settle, performanceFeeRate };
}
