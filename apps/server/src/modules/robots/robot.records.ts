// Track records (issue 32, docs/decisions/151-track-records.md): what a robot did, from its
// own fills marked at the price (its PnL snapshots), to choose a robot to copy by: ROI over
// 7, 30 and 90 days, the deepest drawdown, the Sharpe ratio of its daily returns, round
// trips and buy-and-hold over its life; and its copy-trading terms and figures.
import { parseGrid, type GridState, type MarketId } from '@olive/market';
import { formatAmount } from '@olive/protocol';
import type { Clock } from '../../ports/clock.ts';
import { ratioText } from '../market/market-data.service.ts';
import type { RobotRepository, RobotRow } from './robot.repository.ts';

const DAY_MS = 86_400_000;

/** Sharpe ratio of daily returns, annualised over 365 days (crypto trades every day). */
export function sharpeOf(returns: readonly number[]): number | null {
  if (returns.length < 2) return null;
  const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
  const variance = returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1);
  if (variance === 0) return null;
  return (mean / Math.sqrt(variance)) * Math.sqrt(365);
}

/**
 * Daily returns on the principal from the last cumulative earnings of each complete UTC
 * day (the robot's first day counts from 0): the day still running is left out.
 */
export function dailyReturns(
  days: readonly { day: Date; pnl: string }[],
  principal: bigint,
  today: Date,
): number[] {
  const todayStart = Math.floor(today.getTime() / DAY_MS) * DAY_MS;
  const complete = days.filter((d) => new Date(d.day).getTime() < todayStart);
  let previous = 0n;
  return complete.map((d) => {
    const pnl = BigInt(d.pnl);
    const r = Number(pnl - previous) / Number(principal);
    previous = pnl;
    return r;
  });
}

export function robotRecords(deps: { repo: RobotRepository; clock: Clock }) {
  const { repo, clock } = deps;

  // What a record reads from the robot's minute snapshots, kept per robot for the minute
  // (snapshots are written once a minute), read in one statement: the series scan and four
  // point reads were most of a quaninfo call, and the scan grows with the robot's age
  // (issue 33). One entry per robot, replaced when its key (minute, status, start, stop)
  // changes.
  const histories = new Map<string, { key: string; value: Promise<History> }>();
  const HISTORIES_MAX = 100_000;

  interface History {
    series: Awaited<ReturnType<RobotRepository['history']>>['series'] | null;
    nowPnl: bigint;
    then: Map<number, bigint>;
    first: bigint | null;
    stopPrice: bigint | null;
  }

  const PERIODS = [7, 30, 90];

  async function loadHistory(robot: RobotRow, now: Date): Promise<History> {
    if (!robot.started_at) {
      return {
        series: null,
        nowPnl: 0n,
        then: new Map(PERIODS.map((d) => [d, 0n])),
        first: null,
        stopPrice: null,
      };
    }
    const started = new Date(robot.started_at);
    const end = robot.ended_at ? new Date(robot.ended_at) : now;
    // Each period from its start, or from the robot's start when it is younger (then 0).
    const from = PERIODS.map((days) => {
      const at = new Date(Math.max(started.getTime(), end.getTime() - days * DAY_MS));
      return at.getTime() === started.getTime() ? null : at;
    });
    const read = await repo.history({
      robotId: robot.id,
      principal: BigInt(robot.principal),
      end,
      from,
      firstClose: robot.start_price === null ? { market: robot.market, at: started } : null,
      stopped: robot.status !== 'running',
    });
    return {
      series: read.series,
      nowPnl: read.nowPnl,
      then: new Map(PERIODS.map((days, i) => [days, read.then[i]!])),
      first: read.first,
      stopPrice: read.stopPrice,
    };
  }

  function historyOf(robot: RobotRow, now: Date): Promise<History> {
    const key = [
      Math.floor(now.getTime() / 60_000),
      robot.status,
      robot.started_at ? new Date(robot.started_at).getTime() : '',
      robot.ended_at ? new Date(robot.ended_at).getTime() : '',
    ].join('|');
    const kept = histories.get(robot.id);
    if (kept?.key === key) return kept.value;
    if (!kept && histories.size >= HISTORIES_MAX) histories.clear();
    const value = loadHistory(robot, now);
    histories.set(robot.id, { key, value });
    value.catch(() => {
      if (histories.get(robot.id)?.value === value) histories.delete(robot.id);
    });
    return value;
  }

  /**
   * The fields quaninfo adds for one robot. `price` is the market's price now (running
   * robots); an ended robot's buy-and-hold ends at its stop's price. Copy figures are read
   * on every call; what comes from the snapshots is as of the current minute.
   */
  async function recordOf(
    robot: RobotRow,
    price: (market: MarketId) => bigint,
    /** Already read or parsed by the caller (quaninfo reads them with the robot). */
    known: { stats?: { copiers: number; earned: bigint }; state?: GridState | null } = {},
  ) {
    const principal = BigInt(robot.principal);
    const now = clock.now();
    const started = robot.started_at !== null;
    const [stat, history] = await Promise.all([
      known.stats ?? repo.copyStats([robot.id]).then((stats) => stats.get(robot.id)!),
      historyOf(robot, now),
    ]);
    const roi = (days: number) =>
      started ? ratioText(history.nowPnl - history.then.get(days)!, principal) : '0';
    const series = history.series;
    const sharpe = series ? sharpeOf(dailyReturns(series.days, principal, now)) : null;
    const state =
      known.state !== undefined
        ? known.state
        : robot.grid_state
          ? parseGrid(robot.grid_state)
          : null;
    return {
      roi_7d: roi(7),
      roi_30d: roi(30),
      roi_90d: roi(90),
      max_drawdown: series?.drawdown ? (-Number(series.drawdown)).toFixed(8) : '0',
      sharpe: sharpe === null ? '' : sharpe.toFixed(2),
      round_trips: state?.roundTrips ?? 0,
      buy_and_hold_return: buyAndHoldOf(robot, price, history),
      public: robot.public,
      profit_share_pct: robot.profit_share_pct,
      copiers: stat.copiers,
      shares_earned: formatAmount(stat.earned),
      copied_from: robot.copied_from ?? '',
      copy_share_pct: robot.copied_from ? robot.copy_share_pct : 0,
      shares_paid: formatAmount(BigInt(robot.shares_paid)),
    };
  }

  /** The coin's own change over the robot's life: bought at its start, held to now or its stop. */
  function buyAndHoldOf(
    robot: RobotRow,
    price: (market: MarketId) => bigint,
    history: History,
  ): string {
    if (!robot.started_at) return '0';
    const first = robot.start_price !== null ? BigInt(robot.start_price) : history.first;
    const last = robot.status === 'running' ? price(robot.market as MarketId) : history.stopPrice;
    if (!first || !last) return '0';
    return ratioText(last - first, first);
  }

  return { recordOf };
}

export type RobotRecords = ReturnType<typeof robotRecords>;
