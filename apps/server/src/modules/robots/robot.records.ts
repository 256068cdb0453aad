// Track records (issue 32, docs/decisions/151-track-records.md): what a robot did, from its
// own fills marked at the price (its PnL snapshots), to choose a robot to copy by: ROI over
// 7, 30 and 90 days, the deepest drawdown, the Sharpe ratio of its daily returns, round
// trips and buy-and-hold over its life; and its copy-trading terms and figures.
import { parseGrid, type GridState, type MarketId } from '@olive/market';
import { formatAmount } from '@olive/protocol';
import type { Clock } from '../../ports/clock.ts';
import { ratioText } from '../market/market-data.service.ts';
import { thinnedBefore, type RobotRepository, type RobotRow } from './robot.repository.ts';

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

  // What a record reads from the robot's minute snapshots, kept per robot (issue 33). A
  // robot's first read in an hour is one statement (`repo.history`); after that a running
  // robot's record moves on each minute by the snapshots written since, read for every kept
  // robot in one statement (`repo.snapshotsSince`): its PnL now, its drawdown from the peak
  // so far, its days. Both read the snapshots the hour's thinning keeps (`thinnedBefore`),
  // so within the hour they agree exactly with a fresh read. At a new hour (the thinning
  // forgets minutes, and the periods' starts move among hourly snapshots) and when the
  // robot's status, start, end or principal change, the record is read whole again.
  // docs/decisions/199-track-records-move-on.md.
  interface History {
    series: Awaited<ReturnType<RobotRepository['history']>>['series'] | null;
    nowPnl: bigint;
    then: Map<number, bigint>;
    first: bigint | null;
    stopPrice: bigint | null;
    /** Counts the moves on by new snapshots: what the record shows changes only with it. */
    version: number;
    /** The figures the snapshots alone decide, as of `version` and the UTC day `day`. */
    shown?: { version: number; day: number; fields: MinuteFields };
  }
  interface Kept {
    /** What forces a full read when it changes. */
    key: string;
    /** A running robot's record moves on by new snapshots; any other is read per minute. */
    moves: boolean;
    principal: bigint;
    /** The hour it was read in, the minute it is as of, the last minute it was asked for. */
    hour: number;
    minute: number;
    asked: number;
    /** Set once the full read is in. */
    state?: { history: History; seen: Date | null; peak: bigint | null };
    loaded: Promise<void>;
    /**
     * The row `key` was last checked for, and until when (ms) that check holds: the next
     * minute, or sooner when a period's start stops being the robot's start. A call within
     * it with the same row (the figures cache hands out one object until it changes)
     * skips writing the key.
     */
    checked?: RobotRow;
    checkedUntil: number;
  }
  const kept = new Map<string, Kept>();
  const KEPT_MAX = 100_000;
  /** A record nobody asked for in this many minutes is dropped rather than moved on. */
  const IDLE_MINUTES = 10;
  let moving: { minute: number; done: Promise<void>; settled: boolean } | null = null;

  const PERIODS = [7, 30, 90];
  const HOUR_MS = 3_600_000;

  /** Each period from its start, or from the robot's start when it is younger (then null). */
  function periodStarts(robot: RobotRow, now: Date) {
    const started = new Date(robot.started_at!);
    const end = robot.ended_at ? new Date(robot.ended_at) : now;
    return {
      end,
      from: PERIODS.map((days) => {
        const at = new Date(Math.max(started.getTime(), end.getTime() - days * DAY_MS));
        return at.getTime() === started.getTime() ? null : at;
      }),
    };
  }

  async function loadHistory(robot: RobotRow, now: Date): Promise<Kept['state']> {
    if (!robot.started_at) {
      const history: History = {
        series: null,
        nowPnl: 0n,
        then: new Map(PERIODS.map((d) => [d, 0n])),
        first: null,
        stopPrice: null,
        version: 0,
      };
      return { history, seen: null, peak: null };
    }
    const { end, from } = periodStarts(robot, now);
    const read = await repo.history({
      robotId: robot.id,
      principal: BigInt(robot.principal),
      end,
      from,
      firstClose:
        robot.start_price === null
          ? { market: robot.market, at: new Date(robot.started_at) }
          : null,
      stopped: robot.status !== 'running',
      thinnedBefore: thinnedBefore(now),
    });
    const history: History = {
      series: read.series,
      nowPnl: read.nowPnl,
      then: new Map(PERIODS.map((days, i) => [days, read.then[i]!])),
      first: read.first,
      stopPrice: read.stopPrice,
      version: 0,
    };
    return { history, seen: read.seen, peak: read.peak };
  }

  function keyOf(robot: RobotRow, now: Date, minute: number, moves: boolean) {
    const time = (d: Date | string | null) => (d ? new Date(d).getTime() : '');
    const parts = [robot.status, time(robot.started_at), time(robot.ended_at), robot.principal];
    if (!moves) return [...parts, minute].join('|');
    // A period's start lies among hourly snapshots (the youngest is 7 days back): its PnL
    // stays all hour, unless the robot turns a period old within it.
    const { from } = periodStarts(robot, now);
    return [...parts, Math.floor(now.getTime() / HOUR_MS), ...from.map((at) => !at)].join('|');
  }

  /** Until when (ms, exclusive) `keyOf` gives what it gives at `nowMs`, for the same row. */
  function keyHoldsUntil(robot: RobotRow, nowMs: number, minute: number, moves: boolean) {
    let until = (minute + 1) * 60_000;
    if (!moves) return until;
    // A period's start is the robot's own up to `started + days` inclusive (periodStarts).
    const started = new Date(robot.started_at!).getTime();
    for (const days of PERIODS) {
      const last = started + days * DAY_MS;
      if (last >= nowMs && last + 1 < until) until = last + 1;
    }
    return until;
  }

  /** The pass moving records on to `minute`, while its read is in flight. */
  const passUnderWay = (minute: number) =>
    moving?.minute === minute && !moving.settled ? moving : null;

  /** Moves every kept running robot's record on to `minute`, in one statement. */
  function moveOn(minute: number, now: Date): Promise<void> {
    // One pass a minute; another only for records kept since it began (none are due twice).
    const underWay = passUnderWay(minute);
    if (underWay) return underWay.done;
    const due: [string, Kept][] = [];
    const hour = Math.floor(now.getTime() / HOUR_MS);
    for (const [id, k] of kept) {
      if (!k.moves || !k.state || k.minute >= minute) continue;
      // Read whole again when next asked for: idle, or from an hour past.
      if (k.asked < minute - IDLE_MINUTES || k.hour !== hour) kept.delete(id);
      else due.push([id, k]);
    }
    const done = (async () => {
      const rows = await repo.snapshotsSince(
        due.map(([id, k]) => ({
          id,
          since: k.state!.seen,
          principal: k.principal,
          peak: k.state!.peak,
        })),
        now,
        thinnedBefore(now),
      );
      const byRobot = new Map<string, typeof rows>();
      for (const row of rows) {
        const list = byRobot.get(row.robot_id);
        if (list) list.push(row);
        else byRobot.set(row.robot_id, [row]);
      }
      for (const [id, k] of due) {
        k.minute = minute;
        const state = k.state!;
        const moved = byRobot.get(id) ?? [];
        if (moved.length > 0) state.history.version += 1;
        for (const row of moved) {
          const pnl = BigInt(row.pnl);
          const series = state.history.series!;
          const equity = k.principal + pnl;
          if (state.peak === null || equity > state.peak) state.peak = equity;
          if (
            row.dd !== null &&
            (series.drawdown === null || Number(row.dd) < Number(series.drawdown))
          ) {
            series.drawdown = row.dd;
          }
          const last = series.days.at(-1);
          const day = new Date(row.day);
          if (last && last.day.getTime() === day.getTime()) last.pnl = row.pnl;
          else series.days.push({ day, pnl: row.pnl });
          state.history.nowPnl = pnl;
          state.seen = new Date(row.t);
        }
      }
    })();
    const pass = { minute, done, settled: false };
    moving = pass;
    void done.then(
      () => {
        pass.settled = true;
      },
      () => {
        if (moving === pass) moving = null;
      },
    );
    return done;
  }

  async function historyOf(robot: RobotRow, now: Date): Promise<History> {
    const minute = Math.floor(now.getTime() / 60_000);
    const moves = robot.status === 'running' && robot.started_at !== null && !robot.ended_at;
    const nowMs = now.getTime();
    let k = kept.get(robot.id);
    if (k && checkedFor(k, robot, nowMs)) return answer(k, minute, now);
    const key = keyOf(robot, now, minute, moves);
    if (k?.key !== key) {
      if (!k && kept.size >= KEPT_MAX) kept.clear();
      const fresh: Kept = {
        key,
        moves,
        principal: BigInt(robot.principal),
        hour: Math.floor(now.getTime() / HOUR_MS),
        minute,
        asked: minute,
        loaded: Promise.resolve(),
        checkedUntil: 0,
      };
      fresh.loaded = loadHistory(robot, now).then(
        (state) => {
          fresh.state = state;
        },
        (error: unknown) => {
          if (kept.get(robot.id) === fresh) kept.delete(robot.id);
          throw error;
        },
      );
      kept.set(robot.id, (k = fresh));
    }
    k.checked = robot;
    k.checkedUntil = keyHoldsUntil(robot, nowMs, minute, moves);
    return answer(k, minute, now);
  }

  /** Whether the kept record was checked against this very row and still holds for it. */
  function checkedFor(k: Kept, robot: RobotRow, nowMs: number) {
    return k.checked === robot && nowMs < k.checkedUntil;
  }

  /**
   * Whether a kept record must be moved on to `minute` before it answers. The minute's first
   * call moves every kept record on and waits for it; a call while that read is in flight
   * answers from the minute before rather than queue behind it (the read took 130 ms with
   * 20,000 robots: the p99 of every call in the meantime).
   */
  function behind(k: Kept, minute: number) {
    return k.minute < minute && !(k.minute === minute - 1 && passUnderWay(minute) !== null);
  }

  /** A kept record as of `minute` (moved on to it first, unless that read is in flight). */
  async function answer(k: Kept, minute: number, now: Date): Promise<History> {
    k.asked = minute;
    await k.loaded;
    if (behind(k, minute)) await moveOn(minute, now);
    return k.state!.history;
  }

  /** What a record shows that the robot's row and grid alone decide. */
  function fixedRecord(
    robot: RobotRow,
    known: { stats: { copiers: number; earned: bigint }; state: GridState | null },
  ) {
    return {
      round_trips: known.state?.roundTrips ?? 0,
      public: robot.public,
      profit_share_pct: robot.profit_share_pct,
      copiers: known.stats.copiers,
      shares_earned: formatAmount(known.stats.earned),
      copied_from: robot.copied_from ?? '',
      copy_share_pct: robot.copied_from ? robot.copy_share_pct : 0,
      shares_paid: formatAmount(BigInt(robot.shares_paid)),
    };
  }

  /** The returns, drawdown and Sharpe: they move only with the snapshots and the UTC day. */
  function minuteFields(robot: RobotRow, history: History, now: Date) {
    const principal = BigInt(robot.principal);
    const started = robot.started_at !== null;
    const roi = (days: number) =>
      started ? ratioText(history.nowPnl - history.then.get(days)!, principal) : '0';
    const series = history.series;
    const sharpe = series ? sharpeOf(dailyReturns(series.days, principal, now)) : null;
    return {
      roi_7d: roi(7),
      roi_30d: roi(30),
      roi_90d: roi(90),
      max_drawdown: series?.drawdown ? (-Number(series.drawdown)).toFixed(8) : '0',
      sharpe: sharpe === null ? '' : sharpe.toFixed(2),
    };
  }
  type MinuteFields = ReturnType<typeof minuteFields>;

  /** What moves with the minute's snapshots and the price: the returns, drawdown, Sharpe. */
  async function liveRecord(robot: RobotRow, price: (market: MarketId) => bigint) {
    const now = clock.now();
    return liveFields(robot, price, await historyOf(robot, now), now);
  }

  /**
   * `liveRecord` without waiting, when the robot's record is kept, read, as of this minute
   * and checked against this very row within the minute: a crowd's steady call. Otherwise
   * undefined, and the caller waits for `liveRecord`. The answer is the same either way.
   */
  function liveRecordNow(robot: RobotRow, price: (market: MarketId) => bigint) {
    const now = clock.now();
    const nowMs = now.getTime();
    const k = kept.get(robot.id);
    if (!k?.state || !checkedFor(k, robot, nowMs)) return undefined;
    const minute = Math.floor(nowMs / 60_000);
    if (behind(k, minute)) return undefined;
    k.asked = minute;
    return liveFields(robot, price, k.state.history, now);
  }

  function liveFields(
    robot: RobotRow,
    price: (market: MarketId) => bigint,
    history: History,
    now: Date,
  ) {
    // Written once per move on and UTC day (the day decides which days are complete), not
    // on every call: a crowd asks many times a minute (issue 33).
    const day = Math.floor(now.getTime() / DAY_MS);
    let shown = history.shown;
    if (shown?.version !== history.version || shown.day !== day) {
      shown = { version: history.version, day, fields: minuteFields(robot, history, now) };
      history.shown = shown;
    }
    return { ...shown.fields, buy_and_hold_return: buyAndHoldOf(robot, price, history) };
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
    const [stats, live] = await Promise.all([
      known.stats ?? repo.copyStats([robot.id]).then((stats) => stats.get(robot.id)!),
      liveRecord(robot, price),
    ]);
    const state =
      known.state !== undefined
        ? known.state
        : robot.grid_state
          ? parseGrid(robot.grid_state)
          : null;
    return { ...live, ...fixedRecord(robot, { stats, state }) };
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

  return { recordOf, fixedRecord, liveRecord, liveRecordNow };
}

export type RobotRecords = ReturnType<typeof robotRecords>;
