// Risk exits of a grid robot, as pure functions shared by the live engine and the
// preview's backtest: take-profit and stop-loss (by price, by total return), a trigger
// price that starts the grid, and trailing (the grid shifts one level when the price
// leaves it, within the investor's limits). Same inputs, same fills, to the unit.
import {
  DEFAULT_FEE_RATE,
  DEFAULT_MAKER_FEE_RATE,
  feePpm,
  paperFill,
  type Fill,
} from './execution.ts';
import type { Candle } from './feed.ts';
import {
  close,
  createGrid,
  onPrice,
  valueGrid,
  withTriggers,
  type GridParams,
  type GridSlot,
  type GridState,
} from './grid.ts';
import { MARKETS, SCALE, snapToTick } from './markets.ts';

/** What an investor may set; null or absent: not set. Percentages are fractions (0.1 = 10%). */
export interface RobotExits {
  takeProfitPrice?: bigint | null;
  stopLossPrice?: bigint | null;
  takeProfitPct?: number | null;
  stopLossPct?: number | null;
  trailingUp?: boolean;
  trailingDown?: boolean;
  trailingLimitHigh?: bigint | null;
  trailingLimitLow?: bigint | null;
}

export const END_REASONS = [
  'take_profit_price',
  'stop_loss_price',
  'take_profit_pct',
  'stop_loss_pct',
] as const;
export type ExitReason = (typeof END_REASONS)[number];

/** Why a shift the price asked for did not happen (the grid stays where it is). */
export type ShiftRefusal = 'limit' | 'below_minimum';

/**
 * Take-profit and stop-loss by price are on the side where the robot gains or loses: a
 * long or neutral grid holds the coin below its start, so its profit is above; a short
 * grid's profit is below.
 */
export function takeProfitAbove(direction: GridParams['direction']) {
  return direction !== 'short';
}

/**
 * The exit the price reached, if any, checked in a fixed order (stop-loss first: when
 * both hold on one price, the loss is the one the investor asked to cap). Total return is
 * the robot's realised plus floating PnL, less performance fees already paid, over its
 * principal (the closing fee is not in it: it is paid when the exit closes).
 */
export function exitReached(
  state: GridState,
  price: bigint,
  exits: RobotExits,
  performanceFees = 0n,
): ExitReason | null {
  if (state.closed) return null;
  const above = takeProfitAbove(state.params.direction);
  const sl = exits.stopLossPrice ?? null;
  const tp = exits.takeProfitPrice ?? null;
  if (sl !== null && (above ? price <= sl : price >= sl)) return 'stop_loss_price';
  if (exits.stopLossPct != null || exits.takeProfitPct != null) {
    const pnl = valueGrid(state, price).pnl - performanceFees;
    const total = Number(pnl) / Number(state.principal);
    if (exits.stopLossPct != null && total <= -exits.stopLossPct) return 'stop_loss_pct';
    if (exits.takeProfitPct != null && total >= exits.takeProfitPct) return 'take_profit_pct';
  }
  if (tp !== null && (above ? price >= tp : price <= tp)) return 'take_profit_price';
  return null;
}

/** A waiting robot starts when the price reaches its trigger from the side it was on. */
export function triggerCrossed(trigger: bigint, above: boolean, price: bigint) {
  return above ? price >= trigger : price <= trigger;
}

/**
 * The level beyond the grid's edge, in the grid's own spacing: equal differences if its
 * first and last steps are equal to the tick (arithmetic), else equal ratios (geometric).
 * Null when the spacing cannot go lower (a level at or under one tick).
 */
export function nextLevel(state: GridState, side: 'up' | 'down'): bigint | null {
  const { levels } = state;
  const market = state.params.market;
  const n = levels.length - 1;
  const first = levels[1]! - levels[0]!;
  const last = levels[n]! - levels[n - 1]!;
  const tick = MARKETS[market].tick;
  const arithmetic = first - last <= tick && last - first <= tick;
  let level: bigint;
  if (side === 'up') {
    const top = levels[n]!;
    level = arithmetic ? top + last : snapToTick((top * top) / levels[n - 1]!, market);
    return level > top ? level : null;
  }
  const bottom = levels[0]!;
  level = arithmetic ? bottom - first : snapToTick((bottom * bottom) / levels[1]!, market);
  return level < bottom && level > tick ? level : null;
}

export interface TrailResult {
  state: GridState;
  /** The market order closing the slot that leaves the grid, if it held a position. */
  fills: Fill[];
  shifted: 'up' | 'down' | null;
  refused: ShiftRefusal | null;
}

