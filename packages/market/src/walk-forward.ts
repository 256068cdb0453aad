// Walk-forward choice of a grid's range and count: every candidate setting is backtested
// on the older days of the last 30 (the choice), and the one chosen is backtested once on
// the newest days, which the choice never saw (the estimate shown). Decisions 111b, 147.
import { DEFAULT_FEE_RATE, DEFAULT_MAKER_FEE_RATE } from './execution.ts';
import { DAY_MS, type Candle } from './feed.ts';
import { median } from './backtest.ts';
import {
  GRID_RULES,
  createGrid,
  onPrice,
  smallestStep,
  type Direction,
  type GridParams,
  type GridType,
} from './grid.ts';
import { MARKETS, SCALE_NUMBER, snapToTick, type MarketId } from './markets.ts';

/**
 * A setting relative to the price it starts at: lower = price * low, upper = price * high,
 * levels spaced by gridType (geometric when absent).
 */
export interface RelativeGrid {
  low: number;
  high: number;
  gridCount: number;
  gridType?: GridType;
}

export const WALK_FORWARD = {
  /** Days of history searched; the newest heldOutDays of them are never used to choose. */
  days: 30,
  heldOutDays: 7,
  /** The choice replays fresh robots over segments this long, as long as the held-out run. */
  segmentDays: 7,
  /** Half widths of the range searched (fractions of the price, log scale). */
  halfWidths: [0.01, 0.015, 0.02, 0.03, 0.04, 0.07, 0.11, 0.16, 0.24] as const,
  gridCounts: [4, 6, 8, 10, 14, 20, 30, 45, 70, 100] as const,
  /**
   * A grid that does not trade is not a grid robot (decision 147): a candidate must expect
   * at least this many round trips an hour at the volatility of the days chosen on.
   */
  minRoundTripsPerHour: 30,
  /**
   * Returns over this many minutes measure that volatility: the scale a step of a tenth
   * of a percent trades at (1-minute returns carry the price step's noise, which a grid
   * of such steps does not see).
   */
  volatilityMinutes: 15,
  /** Minimum days on either side to say anything at all. */
  minDays: 2,
} as const;

export interface WalkForwardInput {
  market: MarketId;
  direction: Direction;
  principal: bigint;
  /** The last 30 days of 1-minute candles, oldest first. */
  candles: readonly Candle[];
  feeRate?: number;
  makerFeeRate?: number;
  /** Evaluate only this setting (the investor's own); default: search the candidates. */
  only?: RelativeGrid;
  /** Levels of the candidates searched; default geometric. Ignored with `only`. */
  gridType?: GridType;
}

/** What one setting did over a run of candles, the robot fresh at the first open. */
export interface SegmentResult {
  /** Equity at the last close (position marked there, no exit fee) over principal, less 1. */
  totalReturn: number;
  /** Returns of each whole 24-hour window, equity marked at its last close. */
  daily: number[];
  /** Largest fall of marked equity from its peak, checked at every close. */
  maxDrawdown: number;
  roundTrips: number;
  /** Length of the run in days (whole minutes / 1,440). */
  days: number;
  /** Holding the coin instead: bought at the first open with the taker fee, marked at the last close. */
  buyAndHold: number;
}

/** The held-out figures of the choice: what the preview shows (decision 147). */
export interface HeldOutReport {
  totalReturn: number;
  medianDaily: number;
  maxDrawdown: number;
  roundTripsPerDay: number;
  buyAndHold: number;
}

export interface WalkForwardResult {
  choice: RelativeGrid;
  /** Mean total return of the choice over the segments it was chosen on (its score). */
  inSample: number;
  /** Median daily return of the choice on the held-out days (the expected daily yield). */
  outOfSample: number;
  /** Held-out days the estimate covers (7 with a full history). */
  outOfSampleDays: number;
  /** When the held-out days start (ms); candles from here on never inform the choice. */
  heldOutFrom: number;
  heldOut: HeldOutReport;
  /** Daily volatility of the days chosen on, which the trading rule used. */
  dailyVolatility: number;
  /** Round trips an hour the choice was expected to make at that volatility. */
  expectedRoundTripsPerHour: number;
  candidates: number;
}

/** The smallest step of a relative grid, as a fraction (what must clear two maker fees). */
export const gridStep = (grid: RelativeGrid) =>
  smallestStep(grid.low, grid.high, grid.gridCount, grid.gridType);

/** True when one round trip between neighbouring levels keeps money after two maker fees. */
export function clearsMakerFees(grid: RelativeGrid, makerFeeRate: number) {
  return (1 + gridStep(grid)) * (1 - makerFeeRate) > 1 + makerFeeRate;
}

/**
 * Round trips an hour a grid can expect at a daily volatility: a price diffusing with
 * variance sigma^2 per hour leaves a band of +-s around a level after s^2 / sigma^2 hours
 * on average, each such move fills one order, and two fills make a round trip, so about
 * sigma_hour^2 / (2 s^2). s is the log step at the starting price (the middle of a
 * geometric grid's equal ratios; an arithmetic grid's distance over the price).
 */
