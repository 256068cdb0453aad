// Robots as the investor meets them: preview, create (principal into the robot), start,
// stop (close at market, everything the robot holds back to the balance), settle
// (realised profit less the performance fee), and the figures of the Trade screens.
//   not_started -> running -> ended;  not_started -> ended
import {
  DEFAULT_FEE_RATE,
  MARKETS,
  autoGridParams,
  close,
  createGrid,
  expectedDailyYield,
  formatUnits,
  parseGrid,
  serializeGrid,
  valueGrid,
  type Direction,
  type GridState,
  type MarketId,
} from '@olive/market';
import { formatAmount, parseAmount } from '@olive/protocol';
import { AppError, fieldError } from '../../errors.ts';
import type { Translate } from '../../i18n/index.ts';
import type { Clock } from '../../ports/clock.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import {
  InsufficientBalanceError,
  platformAccount,
  userAccount,
} from '../ledger/ledger.service.ts';
import {
  marketOf,
  rateText,
  ratioText,
  type MarketDataService,
} from '../market/market-data.service.ts';
import type { SettingsRepository } from '../support/settings.repository.ts';
import { bookFills } from './robot.booking.ts';
import type { RobotRepository, RobotRow } from './robot.repository.ts';

export const PERFORMANCE_FEE_KEY = 'robot_performance_fee';
export const DEFAULT_PERFORMANCE_FEE = '0.2';
export const DIRECTIONS = ['long', 'short', 'neutral'] as const;
export const ROBOT_STATUSES = ['not_started', 'running', 'ended'] as const;
/** Estimates are recomputed at most this often per market and direction. */
const ESTIMATE_TTL_MS = 10 * 60_000;

export type RobotAction = 'start' | 'stop' | 'settle';

/** "0.2" -> 20,000,000: a rate in units of 10^-8, so a fee is exact integer arithmetic. */
export function rateUnits(text: string): bigint {
  const units = parseAmount(text);
  if (units < 0n || units > 100_000_000n) throw new RangeError(`rate out of range: ${text}`);
  return units;
}

function directionOf(text: string): Direction {
  const direction = text.trim().toLowerCase();
  if (!(DIRECTIONS as readonly string[]).includes(direction)) {
    throw fieldError('direction', 'robot.direction_invalid');
  }
  return direction as Direction;
}

function principalOf(text: string, market: MarketId): bigint {
  let principal: bigint;
  try {
    principal = parseAmount(text);
  } catch {
    throw fieldError('principal', 'robot.principal_invalid');
  }
  const min = MARKETS[market].minPrincipal;
  if (principal < min) {
    throw fieldError('principal', 'robot.below_minimum', { market, min: formatUnits(min) });
  }
  return principal;
}

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : '');