const NOTHING = (state: GridState): TrailResult => ({
  state,
  fills: [],
  shifted: null,
  refused: null,
});

/**
 * Trailing: when the price is above the top level (trailing up) or below the bottom one
 * (trailing down), the grid moves one level that way. The slot on the far edge leaves;
 * if it held a position, that is closed at market (taker fee, its PnL realised). A new
 * slot of the same kind as the edge it joins starts flat with its resting order. A new
 * long slot buys only what the free cash pays for (cash less every other resting buy,
 * fees reserved), at most the grid's quantity, on the market's lot. Refused, the grid
 * unchanged, when the new level passes the investor's limit, or when the new order would
 * be worth less than the market's minimum order (so little free cash, or a price so low).
 */
export function trail(
  state: GridState,
  price: bigint,
  exits: RobotExits,
  feeRate = DEFAULT_FEE_RATE,
  ts = 0,
): TrailResult {
  if (state.closed) return NOTHING(state);
  const { levels, slots, quantity } = state;
  const n = slots.length;
  const market = state.params.market;
  const spec = MARKETS[market];
  let side: 'up' | 'down';
  if (exits.trailingUp && price > levels[n]!) side = 'up';
  else if (exits.trailingDown && price < levels[0]!) side = 'down';
  else return NOTHING(state);
  const level = nextLevel(state, side);
  const limit = side === 'up' ? exits.trailingLimitHigh : exits.trailingLimitLow;
  if (level === null || (limit != null && (side === 'up' ? level > limit : level < limit))) {
    return { ...NOTHING(state), refused: 'limit' };
  }
  const leaving = side === 'up' ? 0 : n - 1;
  const kind: GridSlot['kind'] = side === 'up' ? slots[n - 1]!.kind : slots[0]!.kind;
  const newLevels = side === 'up' ? [...levels.slice(1), level] : [level, ...levels.slice(0, n)];
  // the new slot starts flat: a long waits to buy at its lower level, a short to sell at its upper
  const orderPrice =
    side === 'up' ? (kind === 'long' ? levels[n]! : level) : kind === 'long' ? level : levels[0]!;
  const fills: Fill[] = [];
  let after = state;
  const out = slots[leaving]!;
  if (out.open) {
    const fill = paperFill(
      {
        market,
        side: out.kind === 'long' ? 'sell' : 'buy',
        quantity: out.quantity ?? quantity,
        slot: leaving,
      },
      price,
      feePpm(feeRate),
      ts,
    );
    fills.push(fill);
    after = closeSlot(state, fill);
  }
  const kept = side === 'up' ? after.slots.slice(1) : after.slots.slice(0, n - 1);
  const keptLevels = side === 'up' ? newLevels.slice(0, n) : newLevels.slice(1);
  let size = quantity;
  if (kind === 'long') {
    // what the other resting buys need, fees reserved as the grid was sized
    const ppm = feePpm(Math.max(feeRate, DEFAULT_FEE_RATE));
    let reserved = 0n;
    kept.forEach((slot, i) => {
      if (slot.kind === 'long' && !slot.open) {
        const quote = ((slot.quantity ?? quantity) * keptLevels[i]!) / SCALE;
        reserved += quote + (quote * ppm) / 1_000_000n + 1n;
      }
    });
    const free = after.cash - reserved;
    const affordable =
      free > 0n ? (free * SCALE * 1_000_000n) / (orderPrice * (1_000_000n + ppm)) : 0n;
    if (affordable < size) size = affordable - (affordable % spec.lot);
  }
  if ((size * orderPrice) / SCALE < spec.minOrder) {
    return { ...NOTHING(state), refused: 'below_minimum' };
  }
  const fresh: GridSlot =
    size === quantity
      ? { kind, open: false, entry: 0n }
      : { kind, open: false, entry: 0n, quantity: size };
  const newSlots = side === 'up' ? [...kept, fresh] : [fresh, ...kept];
  const shifted = withTriggers({
    ...after,
    params: { ...after.params, lower: newLevels[0]!, upper: newLevels[n]! },
    levels: newLevels,
    slots: newSlots,
  });
  return { state: shifted, fills, shifted: side, refused: null };
}