export function expectedRoundTripsPerHour(grid: RelativeGrid, dailyVolatility: number) {
  const s =
    grid.gridType === 'arithmetic'
      ? (grid.high - grid.low) / grid.gridCount
      : Math.log(grid.high / grid.low) / grid.gridCount;
  return (dailyVolatility * dailyVolatility) / 24 / (2 * s * s);
}

/** Most grids this principal can fund with every order above the market's minimum. */
export function maxGridsFor(market: MarketId, principal: bigint): number {
  const spec = MARKETS[market];
  return Math.floor(Number(principal) / (Number(spec.minOrder) * GRID_RULES.minOrderHeadroom));
}

/**
 * The candidate settings: every width and count the principal can fund whose smallest
 * step clears two maker fees and that expects to trade (minRoundTripsPerHour at the
 * volatility given). When no setting the principal funds expects that much trading, the
 * ones that expect the most are the candidates (a small principal on a calm market).
 */
export function candidateGrids(
  market: MarketId,
  principal: bigint,
  makerFeeRate: number,
  dailyVolatility?: number,
  gridType: GridType = 'geometric',
) {
  const maxGrids = maxGridsFor(market, principal);
  const funded: RelativeGrid[] = [];
  for (const half of WALK_FORWARD.halfWidths) {
    for (const gridCount of WALK_FORWARD.gridCounts) {
      const grid: RelativeGrid = {
        low: Math.exp(-half),
        high: Math.exp(half),
        gridCount,
        gridType,
      };
      if (gridCount <= maxGrids && clearsMakerFees(grid, makerFeeRate)) funded.push(grid);
    }
  }
  if (dailyVolatility === undefined) return funded;
  const rate = (grid: RelativeGrid) => expectedRoundTripsPerHour(grid, dailyVolatility);
  const trading = funded.filter((grid) => rate(grid) >= WALK_FORWARD.minRoundTripsPerHour);
  if (trading.length > 0 || funded.length === 0) return trading;
  const most = Math.max(...funded.map(rate));
  return funded.filter((grid) => rate(grid) >= most * 0.999);
}

/** The absolute grid of a relative setting at a price, on the market's tick. */
export function gridAt(
  market: MarketId,
  direction: Direction,
  grid: RelativeGrid,
  price: bigint,
): GridParams {
  const p = Number(price);
  return {
    market,
    direction,
    lower: snapToTick(BigInt(Math.round(p * grid.low)), market),
    upper: snapToTick(BigInt(Math.round(p * grid.high)), market),
    gridCount: grid.gridCount,
    gridType: grid.gridType ?? 'geometric',
  };
}

/**
 * A fresh robot with this setting started at the first candle's open and run on the
 * closes to the last candle (the live engine's view, one price a minute). Equity is
 * marked at every close (drawdown), at each day's last close (daily returns) and at the
 * last close (total return: floating PnL counted, no exit fee). Null when the setting
 * cannot be built at that price.
 */
