// The robot engine: one loop in one worker (advisory lock) feeds every running robot the
// current price and persists each robot's fills, state and ledger entries atomically.
import {
  DEFAULT_FEE_RATE,
  onPrice,
  parseGrid,
  serializeGrid,
  stepWithExits,
  triggerCrossed,
  valueGrid,
  type ExitReason,
  type Fill,
  type GridState,
  type MarketId,
  type RobotExits,
  type Tick,
} from '@olive/market';
import { isTransientError } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Clock } from '../../ports/clock.ts';
import type { LoopLogger } from '../../workers/loop.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MarketDataService } from '../market/market-data.service.ts';
import type { SettingsRepository } from '../../db/settings.repository.ts';
import { bookFills } from './robot.booking.ts';
import { finishRobot, openGrid } from './robot.ending.ts';
import { exitsFromRow, hasExits, marketExits } from './robot.exits.ts';
import {
  MINUTE_SNAPSHOTS_FOR_MS,
  type RobotRepository,
  type RobotRow,
} from './robot.repository.ts';
import { makerFeeRateOf } from './robot.fees.ts';

/** A running robot as the engine holds it between ticks. */
interface LiveRobot {
  id: string;
  user_id: string;
  market: MarketId;
  version: number;
  lastSeq: number;
  performanceFees: bigint;
  state: GridState;
  /** Null: no exits and no trailing, only the grid's own orders (the fast path). */
  exits: RobotExits | null;
}

/** A robot waiting for its trigger price, as the engine's one query a tick lists it. */
interface WaitingRobot {
  id: string;
  version: number;
  market: string;
  trigger_price: string | null;
  trigger_above: boolean | null;
}

/** What one price did to a robot: its fills, and an exit or a trailing shift. */
interface RobotStep {
  robot: LiveRobot;
  fills: Fill[];
  /** The state after the step (a shifted or closed grid is not what the fills alone make). */
  state: GridState;
  end: ExitReason | null;
  shifted: boolean;
  tick: Tick;
}

export interface EngineTickReport {
  robots: number;
  filled: number;
  fills: number;
  /** Robots whose row changed under the engine (stop, settle): reloaded next tick. */
  stale: number;
  snapshots: number;
  /** Robots that reached an exit and ended this tick. */
  ended: number;
  /** Waiting robots whose trigger price was reached: started this tick. */
  triggered: number;
}

const HOUR_MS = 3_600_000;
/** Robots persisted at once (separate transactions on separate connections). */
const PARALLEL = 4;