/** The leaving slot's market close, booked as grid.ts books any fill of an open slot. */
function closeSlot(state: GridState, fill: Fill): GridState {
  const slot = state.slots[fill.slot]!;
  const flow = fill.side === 'buy' ? -(fill.quote + fill.fee) : fill.quote - fill.fee;
  const pnl = flow - slot.entry;
  const slots = state.slots.slice();
  slots[fill.slot] = { ...slot, open: false, entry: 0n };
  return {
    ...state,
    slots,
    cash: state.cash + flow,
    position: state.position + (fill.side === 'buy' ? fill.quantity : -fill.quantity),
    openCost: state.openCost - slot.entry,
    realised: state.realised + pnl,
    fees: state.fees + fill.fee,
    trades: state.trades + 1,
    roundTrips: state.roundTrips + 1,
    profitableRoundTrips: state.profitableRoundTrips + (pnl > 0n ? 1 : 0),
  };
}

export interface ExitStep {
  state: GridState;
  /** Grid fills, then a trailing close or the exit's closing orders, in booking order. */
  fills: Fill[];
  end: ExitReason | null;
  shifted: 'up' | 'down' | null;
  refused: ShiftRefusal | null;
}

/**
 * One price for a running robot with exits: the resting orders fill (maker fee); then an
 * exit the price reached closes every position at market (taker fee) and ends the grid;
 * otherwise trailing may shift it one level.
 */
export function stepWithExits(
  state: GridState,
  price: bigint,
  exits: RobotExits,
  options: { makerFeeRate?: number; feeRate?: number; ts?: number; performanceFees?: bigint } = {},
): ExitStep {
  const feeRate = options.feeRate ?? DEFAULT_FEE_RATE;
  const ts = options.ts ?? 0;
  const grid = onPrice(state, price, options.makerFeeRate ?? DEFAULT_MAKER_FEE_RATE, ts);
  const end = exitReached(grid.state, price, exits, options.performanceFees ?? 0n);
  if (end) {
    const closed = close(grid.state, price, feeRate, ts);
    return {
      state: closed.state,
      fills: [...grid.fills, ...closed.fills],
      end,
      shifted: null,
      refused: null,
    };
  }
  const trailed = trail(grid.state, price, exits, feeRate, ts);
  return {
    state: trailed.state,
    fills: trailed.fills.length > 0 ? [...grid.fills, ...trailed.fills] : grid.fills,
    end: null,
    shifted: trailed.shifted,
    refused: trailed.refused,
  };
}

export interface ExitBacktestResult {
  /** Null when the trigger was never reached (the robot would still be waiting). */
  startedAt: number | null;
  end: ExitReason | null;
  endedAt: number | null;
  /** After closing at the exit, or at the last close if no exit was reached. */
  totalReturn: number;
  shifts: number;
}

/**
 * The robot with its exits replayed over candles (one price a minute, the close, as the
 * live engine sees it): waits for the trigger, opens, trades, shifts and exits exactly as
 * the engine does; whatever is open at the end is closed at the last close.
 */
export function backtestExits(input: {
  params: GridParams;
  principal: bigint;
  candles: readonly Candle[];
  exits: RobotExits;
  trigger?: bigint | null;
  feeRate?: number;
  makerFeeRate?: number;
}): ExitBacktestResult {
  const { params, principal, candles, exits } = input;
  const feeRate = input.feeRate ?? DEFAULT_FEE_RATE;
  const first = candles[0];
  if (!first) throw new RangeError('backtest needs candles');
  const trigger = input.trigger ?? null;
  const above = trigger !== null && trigger > first.open;
  let state: GridState | null = null;
  let startedAt: number | null = null;
  let shifts = 0;
  for (const candle of candles) {
    if (!state) {
      if (trigger !== null && !triggerCrossed(trigger, above, candle.close)) continue;
      state = createGrid(params, principal, candle.close, feeRate, candle.ts).state;
      startedAt = candle.ts;
      continue;
    }
    const step = stepWithExits(state, candle.close, exits, {
      feeRate,
      ...(input.makerFeeRate === undefined ? {} : { makerFeeRate: input.makerFeeRate }),
      ts: candle.ts,
    });
    state = step.state;
    if (step.shifted) shifts += 1;
    if (step.end) {
      return {
        startedAt,
        end: step.end,
        endedAt: candle.ts,
        totalReturn: Number(state.cash - principal) / Number(principal),
        shifts,
      };
    }
  }
  if (!state) return { startedAt: null, end: null, endedAt: null, totalReturn: 0, shifts };
  const last = candles[candles.length - 1]!;
  const closed = close(state, last.close, feeRate, last.ts);
  return {
    startedAt,
    end: null,
    endedAt: null,
    totalReturn: Number(closed.pnl) / Number(principal),
    shifts,
  };
}