export function robotService(deps: {
  repo: RobotRepository;
  ledger: LedgerService;
  marketData: MarketDataService;
  settings: SettingsRepository;
  clock: Clock;
  feeRate?: number;
}) {
  const { repo, ledger, marketData, settings, clock } = deps;
  const feeRate = deps.feeRate ?? DEFAULT_FEE_RATE;
  const db = repo.db;
  const estimates = new Map<string, { at: number; value: string }>();

  /** Median daily return of the same settings over the last 30 days (cached). */
  async function estimate(market: MarketId, direction: Direction) {
    const key = `${market}:${direction}`;
    const now = clock.now().getTime();
    const hit = estimates.get(key);
    if (hit && now >= hit.at && now - hit.at < ESTIMATE_TTL_MS) return hit.value;
    const candles = await marketData.lastMonth(market);
    const value =
      candles.length > 1440
        ? rateText(expectedDailyYield(market, direction, candles, { feeRate }))
        : '0';
    estimates.set(key, { at: now, value });
    return value;
  }

  /** Range and grid count chosen from the last 30 days at the current price. */
  async function suggestion(market: MarketId, direction: Direction, principal: bigint) {
    const candles = await marketData.lastMonth(market);
    const tick = await marketData.tick(market);
    const params = autoGridParams({
      market,
      direction,
      candles,
      price: tick.price,
      principal,
      feeRate,
    });
    return { params, tick, expected: await estimate(market, direction) };
  }

  async function performanceFeeRate() {
    const stored = await settings.get<string>(PERFORMANCE_FEE_KEY);
    return rateUnits(stored ?? DEFAULT_PERFORMANCE_FEE);
  }

  async function owned(userId: string, robotId: string) {
    const robot = await repo.byId(robotId);
    if (!robot || robot.user_id !== userId) throw new AppError('robot.not_found');
    return robot;
  }

  /** The robot as quaninfo shows it; `held` is what the ledger holds for it. */
  function view(
    robot: RobotRow,
    held: { principal: bigint; pnl: bigint },
    t: Translate,
    price: (market: MarketId) => bigint,
  ) {
    const market = robot.market as MarketId;
    const principal = BigInt(robot.principal);
    const state: GridState | null = robot.grid_state ? parseGrid(robot.grid_state) : null;
    const value = state ? valueGrid(state, state.closed ? 0n : price(market)) : null;
    const realised = value?.realised ?? 0n;
    const unrealised = state?.closed ? 0n : (value?.unrealised ?? 0n);
    const cumulative = realised + unrealised - BigInt(robot.performance_fees);
    const started = robot.started_at ? new Date(robot.started_at).getTime() : null;
    const ended = robot.ended_at ? new Date(robot.ended_at).getTime() : clock.now().getTime();
    return {
      robot_id: robot.id,
      name: t(`robot.name.${robot.direction}`, { market }),
      market,
      direction: robot.direction,
      status: robot.status,
      disabled: robot.disabled,
      principal: formatAmount(principal),
      current_principal: formatAmount(held.principal),
      current_earnings: formatAmount(realised - BigInt(robot.settled_gross) + unrealised),
      realised: formatAmount(realised),
      unrealised: formatAmount(unrealised),
      settled_total: formatAmount(BigInt(robot.settled_net)),
      fees: formatAmount(value?.fees ?? 0n),
      cumulative_earnings: formatAmount(cumulative),
      cumulative_yield_rate: ratioText(cumulative, principal),
      profit_count: value?.profitableRoundTrips ?? 0,
      trade_count: value?.trades ?? 0,
      expected_daily_yield: robot.expected_daily_yield,
      range_low: formatUnits(BigInt(robot.range_low)),
      range_high: formatUnits(BigInt(robot.range_high)),
      grids: robot.grid_count,
      started_at: iso(robot.started_at),
      ended_at: iso(robot.ended_at),
      duration_seconds: started === null ? 0 : Math.max(0, Math.floor((ended - started) / 1000)),
      created_at: iso(robot.created_at),
    };
  }

  /** The current price of each market among the robots (running ones only need it). */
  async function pricesFor(rows: RobotRow[]) {
    const prices = new Map<MarketId, bigint>();
    for (const row of rows) {
      const market = row.market as MarketId;
      if (row.status === 'running' && !prices.has(market)) {
        prices.set(market, (await marketData.tick(market)).price);
      }
    }
    return (market: MarketId) => prices.get(market) ?? 0n;
  }

  async function info(userId: string, robotId: string, t: Translate) {
    const robot = await owned(userId, robotId);
    return view(robot, await repo.balances(db, userId, robotId), t, await pricesFor([robot]));
  }

  async function start(userId: string, robotId: string) {
    const robot = await owned(userId, robotId);
    if (robot.disabled) throw new AppError('robot.disabled');
    if (robot.status !== 'not_started') throw new AppError(`robot.already_${robot.status}`);
    const market = robot.market as MarketId;
    const principal = BigInt(robot.principal);
    const { params, tick, expected } = await suggestion(market, robot.direction, principal);
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
        range_low: params.lower.toString(),
        range_high: params.upper.toString(),
        grid_count: params.gridCount,
        step: rateText(
          Math.expm1(Math.log(Number(params.upper) / Number(params.lower)) / params.gridCount),
        ),
        expected_daily_yield: expected,
        last_seq: locked.last_seq + opened.fills.length,
        started_at: now,
        updated_at: now,
      });
      await repo.insertSnapshots([{ robot_id: robotId, t: minuteOf(now), pnl: 0n }], trx);
    });
  }

  async function stop(userId: string, robotId: string) {
    const robot = await owned(userId, robotId);
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

  async function settle(userId: string, robotId: string) {
    const robot = await owned(userId, robotId);
    if (robot.status !== 'running') throw new AppError('robot.not_running');
    const rate = await performanceFeeRate();
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const locked = await repo.lock(trx, robotId);
      if (!locked || locked.user_id !== userId) throw new AppError('robot.not_found');
      if (locked.status !== 'running' || !locked.grid_state)
        throw new AppError('robot.not_running');
      const state = parseGrid(locked.grid_state);
      const held = await repo.balances(trx, userId, robotId);
      // Never more than the grid's cash: what is paid out must leave the grid too.
      const gross = held.pnl < state.cash ? held.pnl : state.cash;
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
      // The grid trades on without the money paid out, so it can never spend it again.
      await repo.update(trx, robotId, {
        grid_state: serializeGrid({ ...state, cash: state.cash - gross }),
        last_seq: seq,
        settled_gross: (BigInt(locked.settled_gross) + gross).toString(),
        settled_net: (BigInt(locked.settled_net) + net).toString(),
        performance_fees: (BigInt(locked.performance_fees) + fee).toString(),
        updated_at: now,
      });
    });
  }

  return {
    view,
    estimate,

    async preview(input: { market: string; direction: string; principal: string }) {
      const market = marketOf(input.market);
      const direction = directionOf(input.direction);
      const principal = principalOf(input.principal, market);
      const { params, expected } = await suggestion(market, direction, principal);
      return {
        market,
        direction,
        range_low: formatUnits(params.lower),
        range_high: formatUnits(params.upper),
        grids: params.gridCount,
        step: rateText(params.step),
        expected_daily_yield: expected,
        estimate: true as const,
      };
    },

    async create(userId: string, input: { market: string; principal: string; direction: string }) {
      const market = marketOf(input.market);
      const direction = directionOf(input.direction);
      const principal = principalOf(input.principal, market);
      const { params, expected } = await suggestion(market, direction, principal);
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
            step: rateText(params.step),
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
    },

    /** start | stop | settle, then the robot as it is afterwards. */
    async act(userId: string, robotId: string, action: RobotAction, t: Translate) {
      if (action === 'start') await start(userId, robotId);
      else if (action === 'stop') await stop(userId, robotId);
      else await settle(userId, robotId);
      return info(userId, robotId, t);
    },

    info,

    async detail(userId: string, robotId: string, t: Translate) {
      const robot = await info(userId, robotId, t);
      const [series, trades] = await Promise.all([
        repo.pnlSeries(robotId, 500),
        repo.trades(robotId, 50),
      ]);
      return {
        robot,
        pnl_series: series.map((s) => ({
          t: new Date(s.t).toISOString(),
          pnl: formatAmount(BigInt(s.pnl)),
        })),
        trades: trades.map((trade) => ({
          id: trade.id,
          side: trade.kind,
          price: formatUnits(BigInt(trade.price)),
          quantity: formatUnits(BigInt(trade.quantity)),
          amount: formatAmount(BigInt(trade.amount)),
          fee: formatAmount(BigInt(trade.fee)),
          pnl: formatAmount(BigInt(trade.pnl)),
          created_at: iso(trade.created_at),
        })),
      };
    },

    async log(userId: string, options: { robotId?: string; page: number; limit: number }) {
      if (options.robotId) await owned(userId, options.robotId);
      const { rows, total } = await repo.log(userId, options.page, options.limit, options.robotId);
      return {
        list: rows.map((r) => ({
          id: r.id,
          robot_id: r.robot_id,
          market: r.market,
          kind: r.kind,
          price: formatUnits(BigInt(r.price)),
          quantity: formatUnits(BigInt(r.quantity)),
          amount: formatAmount(BigInt(r.amount)),
          fee: formatAmount(BigInt(r.fee)),
          pnl: formatAmount(BigInt(r.pnl)),
          created_at: iso(r.created_at),
        })),
        page: options.page,
        limit: options.limit,
        total,
      };
    },

    async mine(
      userId: string,
      options: { page: number; limit: number; status?: RobotRow['status'] },
      t: Translate,
    ) {
      const { rows, total } = await repo.listByUser(
        userId,
        options.page,
        options.limit,
        options.status,
      );
      const held = await repo.balancesOf(
        userId,
        rows.map((r) => r.id),
      );
      const price = await pricesFor(rows);
      return {
        list: rows.map((r) => view(r, held.get(r.id)!, t, price)),
        page: options.page,
        limit: options.limit,
        total,
      };
    },

    /** Top 50 by return over the last 7 or 30 days. */
    async rank(period: '7d' | '30d') {
      const now = clock.now();
      const since = new Date(now.getTime() - (period === '7d' ? 7 : 30) * 86_400_000);
      const rows = await repo.rank(since, 50);
      return {
        period,
        list: rows.map((r, i) => {
          const started = new Date(r.started_at).getTime();
          const ended = r.ended_at ? new Date(r.ended_at).getTime() : now.getTime();
          return {
            rank: i + 1,
            robot_id: r.id,
            nickname: maskNickname(r.nickname),
            market: r.market,
            direction: r.direction,
            return_rate: ratioText(BigInt(r.gain), BigInt(r.principal)),
            runtime_seconds: Math.max(0, Math.floor((ended - started) / 1000)),
            principal: formatAmount(BigInt(r.principal)),
          };
        }),
      };
    },

    /** Operator: a disabled robot cannot start (a running one keeps running until stopped). */
    async setDisabled(robotId: string, disabled: boolean) {
      return repo.setDisabled(robotId, disabled, clock.now());
    },

    performanceFeeRate,
  };
}

/** "Olive" -> "Ol***": enough to recognise oneself, not enough to find someone. */
export function maskNickname(nickname: string) {
  const chars = [...nickname];
  return `${chars.slice(0, 2).join('')}***`;
}

export function minuteOf(date: Date) {
  const ms = date.getTime();
  return new Date(ms - (ms % 60_000));
}

export type RobotService = ReturnType<typeof robotService>;
