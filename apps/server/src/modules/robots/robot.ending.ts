// The two moments a robot changes state inside a transaction, shared by the investor's
// calls (start, stop) and the engine (a trigger reached, an exit reached): opening the
// grid at a price, and ending (everything the robot holds back to the balance, and why).
import { createGrid, serializeGrid, type GridState, type MarketId, type Tick } from '@olive/market';
import type { Db } from '../../db/database.ts';
import type { RobotEndReason } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { userAccount } from '../ledger/ledger.service.ts';
import { minuteOf } from './robot.common.ts';
import { payProfitShare } from './robot.copying.ts';
import type { RobotRepository, RobotRow } from './robot.repository.ts';

/**
 * The grid opened at the tick's price on the robot's stored range and count (the opening
 * market order is its first fill, realising nothing), written as running. `locked` is the
 * row locked by the caller.
 */
export async function openGrid(
  trx: Db,
  repo: RobotRepository,
  locked: RobotRow,
  tick: Tick,
  feeRate: number,
  now: Date,
) {
  const market = locked.market as MarketId;
  let opened;
  try {
    opened = createGrid(
      {
        market,
        direction: locked.direction,
        lower: BigInt(locked.range_low),
        upper: BigInt(locked.range_high),
        gridCount: locked.grid_count,
        gridType: locked.grid_type,
      },
      BigInt(locked.principal),
      tick.price,
      feeRate,
      tick.ts,
    );
  } catch (error) {
    if (error instanceof RangeError) throw new AppError('robot.principal_too_small', { market });
    throw error;
  }
  await repo.insertTrades(
    trx,
    opened.fills.map((fill, i) => ({
      robot_id: locked.id,
      user_id: locked.user_id,
      seq: locked.last_seq + i + 1,
      kind: fill.side,
      price: fill.price,
      quantity: fill.quantity,
      amount: fill.quote,
      fee: fill.fee,
      pnl: 0n,
      created_at: new Date(fill.ts),
    })),
  );
  await repo.update(trx, locked.id, {
    status: 'running',
    grid_state: serializeGrid(opened.state),
    last_seq: locked.last_seq + opened.fills.length,
    started_at: now,
    // A copy scales this robot's range by its ratios to this price (decision 150).
    start_price: tick.price.toString(),
    updated_at: now,
  });
  await repo.insertSnapshots([{ robot_id: locked.id, t: minuteOf(now), pnl: 0n }], trx);
}

/**
 * Ends the robot: exactly what it holds goes back to the balance (principal less any
 * loss, and unsettled PnL), a 'stop' record, the row ended with its reason and its final
 * PnL snapshot. Positions must already be closed and booked (`state`, `lastSeq`).
 */
export async function finishRobot(
  trx: Db,
  deps: { repo: RobotRepository; ledger: LedgerService },
  locked: RobotRow,
  end: {
    state: GridState | null;
    lastSeq: number;
    closePrice: bigint;
    now: Date;
    reason: RobotEndReason;
  },
) {
  const { repo, ledger } = deps;
  const { state, now } = end;
  const userId = locked.user_id;
  const robotId = locked.id;
  const held = await repo.balances(trx, userId, robotId);
  const returned = held.principal + held.pnl;
  if (returned > 0n) {
    const postings = [{ account: userAccount(userId, 'available'), amount: returned }];
    if (held.principal > 0n) {
      postings.push({
        account: userAccount(userId, 'robot_principal', robotId),
        amount: -held.principal,
      });
    }
    if (held.pnl > 0n) {
      postings.push({ account: userAccount(userId, 'robot_pnl', robotId), amount: -held.pnl });
    }
    await ledger.post(
      {
        kind: 'robot_return',
        idempotencyKey: `robot:${robotId}:return`,
        reference: `robot:${robotId}`,
        postings,
      },
      trx,
    );
  }
  const lastSeq = end.lastSeq + 1;
  // A copy pays its leader's share of the profit this ending paid out (decision 150),
  // whatever ended it: Stop, a take-profit or a stop-loss.
  const shares = await payProfitShare(trx, { ledger }, locked, {
    seq: lastSeq,
    cumulative: (state?.realised ?? 0n) - BigInt(locked.performance_fees),
    paid: held.pnl,
    at: now,
  });
  await repo.insertTrades(trx, [
    {
      robot_id: robotId,
      user_id: userId,
      seq: lastSeq,
      kind: 'stop',
      price: end.closePrice,
      quantity: 0n,
      amount: returned,
      fee: 0n,
      pnl: state?.realised ?? 0n,
      created_at: now,
    },
  ]);
  await repo.update(trx, robotId, {
    status: 'ended',
    end_reason: end.reason,
    grid_state: state ? serializeGrid(state) : null,
    last_seq: lastSeq,
    ...shares,
    ended_at: now,
    updated_at: now,
    ...(state
      ? { range_low: state.params.lower.toString(), range_high: state.params.upper.toString() }
      : {}),
  });
  if (locked.started_at) {
    const cumulative = (state?.realised ?? 0n) - BigInt(locked.performance_fees);
    await repo.insertSnapshots(
      [{ robot_id: robotId, t: minuteOf(now), pnl: cumulative }],
      trx,
      true,
    );
  }
}
