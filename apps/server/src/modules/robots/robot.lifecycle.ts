// Lifecycle: create (the principal moves from the balance into the robot), start (the grid
// opens at the current price), stop (close at market, everything the robot holds back to
// the balance) and the operator's disable.
//   not_started -> running -> ended;  not_started -> ended
import { close, createGrid, parseGrid, serializeGrid, type MarketId } from '@olive/market';
import { AppError, fieldError } from '../../errors.ts';
import type { Clock } from '../../ports/clock.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { InsufficientBalanceError, userAccount } from '../ledger/ledger.service.ts';
import { marketOf, rateText, type MarketDataService } from '../market/market-data.service.ts';
import { bookFills } from './robot.booking.ts';
import { directionOf, minuteOf, ownedRobot, principalOf } from './robot.common.ts';
import { customOf, type CustomInput, type RobotEstimates } from './robot.estimates.ts';
import type { RobotRepository } from './robot.repository.ts';
import type { SettingsRepository } from '../support/settings.repository.ts';

/** Markets an operator closed to new robots (a JSON list of market ids). */
export const DISABLED_MARKETS_KEY = 'robot_markets_disabled';

export function robotLifecycle(deps: {
  settings: SettingsRepository;
  repo: RobotRepository;
  ledger: LedgerService;
  marketData: MarketDataService;
  estimates: RobotEstimates;
  clock: Clock;
  feeRate: number;
}) {
  const { repo, ledger, marketData, estimates, clock, feeRate } = deps;
  const db = repo.db;

  async function create(
    userId: string,
    input: { market: string; principal: string; direction: string; custom?: CustomInput },
  ) {
    const market = marketOf(input.market);
    if (((await deps.settings.get<string[]>(DISABLED_MARKETS_KEY)) ?? []).includes(market)) {
      throw fieldError('market', 'robot.market_disabled');
    }
    const direction = directionOf(input.direction);
    const principal = principalOf(input.principal, market);
    const { params, expected, step } = await estimates.plan(
      market,
      direction,
      principal,
      customOf(market, input.custom),
    );
    const now = clock.now();
    try {
      return await db.transaction().execute(async (trx) => {
        const robotId = await repo.insert(trx, {
          user_id: userId,
          market,
          direction,
          status: 'not_started',
          principal,
          grid_state: null,
          range_low: params.lower,
          range_high: params.upper,
          grid_count: params.gridCount,
          step: rateText(step),
          expected_daily_yield: expected,
          created_at: now,
          started_at: null,
          ended_at: null,
          updated_at: now,
        });
        await ledger.post(
          {
            kind: 'robot_fund',
            idempotencyKey: `robot:${robotId}:fund`,
            reference: `robot:${robotId}`,
            postings: [
              { account: userAccount(userId, 'available'), amount: -principal },
              { account: userAccount(userId, 'robot_principal', robotId), amount: principal },
            ],
          },
          trx,
        );
        return { robot_id: robotId };
      });
    } catch (error) {
      if (error instanceof InsufficientBalanceError) {
        throw fieldError('principal', 'robot.above_balance');
      }
      throw error;
    }
  }

  async function start(userId: string, robotId: string) {
    const robot = await ownedRobot(repo, userId, robotId);
    if (robot.disabled) throw new AppError('robot.disabled');
    if (robot.status !== 'not_started') throw new AppError(`robot.already_${robot.status}`);
    const market = robot.market as MarketId;
    const principal = BigInt(robot.principal);
    // The range and count shown before creating are the ones traded.
    const params = {
      market,
      direction: robot.direction,
      lower: BigInt(robot.range_low),
      upper: BigInt(robot.range_high),
      gridCount: robot.grid_count,
    };
    const tick = await marketData.tick(market);
    let opened;
    try {
      opened = createGrid(params, principal, tick.price, feeRate, tick.ts);
    } catch (error) {
      if (error instanceof RangeError) {
        throw new AppError('robot.principal_too_small', { market });
      }
      throw error;
    }
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const locked = await repo.lock(trx, robotId);
      if (!locked || locked.user_id !== userId) throw new AppError('robot.not_found');
      if (locked.disabled) throw new AppError('robot.disabled');
      if (locked.status !== 'not_started') throw new AppError(`robot.already_${locked.status}`);
      // The opening order (if the grid starts holding) is the first fill; it realises nothing.
      await repo.insertTrades(
        trx,
        opened.fills.map((fill, i) => ({
          robot_id: robotId,
          user_id: userId,
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
      await repo.update(trx, robotId, {
        status: 'running',
        grid_state: serializeGrid(opened.state),
        last_seq: locked.last_seq + opened.fills.length,
        started_at: now,
        updated_at: now,
      });
      await repo.insertSnapshots([{ robot_id: robotId, t: minuteOf(now), pnl: 0n }], trx);
    });
  }

  async function stop(userId: string, robotId: string) {
    const robot = await ownedRobot(repo, userId, robotId);
    if (robot.status === 'ended') throw new AppError('robot.already_ended');
    // Taken before the lock, whatever the status: a start may win the race for the row.
    const tick = await marketData.tick(robot.market as MarketId);
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const locked = await repo.lock(trx, robotId);
      if (!locked || locked.user_id !== userId) throw new AppError('robot.not_found');
      if (locked.status === 'ended') throw new AppError('robot.already_ended');
      let lastSeq = locked.last_seq;
      let state = locked.grid_state ? parseGrid(locked.grid_state) : null;
      let closePrice = 0n;
      if (locked.status === 'running' && state) {
        // Close every open slot at market; the realised PnL of those fills is booked first.
        const closed = close(state, tick.price, feeRate, tick.ts);
        const booked = await bookFills(trx, { repo, ledger }, locked, state, closed.fills, lastSeq);
        state = closed.state;
        lastSeq = booked.lastSeq;
        closePrice = tick.price;
      }
      // Exactly what the robot holds goes back: principal (less any loss) and unsettled PnL.
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
      lastSeq += 1;
      await repo.insertTrades(trx, [
        {
          robot_id: robotId,
          user_id: userId,
          seq: lastSeq,
          kind: 'stop',
          price: closePrice,
          quantity: 0n,
          amount: returned,
          fee: 0n,
          pnl: state?.realised ?? 0n,
          created_at: now,
        },
      ]);
      await repo.update(trx, robotId, {
        status: 'ended',
        grid_state: state ? serializeGrid(state) : null,
        last_seq: lastSeq,
        ended_at: now,
        updated_at: now,
      });
      if (locked.started_at) {
        const cumulative = (state?.realised ?? 0n) - BigInt(locked.performance_fees);
        await repo.insertSnapshots(
          [{ robot_id: robotId, t: minuteOf(now), pnl: cumulative }],
          trx,
          true,
        );
      }
    });
  }

  /** Operator: a disabled robot cannot start (a running one keeps running until stopped). */
  async function setDisabled(robotId: string, disabled: boolean) {
    return repo.setDisabled(robotId, disabled, clock.now());
  }

  return { create, start, stop, setDisabled };
}
