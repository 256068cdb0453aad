// Views: the robot as the Trade screens show it (quaninfo, quandetail, quanmy), its trade
// log and the leaderboard; every figure from the ledger or the robot's own fills.
import {
  parseGrid,
  restingOrders,
  valueGrid,
  formatUnits,
  type GridState,
  type MarketId,
} from '@olive/market';
import { formatAmount } from '@olive/protocol';
import { AppError } from '../../errors.ts';
import type { Translate } from '../../i18n/index.ts';
import type { Clock } from '../../ports/clock.ts';
import { demoName } from '../users/demo-names.ts';
import { ratioText, type MarketDataService } from '../market/market-data.service.ts';
import { iso, ownedRobot, settleableGross } from './robot.common.ts';
import type { RobotFiguresCache } from './robot.figures.ts';
import { robotRecords } from './robot.records.ts';
import { exitsFromRow, exitView } from './robot.exits.ts';
import {
  thinnedBefore,
  type RankedRobot,
  type RobotRepository,
  type RobotRow,
} from './robot.repository.ts';

/** Who reads a leaderboard: their own rows are marked `me`, demo names are in their language. */
export interface Viewer {
  userId: string | null;
  lang: string;
}

const ANYONE: Viewer = { userId: null, lang: 'en' };

function rankRow(r: RankedRobot, i: number, now: Date, viewer: Viewer) {
  const started = new Date(r.started_at).getTime();
  const ended = r.ended_at ? new Date(r.ended_at).getTime() : now.getTime();
  return {
    rank: i + 1,
    robot_id: r.id,
    // A seeded demo investor is nobody to hide, and must never pass for a customer.
    nickname: r.demo ? demoName(r.nickname, viewer.lang) : maskNickname(r.nickname),
    demo: r.demo,
    /** The reader's own robot: the app says "You" instead of the masked name. */
    me: viewer.userId !== null && r.user_id === viewer.userId,
    market: r.market,
    direction: r.direction,
    return_rate: ratioText(BigInt(r.gain), BigInt(r.principal)),
    runtime_seconds: Math.max(0, Math.floor((ended - started) / 1000)),
    principal: formatAmount(BigInt(r.principal)),
  };
}

const positive = (n: bigint) => (n > 0n ? n : 0n);

// A grid's resting orders as the wire shows them, once per parsed grid: quaninfo's kept
// grid (robot.figures.ts) is the same object until the robot changes.
const shownOrders = new WeakMap<GridState, { side: string; price: string; amount: string }[]>();
function ordersOf(state: GridState) {
  let orders = shownOrders.get(state);
  if (!orders) {
    orders = restingOrders(state).map((order) => ({
      side: order.side,
      price: formatUnits(order.price),
      amount: formatUnits(order.quantity),
    }));
    shownOrders.set(state, orders);
  }
  return orders;
}