export function robotEngine(deps: {
  repo: RobotRepository;
  ledger: LedgerService;
  marketData: MarketDataService;
  clock: Clock;
  log: LoopLogger;
  /** Where the operator's maker fee is read (robots:maker-fee); default 0.02%. */
  settings?: SettingsRepository;
  /** Fixed maker fee (tests); wins over settings. */
  makerFeeRate?: number;
  /** The market orders' (taker) fee: opening at a trigger, closing at an exit. Default 0.1%. */
  feeRate?: number;
  /**
   * Only these robots (the demo's replay of past time, which must never feed a past price
   * to anyone else's robot); default every running robot.
   */
  only?: ReadonlySet<string>;
  /**
   * Write the traded markets' 1-minute candles (default true). The demo's replay skips
   * them: charts read any window the table lacks from the feed itself.
   */
  storeCandles?: boolean;
}) {
  const { repo, ledger, marketData, clock, log } = deps;
  const feeRate = deps.feeRate ?? DEFAULT_FEE_RATE;
  let makerFeeRate = deps.makerFeeRate ?? null;
  let makerFeeReadAt = -1;

  /** The resting orders' fee, re-read from settings at most once a minute. */
  async function makerFee(minute: number): Promise<number> {
    if (deps.makerFeeRate !== undefined) return deps.makerFeeRate;
    if (makerFeeRate === null || minute !== makerFeeReadAt) {
      makerFeeReadAt = minute;
      makerFeeRate = await makerFeeRateOf(deps.settings);
    }
    return makerFeeRate;
  }
  const robots = new Map<string, LiveRobot>();
  /** Waiting robots whose grid could not open, by the version that failed. */
  const unopenable = new Map<string, number>();
  const storedCandles = new Map<MarketId, number | null>();
  let lastMinute = -1;
  let lastThinning = -1;

  function live(row: RobotRow): LiveRobot | null {
    if (!row.grid_state) return null;
    const exits = exitsFromRow(row);
    return {
      exits: hasExits(exits) ? marketExits(exits) : null,
      id: row.id,
      user_id: row.user_id,
      market: row.market as MarketId,
      version: row.version,
      lastSeq: row.last_seq,
      performanceFees: BigInt(row.performance_fees),
      state: parseGrid(row.grid_state),
    };
  }

  /** Memory follows the database: new robots load, changed ones reload, ended ones go. */
  async function reconcile() {
    const load: string[] = [];
    const waiting: WaitingRobot[] = [];
    if (deps.only) {
      // The demo's replay: a few robots among every robot running, read by id.
      const running = new Set<string>();
      for (const row of await repo.liveVersions(deps.only)) {
        const { id, version } = row;
        if (row.status === 'waiting') {
          if (!row.disabled) waiting.push(row);
          continue;
        }
        running.add(id);
        if (robots.get(id)?.version !== version) load.push(id);
      }
      for (const id of robots.keys()) if (!running.has(id)) robots.delete(id);
    } else {
      // Only what moved: the database compares the versions held here with its own.
      const ids: string[] = [];
      const versions: number[] = [];
      for (const robot of robots.values()) {
        ids.push(robot.id);
        versions.push(robot.version);
      }
      for (const row of await repo.liveChanges({ ids, versions })) {
        if (row.status === null) robots.delete(row.id);
        else if (row.status === 'waiting') {
          if (!row.disabled) waiting.push(row);
        } else load.push(row.id);
      }
    }
    for (let i = 0; i < load.length; i += 500) {
      for (const row of await repo.runningByIds(load.slice(i, i + 500))) {
        const robot = live(row);
        if (robot) robots.set(robot.id, robot);
      }
    }
    return waiting;
  }

  /**
   * One transaction per robot: lock the row, check the version is the one the fills were
   * computed from, book the fills and write the state. Memory changes only after commit.
   */
  async function persist(step: RobotStep): Promise<boolean> {
    // Run again after a deadlock or serialisation failure: nothing was kept, and the fills
    // are the same (they are what the price crossed, whenever they are booked).
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await persistOnce(step);
      } catch (error) {
        if (attempt >= 3 || !isTransientError(error)) throw error;
      }
    }
  }

  async function persistOnce(step: RobotStep): Promise<boolean> {
    const { robot, fills } = step;
    const now = clock.now();
    const result = await repo.transaction(async (trx) => {
      const row = await repo.lock(trx, robot.id);
      if (!row || row.status !== 'running' || row.version !== robot.version) return null;
      const booked = await bookFills(trx, { repo, ledger }, row, robot.state, fills, row.last_seq);
      if (booked.uncovered > 0n) {
        log.warn(
          { robot: robot.id, uncovered: booked.uncovered.toString() },
          'robot loss beyond its funds',
        );
      }
      if (step.end) {
        // An exit: positions were closed at market in the fills above; everything back.
        await finishRobot(trx, { repo, ledger }, row, {
          state: step.state,
          lastSeq: booked.lastSeq,
          closePrice: step.tick.price,
          now,
          reason: step.end,
        });
        return { state: step.state, lastSeq: booked.lastSeq };
      }
      await repo.update(trx, robot.id, {
        grid_state: serializeGrid(step.state),
        last_seq: booked.lastSeq,
        updated_at: now,
        // a trailing shift moves the range the investor sees
        ...(step.shifted
          ? {
              range_low: step.state.params.lower.toString(),
              range_high: step.state.params.upper.toString(),
            }
          : {}),
      });
      return { state: step.state, lastSeq: booked.lastSeq };
    });
    if (!result || step.end) {
      robots.delete(robot.id); // reloaded from the database next tick (or ended)
      return result !== null;
    }
    robot.state = result.state;
    robot.lastSeq = result.lastSeq;
    robot.version += 1;
    return true;
  }

  /**
   * Waiting robots whose trigger price the market reached open their grid at that price,
   * each in its own transaction on the locked row (a stop or an edit may have come first).
   */
  async function wake(waiting: WaitingRobot[], prices: Map<MarketId, Tick>) {
    let woken = 0;
    for (const row of waiting) {
      const market = row.market as MarketId;
      let tick = prices.get(market);
      if (!tick) prices.set(market, (tick = marketData.latest(market)));
      const trigger = row.trigger_price === null ? null : BigInt(row.trigger_price);
      if (trigger !== null && !triggerCrossed(trigger, row.trigger_above ?? false, tick.price)) {
        continue;
      }
      if (unopenable.get(row.id) === row.version) continue;
      let opened = false;
      try {
        opened = await repo.transaction(async (trx) => {
          const locked = await repo.lock(trx, row.id);
          if (!locked || locked.status !== 'waiting' || locked.disabled) return false;
          await openGrid(trx, repo, locked, tick, feeRate, clock.now());
          return true;
        });
      } catch (error) {
        // A grid its principal cannot fund at this price (one lot per grid): the robot
        // keeps waiting, holding its principal, and is not tried again until it changes
        // (an edit, a stop); the others' prices go on.
        if (!(error instanceof AppError)) throw error;
        unopenable.set(row.id, row.version);
        log.warn({ robot: row.id, reason: error.key }, 'waiting robot cannot open its grid');
      }
      if (opened) woken += 1;
    }
    return woken;
  }

  async function inParallel<T>(items: T[], run: (item: T) => Promise<void>) {
    let next = 0;
    const failures: unknown[] = [];
    await Promise.all(
      Array.from({ length: Math.min(PARALLEL, items.length) }, async () => {
        while (next < items.length) {
          const item = items[next++]!;
          try {
            await run(item);
          } catch (error) {
            failures.push(error);
          }
        }
      }),
    );
    if (failures.length > 0) throw failures[0];
  }

  /** Once a minute: every running robot's cumulative earnings, and the markets' candles. */
  async function minutely(now: number, prices: Map<MarketId, Tick>) {
    const t = new Date(now - (now % 60_000));
    const rows = [...robots.values()].map((robot) => {
      const price = prices.get(robot.market)?.price ?? marketData.latest(robot.market).price;
      const value = valueGrid(robot.state, price);
      return { robot_id: robot.id, t, pnl: value.pnl - robot.performanceFees };
    });
    await repo.insertSnapshots(rows);
    // Markets robots trade; the chart call reads any other market from the feed itself.
    for (const market of deps.storeCandles === false ? [] : prices.keys()) {
      if (!storedCandles.has(market)) {
        storedCandles.set(market, await marketData.lastStoredCandle(market));
      }
      storedCandles.set(market, await marketData.storeCandles(market, storedCandles.get(market)!));
    }
    const hour = Math.floor(now / HOUR_MS);
    if (hour !== lastThinning) {
      lastThinning = hour;
      await repo.thinSnapshots(new Date(now - MINUTE_SNAPSHOTS_FOR_MS));
    }
    return rows.length;
  }

  return {
    /** How many robots are in memory (for tests and the benchmark). */
    get size() {
      return robots.size;
    },

    async tick(): Promise<EngineTickReport> {
      const waiting = await reconcile();
      // No robot, no price work.
      if (robots.size === 0 && waiting.length === 0) {
        return { robots: 0, filled: 0, fills: 0, stale: 0, snapshots: 0, ended: 0, triggered: 0 };
      }
      const prices = new Map<MarketId, Tick>();
      marketData.refresh();
      const triggered = waiting.length > 0 ? await wake(waiting, prices) : 0;
      if (triggered > 0) await reconcile();
      const feeRateMaker = await makerFee(Math.floor(clock.now().getTime() / 60_000));
      const pending: RobotStep[] = [];
      for (const robot of robots.values()) {
        let tick = prices.get(robot.market);
        if (!tick) prices.set(robot.market, (tick = marketData.latest(robot.market)));
        if (!robot.exits) {
          const step = onPrice(robot.state, tick.price, feeRateMaker, tick.ts);
          if (step.fills.length > 0) {
            pending.push({
              robot,
              fills: step.fills,
              state: step.state,
              end: null,
              shifted: false,
              tick,
            });
          }
          continue;
        }
        const step = stepWithExits(robot.state, tick.price, robot.exits, {
          makerFeeRate: feeRateMaker,
          feeRate,
          ts: tick.ts,
          performanceFees: robot.performanceFees,
        });
        if (step.fills.length > 0 || step.end || step.shifted) {
          pending.push({
            robot,
            fills: step.fills,
            state: step.state,
            end: step.end,
            shifted: step.shifted !== null,
            tick,
          });
        }
      }
      let stale = 0;
      let ended = 0;
      await inParallel(pending, async (step) => {
        if (!(await persist(step))) stale += 1;
        else if (step.end) ended += 1;
      });
      const now = clock.now().getTime();
      const minute = Math.floor(now / 60_000);
      let snapshots = 0;
      if (minute !== lastMinute) {
        lastMinute = minute;
        snapshots = await minutely(now, prices);
      }
      return {
        robots: robots.size,
        filled: pending.length - stale,
        fills: pending.reduce((sum, p) => sum + p.fills.length, 0),
        stale,
        snapshots,
        ended,
        triggered,
      };
    },
  };
}

export type RobotEngine = ReturnType<typeof robotEngine>;
