// Walk-forward choice of a grid's range and count: every candidate setting is backtested
// on the older days of the last 30 (the choice), and the one chosen is backtested once on
// the newest days, which the choice never saw (the estimate shown). Decision 111b.
import { DEFAULT_FEE_RATE, DEFAULT_MAKER_FEE_RATE } from './execution.ts';
import { DAY_MS, type Candle } from './feed.ts';
import { median } from './backtest.ts';
import {
  GRID_RULES,
  createGrid,
  onPrice,
  valueGrid,
  type Direction,
  type GridParams,
} from './grid.ts';
import { MARKETS, snapToTick, type MarketId } from './markets.ts';

/** A setting relative to the price it starts at: lower = price * low, upper = price * high. */
export interface RelativeGrid {
  low: number;
  high: number;
  gridCount: number;
}

export const WALK_FORWARD = {
  /** Days of history searched; the newest heldOutDays of them are never used to choose. */
  days: 30,
  heldOutDays: 7,
  /** The choice replays fresh robots over segments this long, as long as the held-out run. */
  segmentDays: 7,
  /** Half widths of the range searched (fractions of the price, log scale). */
  halfWidths: [0.02, 0.04, 0.07, 0.11, 0.16, 0.24] as const,
  gridCounts: [4, 8, 14, 20, 30, 45, 70, 100] as const,
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
}

export interface WalkForwardResult {
  choice: RelativeGrid;
  /** Median daily return of the choice on the days it was chosen on (for reference). */
  inSample: number;
  /** Median daily return of the choice on the held-out days: the estimate shown. */
  outOfSample: number;
  /** Held-out days the estimate covers (7 with a full history). */
  outOfSampleDays: number;
  /** When the held-out days start (ms); candles from here on never inform the choice. */
  heldOutFrom: number;
  candidates: number;
}

/** The step of a geometric grid, as a fraction. */
export const gridStep = (grid: RelativeGrid) =>
  Math.expm1(Math.log(grid.high / grid.low) / grid.gridCount);

/** True when one round trip between neighbouring levels keeps money after two maker fees. */
export function clearsMakerFees(grid: RelativeGrid, makerFeeRate: number) {
  return (1 + gridStep(grid)) * (1 - makerFeeRate) > 1 + makerFeeRate;
}

/** Most grids this principal can fund with every order above the market's minimum. */
export function maxGridsFor(market: MarketId, principal: bigint): number {
  const spec = MARKETS[market];
  return Math.floor(Number(principal) / (Number(spec.minOrder) * GRID_RULES.minOrderHeadroom));
}

/** The candidate settings: every width and count whose step clears two maker fees. */
export function candidateGrids(market: MarketId, principal: bigint, makerFeeRate: number) {
  const maxGrids = maxGridsFor(market, principal);
  const out: RelativeGrid[] = [];
  for (const half of WALK_FORWARD.halfWidths) {
    for (const gridCount of WALK_FORWARD.gridCounts) {
      const grid = { low: Math.exp(-half), high: Math.exp(half), gridCount };
      if (gridCount <= maxGrids && clearsMakerFees(grid, makerFeeRate)) out.push(grid);
    }
  }
  return out;
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
  };
}

/**
 * Daily returns of a fresh robot with this setting started at the first candle's open and
 * run on the closes to the last candle (the live engine's view, one price a minute).
 * Equity is marked at each day's last close. False when the setting cannot be built.
 */
function dailyReturns(
  input: WalkForwardInput,
  grid: RelativeGrid,
  candles: readonly Candle[],
  out: number[],
): boolean {
  const first = candles[0];
  if (!first) return false;
  const feeRate = input.feeRate ?? DEFAULT_FEE_RATE;
  const maker = input.makerFeeRate ?? DEFAULT_MAKER_FEE_RATE;
  let state;
  try {
    const params = gridAt(input.market, input.direction, grid, first.open);
    state = createGrid(params, input.principal, first.open, feeRate, first.ts).state;
  } catch (error) {
    if (error instanceof RangeError) return false;
    throw error;
  }
  let dayEnd = first.ts + DAY_MS;
  let previous = input.principal;
  let lastClose = first.open;
  for (const candle of candles) {
    if (candle.ts >= dayEnd) {
      const equity = valueGrid(state, lastClose).equity;
      out.push(Number(equity - previous) / Number(previous));
      previous = equity;
      while (candle.ts >= dayEnd) dayEnd += DAY_MS;
    }
    lastClose = candle.close;
    // the fast path of onPrice, inline: most minutes trade through no level
    if (lastClose >= state.buyBelow && lastClose <= state.sellAbove) continue;
    state = onPrice(state, lastClose, maker, candle.ts).state;
  }
  // the last window counts only when it is a whole day (a partial day is not a day)
  const last = candles[candles.length - 1]!;
  if (last.ts + 60_000 >= dayEnd) {
    const equity = valueGrid(state, lastClose).equity;
    out.push(Number(equity - previous) / Number(previous));
  }
  return true;
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
  const candidates = input.only
    ? [input.only]
    : candidateGrids(input.market, input.principal, maker);
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

  let best: { grid: RelativeGrid; median: number; mean: number } | null = null;
  const days: number[] = [];
  for (const grid of candidates) {
    days.length = 0;
    let built = true;
    for (const segment of segments) built = dailyReturns(input, grid, segment, days) && built;
    if (!built || days.length === 0) continue;
    const score = median(days);
    const mean = days.reduce((a, b) => a + b, 0) / days.length;
    // ties: the higher mean, then the earlier candidate (wider steps come first)
    if (!best || score > best.median || (score === best.median && mean > best.mean)) {
      best = { grid, median: score, mean };
    }
  }
  if (!best) return null;

  const held: number[] = [];
  if (!dailyReturns(input, best.grid, heldOut, held) || held.length === 0) return null;
  return {
    choice: best.grid,
    inSample: best.median,
    outOfSample: median(held),
    outOfSampleDays: held.length,
    heldOutFrom,
    candidates: candidates.length,
  };
}