export function runSegment(
  input: WalkForwardInput,
  grid: RelativeGrid,
  candles: readonly Candle[],
  withDaily = true,
): SegmentResult | null {
  const first = candles[0];
  const last = candles[candles.length - 1];
  if (!first || !last) return null;
  const feeRate = input.feeRate ?? DEFAULT_FEE_RATE;
  const maker = input.makerFeeRate ?? DEFAULT_MAKER_FEE_RATE;
  let state;
  try {
    const params = gridAt(input.market, input.direction, grid, first.open);
    state = createGrid(params, input.principal, first.open, feeRate, first.ts).state;
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
  const principal = Number(input.principal);
  const daily: number[] = [];
  let dayEnd = first.ts + DAY_MS;
  let previous = principal;
  let equity = principal;
  let peak = principal;
  let maxDrawdown = 0;
  let lastClose = first.open;
  // Drawdown is checked at every close the grid trades at and at every extreme close in
  // between (equity is monotonic in the price while no order fills).
  for (const candle of candles) {
    if (candle.ts >= dayEnd) {
      if (withDaily) daily.push((equity - previous) / previous);
      previous = equity;
      while (candle.ts >= dayEnd) dayEnd += DAY_MS;
    }
    lastClose = candle.close;
    // the fast path of onPrice, inline: most minutes trade through no level
    if (lastClose < state.buyBelow || lastClose > state.sellAbove) {
      state = onPrice(state, lastClose, maker, candle.ts).state;
    }
    // marked as valueGrid marks it, in floating point: this is a statistic, not money
    equity = Number(state.cash) + (Number(state.position) * Number(lastClose)) / SCALE_NUMBER;
    if (equity > peak) peak = equity;
    else if ((peak - equity) / peak > maxDrawdown) maxDrawdown = (peak - equity) / peak;
  }
  // the last window counts only when it is a whole day (a partial day is not a day)
  if (withDaily && last.ts + 60_000 >= dayEnd) daily.push((equity - previous) / previous);
  const open = Number(first.open);
  return {
    totalReturn: equity / principal - 1,
    daily,
    maxDrawdown,
    roundTrips: state.roundTrips,
    days: (last.ts + 60_000 - first.ts) / DAY_MS,
    buyAndHold: (1 - feeRate) * (Number(last.close) / open) - 1,
  };
}

/** Standard deviation of `minutes`-minute log returns of closes, scaled to a day. */
export function volatilityOver(candles: readonly Candle[], minutes: number): number | null {
  const closes: number[] = [];
  for (let i = minutes - 1; i < candles.length; i += minutes)
    closes.push(Number(candles[i]!.close));
  if (closes.length < 3) return null;
  let sum = 0;
  let sumSquares = 0;
  for (let i = 1; i < closes.length; i++) {
    const r = Math.log(closes[i]! / closes[i - 1]!);
    sum += r;
    sumSquares += r * r;
  }
  const count = closes.length - 1;
  const variance = (sumSquares - (sum * sum) / count) / (count - 1);
  return Math.sqrt((variance * 1440) / minutes);
}

/** Index of the first candle at or after ts (candles are sorted). */
function indexAt(candles: readonly Candle[], ts: number) {
  let lo = 0;
  let hi = candles.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (candles[mid]!.ts < ts) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Chooses on the older days, reports on the held-out newest days. The held-out candles
 * are sliced off before any candidate is scored, so they cannot influence the choice.
 * The score is what an investor gets: the mean over the segments of a fresh robot's
 * total return, fees paid and floating PnL marked at the segment's end (decision 147).
 * Null when the history is too short to say anything (fewer than minDays either side).
 */
export function walkForward(input: WalkForwardInput): WalkForwardResult | null {
  const { candles } = input;
  const last = candles[candles.length - 1];
  const first = candles[0];
  if (!first || !last) return null;
  const end = last.ts + 60_000;
  const heldOutFrom = end - WALK_FORWARD.heldOutDays * DAY_MS;
  const split = indexAt(candles, heldOutFrom);
  const chooseOn = candles.slice(0, split);
  const heldOut = candles.slice(split);
  const chooseDays = Math.floor((heldOutFrom - first.ts) / DAY_MS);
  if (chooseDays < WALK_FORWARD.minDays || heldOut.length < WALK_FORWARD.minDays * 1440) {
    return null;
  }
  const maker = input.makerFeeRate ?? DEFAULT_MAKER_FEE_RATE;
  const dailyVolatility =
    volatilityOver(chooseOn, WALK_FORWARD.volatilityMinutes) ??
    MARKETS[input.market].annualVol / Math.sqrt(365);
  const candidates = input.only
    ? [input.only]
    : candidateGrids(input.market, input.principal, maker, dailyVolatility, input.gridType);
  // segments as long as the held-out run, the newest ending where the held-out days start
  const segments: (readonly Candle[])[] = [];
  const segmentMs = WALK_FORWARD.segmentDays * DAY_MS;
  let segmentEnd = heldOutFrom;
  while (segmentEnd - first.ts >= WALK_FORWARD.minDays * DAY_MS) {
    const from = Math.max(first.ts, segmentEnd - segmentMs);
    const start = from - first.ts < WALK_FORWARD.minDays * DAY_MS ? first.ts : from;
    segments.unshift(chooseOn.slice(indexAt(chooseOn, start), indexAt(chooseOn, segmentEnd)));
    segmentEnd = start;
  }

  let best: { grid: RelativeGrid; score: number } | null = null;
  for (const grid of candidates) {
    let sum = 0;
    let built = true;
    for (const segment of segments) {
      const run = runSegment(input, grid, segment, false);
      if (!run) {
        built = false;
        break;
      }
      sum += run.totalReturn;
    }
    if (!built || segments.length === 0) continue;
    const score = sum / segments.length;
    // ties: the earlier candidate (narrower ranges and fewer grids come first)
    if (!best || score > best.score) best = { grid, score };
  }
  if (!best) return null;

  const held = runSegment(input, best.grid, heldOut);
  if (!held || held.daily.length === 0) return null;
  return {
    choice: best.grid,
    inSample: best.score,
    outOfSample: median(held.daily),
    outOfSampleDays: held.daily.length,
    heldOutFrom,
    heldOut: {
      totalReturn: held.totalReturn,
      medianDaily: median(held.daily),
      maxDrawdown: held.maxDrawdown,
      roundTripsPerDay: held.roundTrips / held.days,
      buyAndHold: held.buyAndHold,
    },
    dailyVolatility,
    expectedRoundTripsPerHour: expectedRoundTripsPerHour(best.grid, dailyVolatility),
    candidates: candidates.length,
  };
}