export function robotViews(deps: {
  repo: RobotRepository;
  marketData: MarketDataService;
  clock: Clock;
  /** quaninfo's reads kept in memory (none: read on every call). */
  figures?: RobotFiguresCache | undefined;
}) {
  const { repo, marketData, clock } = deps;
  const db = repo.db;
  const records = robotRecords({ repo, clock });

  /**
   * What quaninfo shows of a robot that its figures alone decide (its row, what the ledger
   * holds for it, its grid): no price, no clock. `held` is what the ledger holds for it.
   */
  function fixedView(
    robot: RobotRow,
    held: { principal: bigint; pnl: bigint },
    t: Translate,
    state: GridState | null,
  ) {
    const market = robot.market as MarketId;
    const realised = state?.realised ?? 0n;
    return {
      robot_id: robot.id,
      name: t(`robot.name.${robot.direction}`, { market }),
      market,
      direction: robot.direction,
      status: robot.status,
      disabled: robot.disabled,
      principal: formatAmount(BigInt(robot.principal)),
      current_principal: formatAmount(held.principal),
      realised: formatAmount(realised),
      settled_total: formatAmount(BigInt(robot.settled_net)),
      // What Settle would pay now before the performance fee, as settle computes it.
      settleable: formatAmount(
        robot.status === 'running' && state ? positive(settleableGross(held.pnl, state.cash)) : 0n,
      ),
      fees: formatAmount(state?.fees ?? 0n),
      profit_count: state?.profitableRoundTrips ?? 0,
      trade_count: state?.trades ?? 0,
      expected_daily_yield: robot.expected_daily_yield,
      range_low: formatUnits(BigInt(robot.range_low)),
      range_high: formatUnits(BigInt(robot.range_high)),
      grids: robot.grid_count,
      grid_type: robot.grid_type,
      grid_profit: formatAmount(realised),
      orders: state && robot.status === 'running' ? ordersOf(state) : [],
      started_at: iso(robot.started_at),
      ended_at: iso(robot.ended_at),
      created_at: iso(robot.created_at),
      ...exitView(exitsFromRow(robot)),
      end_reason: robot.end_reason ?? '',
    };
  }

  /** What moves with the price and the clock: the open inventory, the yields, the age. */
  function liveView(robot: RobotRow, state: GridState | null, price: (market: MarketId) => bigint) {
    const principal = BigInt(robot.principal);
    const value = state
      ? valueGrid(state, state.closed ? 0n : price(robot.market as MarketId))
      : null;
    const realised = value?.realised ?? 0n;
    const unrealised = state?.closed ? 0n : (value?.unrealised ?? 0n);
    const cumulative = realised + unrealised - BigInt(robot.performance_fees);
    const started = robot.started_at ? new Date(robot.started_at).getTime() : null;
    const ended = robot.ended_at ? new Date(robot.ended_at).getTime() : clock.now().getTime();
    const days = started === null ? 0 : Math.max(0, ended - started) / 86_400_000;
    // Annualised only after an hour: a minute's luck times 525,600 says nothing. Simple,
    // as grid bots show it (yield / days x 365): compounding six hours' luck 1,460 times
    // would print millions of per cent.
    const annualised =
      days >= 1 / 24 && principal > 0n
        ? (Number(cumulative) / Number(principal)) * (365 / days)
        : 0;
    return {
      current_earnings: formatAmount(realised - BigInt(robot.settled_gross) + unrealised),
      unrealised: formatAmount(unrealised),
      cumulative_earnings: formatAmount(cumulative),
      cumulative_yield_rate: ratioText(cumulative, principal),
      floating_pnl: formatAmount(unrealised),
      annualised_return:
        Number.isFinite(annualised) && annualised !== 0 ? annualised.toFixed(4) : '0',
      trades_per_day: days >= 1 / 24 ? ((value?.trades ?? 0) / days).toFixed(1) : '0',
      duration_seconds: started === null ? 0 : Math.max(0, Math.floor((ended - started) / 1000)),
    };
  }

  /** The robot as quaninfo shows it; `held` is what the ledger holds for it. */
  function view(
    robot: RobotRow,
    held: { principal: bigint; pnl: bigint },
    t: Translate,
    price: (market: MarketId) => bigint,
    parsed?: GridState | null,
  ) {
    const state: GridState | null =
      parsed !== undefined ? parsed : robot.grid_state ? parseGrid(robot.grid_state) : null;
    return { ...fixedView(robot, held, t, state), ...liveView(robot, state, price) };
  }

  /**
   * The current price of each market among the robots (running ones only need it), taken
   * without waiting: the simulator advances to now on demand, a feed keeps its latest.
   */
  function pricesFor(rows: RobotRow[]) {
    const prices = new Map<MarketId, bigint>();
    for (const row of rows) {
      const market = row.market as MarketId;
      if (row.status === 'running' && !prices.has(market)) {
        if (prices.size === 0) marketData.refresh();
        prices.set(market, marketData.latest(market).price);
      }
    }
    return (market: MarketId) => prices.get(market) ?? 0n;
  }

  /** A robot's figures as read from the database, its grid parsed. */
  async function readFigures(robotId: string) {
    const found = await repo.withFigures(robotId);
    return (
      found && {
        ...found,
        state: found.robot.grid_state ? parseGrid(found.robot.grid_state) : null,
        texts: new Map<string, string>(),
      }
    );
  }

  /** A robot's figures, from memory while nothing they show has changed (decision 198). */
  async function figuresOf(userId: string, robotId: string) {
    const found = await (deps.figures
      ? deps.figures.get(robotId, () => readFigures(robotId))
      : readFigures(robotId));
    return owned(found, userId);
  }

  function owned<T extends { robot: RobotRow }>(found: T | undefined, userId: string): T {
    if (!found || found.robot.user_id !== userId) throw new AppError('robot.not_found');
    return found;
  }

  async function info(userId: string, robotId: string, t: Translate) {
    const { robot, held, stats, state } = await figuresOf(userId, robotId);
    const price = pricesFor([robot]);
    return {
      ...view(robot, held, t, price, state),
      // Track record and copy trading (issue 32): appended, from the robot's own fills.
      ...(await records.recordOf(robot, price, { stats, state })),
    };
  }

  /**
   * `info` as JSON text, for quaninfo (decision 203): the fields the figures alone decide are
   * written once per figures object and language; those that move with the price, the
   * clock and the minute's snapshots are written on each call and appended.
   */
  async function infoJson(userId: string, robotId: string, t: Translate, lang: string) {
    // A crowd's steady call has everything in memory and waits for nothing: the kept figures,
    // the price, the kept track record (issue 33). Otherwise each is read as it comes.
    const kept = deps.figures?.peek(robotId);
    const found = kept ? owned(kept, userId) : await figuresOf(userId, robotId);
    const { robot, held, stats, state, texts } = found;
    const price = pricesFor([robot]);
    // The same figures object comes back from the figures cache until something it shows
    // changes (decision 203), and keeps its texts.
    let fixed = texts.get(lang);
    if (fixed === undefined) {
      fixed = JSON.stringify({
        ...fixedView(robot, held, t, state),
        ...records.fixedRecord(robot, { stats, state }),
      }).slice(0, -1);
      texts.set(lang, fixed);
    }
    const record = records.liveRecordNow(robot, price) ?? (await records.liveRecord(robot, price));
    return `${fixed},${JSON.stringify(liveView(robot, state, price)).slice(1, -1)},${JSON.stringify(record).slice(1)}`;
  }

  async function detail(userId: string, robotId: string, t: Translate) {
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
  }

  async function log(userId: string, options: { robotId?: string; page: number; limit: number }) {
    if (options.robotId) await ownedRobot(repo, userId, options.robotId);
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
  }

  async function mine(
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
    const price = pricesFor(rows);
    return {
      list: await Promise.all(
        rows.map(async (r) => ({
          ...view(r, held.get(r.id)!, t, price),
          ...(await records.recordOf(r, price)),
        })),
      ),
      page: options.page,
      limit: options.limit,
      total,
    };
  }

  /** Top 50 by return over the last 7 or 30 days. */
  async function rank(period: '7d' | '30d', viewer: Viewer = ANYONE) {
    const now = clock.now();
    const since = new Date(now.getTime() - (period === '7d' ? 7 : 30) * 86_400_000);
    const rows = await repo.rank(since, 50);
    return {
      period,
      list: rows.map((r, i) => rankRow(r, i, now, viewer)),
    };
  }

  /**
   * A demo investor's robot, read-only, for anyone (the leaderboard links to it): its
   * detail and its first page of trades. Any other robot is "not found", as for no robot.
   */
  async function demo(robotId: string, t: Translate) {
    const robot = await repo.demoRobot(robotId);
    if (!robot) throw new AppError('robot.not_found');
    const [detailed, trades] = await Promise.all([
      detail(robot.user_id, robotId, t),
      log(robot.user_id, { robotId, page: 1, limit: 20 }),
    ]);
    return { ...detailed, log: trades };
  }

  /**
   * The leaderboard of issue 32 (decision 151): robots run at least a day, ranked by ROI
   * over 7, 30 or 90 days, by drawdown (shallowest first) or by copiers; demo robots
   * marked; `public` says whether it can be copied.
   */
  async function leaderboard(
    period: '7d' | '30d' | '90d',
    sort: 'roi' | 'drawdown' | 'copiers',
    viewer: Viewer = ANYONE,
  ) {
    const now = clock.now();
    const days = period === '7d' ? 7 : period === '30d' ? 30 : 90;
    const rows = await repo.leaderboard({
      since: new Date(now.getTime() - days * 86_400_000),
      startedBefore: new Date(now.getTime() - 86_400_000),
      thinnedBefore: thinnedBefore(now),
      sort,
      limit: 50,
    });
    return {
      period,
      sort,
      list: rows.map((r, i) => ({
        ...rankRow(r, i, now, viewer),
        max_drawdown: (-Number(r.max_drawdown)).toFixed(8),
        copiers: Number(r.copiers),
        public: r.public && r.ended_at === null,
        profit_share_pct: r.demo ? 0 : r.profit_share_pct,
      })),
    };
  }

  /** A public robot as a would-be copier sees it: its settings, terms and track record. */
  async function publicRobot(robotId: string, t: Translate, lang = 'en') {
    const robot = await repo.copyable(robotId);
    if (!robot) throw new AppError('robot.not_found');
    const price = pricesFor([robot]);
    const full = {
      ...view(robot, { principal: 0n, pnl: 0n }, t, price),
      ...(await records.recordOf(robot, price)),
    };
    const owner = await db
      .selectFrom('users')
      .select(['nickname', 'demo'])
      .where('id', '=', robot.user_id)
      .executeTakeFirstOrThrow();
    return {
      robot_id: full.robot_id,
      name: full.name,
      nickname: owner.demo ? demoName(owner.nickname, lang) : maskNickname(owner.nickname),
      demo: owner.demo,
      market: full.market,
      direction: full.direction,
      principal: full.principal,
      range_low: full.range_low,
      range_high: full.range_high,
      grids: full.grids,
      cumulative_yield_rate: full.cumulative_yield_rate,
      duration_seconds: full.duration_seconds,
      roi_7d: full.roi_7d,
      roi_30d: full.roi_30d,
      roi_90d: full.roi_90d,
      max_drawdown: full.max_drawdown,
      sharpe: full.sharpe,
      round_trips: full.round_trips,
      buy_and_hold_return: full.buy_and_hold_return,
      copiers: full.copiers,
      profit_share_pct: owner.demo ? 0 : full.profit_share_pct,
    };
  }

  return { view, info, infoJson, detail, log, mine, rank, leaderboard, publicRobot, demo };
}

/** "Olive" -> "Ol***": enough to recognise oneself, not enough to find someone. */
export function maskNickname(nickname: string) {
  const chars = [...nickname];
  return `${chars.slice(0, 2).join('')}***`;
}
