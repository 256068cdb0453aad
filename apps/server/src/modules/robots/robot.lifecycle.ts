// Lifecycle: create (the principal moves from the balance into the robot), start (the grid
// opens at the current price), stop (close at market, everything the robot holds back to
// the balance) and the operator's disable.
//   not_started -> running -> ended;  not_started -> ended
//   with a trigger price: not_started -> waiting -> running (the engine) -> ended
// Risk exits are set at creation and edited on a robot that has not ended (decision 148).
import { close, parseGrid, type MarketId } from '@olive/market';
import { AppError, fieldError } from '../../errors.ts';
import type { Clock } from '../../ports/clock.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { InsufficientBalanceError, userAccount } from '../ledger/ledger.service.ts';
import { marketOf, rateText, type MarketDataService } from '../market/market-data.service.ts';
import { bookFills } from './robot.booking.ts';
import { directionOf, gridTypeOf, ownedRobot, principalOf } from './robot.common.ts';
import { finishRobot, openGrid } from './robot.ending.ts';
import { customOf, type CustomInput, type RobotEstimates } from './robot.estimates.ts';
import { checkExits, exitColumns, exitsFromRow, exitsOf, type ExitInput } from './robot.exits.ts';
import type { RobotRepository } from './robot.repository.ts';
import type { SettingsRepository } from '../../db/settings.repository.ts';

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

  async function create(
    userId: string,
    input: {
      market: string;
      principal: string;
      direction: string;
      custom?: CustomInput;
      /** A copy (robot.copying.ts): the robot it copies and the share it pays. */
      copy?: { from: string; sharePct: number };
      exits?: ExitInput;
      grid_type?: string | undefined;
    },
  ) {
    const market = marketOf(input.market);
    if (((await deps.settings.get<string[]>(DISABLED_MARKETS_KEY)) ?? []).includes(market)) {
      throw fieldError('market', 'robot.market_disabled');
    }
    const direction = directionOf(input.direction);
    const principal = principalOf(input.principal, market);
    const exits = exitsOf(market, input.exits ?? {});
    const gridType = gridTypeOf(input.grid_type);
    const { params, expected, step, price } = await estimates.plan(
      market,
      direction,
      principal,
      customOf(market, input.custom),
      gridType,
    );
    checkExits(exits, {
      direction,
      price,
      lower: params.lower,
      upper: params.upper,
      started: false,
    });
    const now = clock.now();
    try {
      return await repo.transaction(async (trx) => {
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
          grid_type: gridType,
          step: rateText(step),
          expected_daily_yield: expected,
          created_at: now,
          started_at: null,
          ended_at: null,
          updated_at: now,
          ...(input.copy
            ? { copied_from: input.copy.from, copy_share_pct: input.copy.sharePct }
            : {}),
          ...exitColumns(exits),
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
    const tick = await marketData.tick(market);
    const now = clock.now();
    await repo.transaction(async (trx) => {
      const locked = await repo.lock(trx, robotId);
      if (!locked || locked.user_id !== userId) throw new AppError('robot.not_found');
      if (locked.disabled) throw new AppError('robot.disabled');
      if (locked.status !== 'not_started') throw new AppError(`robot.already_${locked.status}`);
      const trigger = locked.trigger_price === null ? null : BigInt(locked.trigger_price);
      if (trigger !== null && trigger !== tick.price) {
        // Waits, holding its principal, until the price reaches the trigger from this side.
        await repo.update(trx, robotId, {
          status: 'waiting',
          trigger_above: trigger > tick.price,
          updated_at: now,
        });
        return;
      }
      // The range and count shown before creating are the ones traded.
      await openGrid(trx, repo, locked, tick, feeRate, now);
    });
  }

  async function stop(userId: string, robotId: string) {
    const robot = await ownedRobot(repo, userId, robotId);
    if (robot.status === 'ended') throw new AppError('robot.already_ended');
    // Taken before the lock, whatever the status: a start may win the race for the row.
    const tick = await marketData.tick(robot.market as MarketId);
    const now = clock.now();
    await repo.transaction(async (trx) => {
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
      await finishRobot(trx, { repo, ledger }, locked, {
        state,
        lastSeq,
        closePrice,
        now,
        reason: 'stopped',
      });
    });
  }

  /**
   * Sets or clears exits on a robot that has not ended, checked against the price now
   * and the robot's current range. The trigger price only before the robot starts.
   * Range and grid count are not editable: a different grid is a new robot.
   */
  async function edit(userId: string, robotId: string, input: ExitInput) {
    const robot = await ownedRobot(repo, userId, robotId);
    if (robot.status === 'ended') throw new AppError('robot.already_ended');
    const market = robot.market as MarketId;
    const tick = await marketData.tick(market);
    const now = clock.now();
    await repo.transaction(async (trx) => {
      const locked = await repo.lock(trx, robotId);
      if (!locked || locked.user_id !== userId) throw new AppError('robot.not_found');
      if (locked.status === 'ended') throw new AppError('robot.already_ended');
      const started = locked.status === 'running';
      if (input.trigger_price !== undefined && input.trigger_price !== '' && started) {
        throw fieldError('trigger_price', 'robot.trigger_started');
      }
      const exits = exitsOf(market, input, exitsFromRow(locked));
      checkExits(exits, {
        direction: locked.direction,
        price: tick.price,
        lower: BigInt(locked.range_low),
        upper: BigInt(locked.range_high),
        started,
      });
      const waitingFor =
        locked.status === 'waiting' && exits.triggerPrice !== null
          ? { trigger_above: exits.triggerPrice > tick.price }
          : {};
      // a waiting robot whose trigger is cleared starts at the engine's next price
      await repo.update(trx, robotId, { ...exitColumns(exits), ...waitingFor, updated_at: now });
    });
  }

  /** Operator: a disabled robot cannot start (a running one keeps running until stopped). */
  async function setDisabled(robotId: string, disabled: boolean) {
    return repo.setDisabled(robotId, disabled, clock.now());
  }

  return { create, start, stop, edit, setDisabled };
}
