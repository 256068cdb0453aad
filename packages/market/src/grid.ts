// The grid strategy as a pure state machine: same inputs, same fills, to the unit. It
// earns only what its trades earn at feed prices after fees; a falling long grid loses.
import {
  DEFAULT_FEE_RATE,
  DEFAULT_MAKER_FEE_RATE,
  feePpm,
  paperFill,
  type Fill,
  type Order,
  type Side,
} from './execution.ts';
import type { Candle } from './feed.ts';
import { floorDiv, MARKETS, SCALE, snapToTick, type MarketId } from './markets.ts';

export type Direction = 'long' | 'short' | 'neutral';

/**
 * How the levels are spaced: 'geometric' (equal ratios, every step the same percentage)
 * or 'arithmetic' (equal differences, every step the same price distance, so the steps
 * are smaller percentages near the top). Decision 146.
 */
export type GridType = 'arithmetic' | 'geometric';
export const GRID_TYPES = ['arithmetic', 'geometric'] as const satisfies readonly GridType[];

/** What a robot trades: gridCount steps from lower to upper (geometric unless said). */
export interface GridParams {
  market: MarketId;
  direction: Direction;
  lower: bigint;
  upper: bigint;
  gridCount: number;
  /** Absent: geometric (every robot before decision 146 is). */
  gridType?: GridType;
}

/** The automatic choice and the figures behind it, for the robot's creation screen. */
export interface GridSuggestion extends GridParams {
  /** Standard deviation of daily returns, estimated from the candles given. */
  dailyVolatility: number;
  /** Each grid step, as a fraction (0.006 = 0.6%). */
  step: number;
  /** The smallest step that clears two taker fees with a margin (see GRID_RULES). */
  minStep: number;
  /** What one completed buy-low/sell-high round trip earns after both fees, as a fraction. */
  profitPerRoundTrip: number;
}

/**
 * How the range and count are chosen: the range is +-rangeSigmas daily sigmas scaled
 * to horizonDays (a week's 2-sigma move: the price should stay inside for days); the
 * step is stepFeeMultiple times the round-trip fee cost, so a round trip keeps about
 * two thirds of its gross; the count is then range / step, bounded, and small enough
 * that every order clears the market's minimum order with headroom.
 */
export const GRID_RULES = {
  rangeSigmas: 2,
  horizonDays: 7,
  stepFeeMultiple: 3,
  minHalfWidth: 0.03,
  maxHalfWidth: 0.5,
  minGrids: 2,
  maxGrids: 100,
  minOrderHeadroom: 1.25,
} as const;

/**
 * One grid step, between levels[i] and levels[i + 1]. A long slot buys at the lower
 * level and sells at the upper; a short slot sells at the upper and buys back at the
 * lower. open: holding its position. entry: the cash that opening moved, fees included
 * (positive for a long's cost, negative for a short's proceeds).
 */
export interface GridSlot {
  kind: 'long' | 'short';
  open: boolean;
  entry: bigint;
  /** Base coin this slot trades, when not the grid's quantity (a trailing shift's new slot). */
  quantity?: bigint;
}

export interface GridState {
  params: GridParams;
  levels: readonly bigint[];
  /** Base coin per slot, 10^-8 units, a multiple of the market's lot. */
  quantity: bigint;
  principal: bigint;
  /** Olive units; starts at principal. Short sales add to it (collateral stays inside). */
  cash: bigint;
  /** Signed base coin held, 10^-8 units (negative: short). */
  position: bigint;
  /** Sum of the open slots' entries. */
  openCost: bigint;
  /** PnL of completed round trips, after all their fees. */
  realised: bigint;
  fees: bigint;
  trades: number;
  roundTrips: number;
  profitableRoundTrips: number;
  slots: readonly GridSlot[];
  /** Slots the opening order will open (cleared once it fills). */
  openAtStart: readonly number[];
  /** Fast path: nothing happens while buyBelow <= price <= sellAbove. */
  buyBelow: bigint;
  sellAbove: bigint;
  closed: boolean;
}

export interface GridStep {
  state: GridState;
  fills: Fill[];
}

/** The opening order's slot tag: one market order opens every slot that starts open. */
export const OPENING_SLOT = -1;
const NO_BUY = -1n;
const NO_SELL = 1n << 120n;
const NO_FILLS: Fill[] = [];

/**
 * levels[0] = lower ... levels[gridCount] = upper, on the price tick: equal ratios
 * (geometric) or equal differences (arithmetic, computed exactly in bigints).
 */
export function gridLevels(params: GridParams): bigint[] {
  const { market, lower, upper, gridCount } = params;
  if (!Number.isInteger(gridCount) || gridCount < 1) throw new RangeError('gridCount must be >= 1');
  if (lower <= 0n || upper <= lower) throw new RangeError('need 0 < lower < upper');
  const arithmetic = params.gridType === 'arithmetic';
  const logRatio = Math.log(Number(upper) / Number(lower));
  const n = BigInt(gridCount);
  const levels: bigint[] = [lower];
  for (let k = 1; k < gridCount; k++) {
    const exact = arithmetic
      ? lower + ((upper - lower) * BigInt(k) + n / 2n) / n
      : BigInt(Math.round(Number(lower) * Math.exp((logRatio * k) / gridCount)));
    const level = snapToTick(exact, market);
    if (level <= levels[k - 1]!) throw new RangeError('grid steps are finer than the price tick');
    levels.push(level);
  }
  if (upper <= levels[gridCount - 1]!)
    throw new RangeError('grid steps are finer than the price tick');
  levels.push(upper);
  return levels;
}

/**
 * The smallest step of a grid, as a fraction: every step of a geometric grid; the top
 * step of an arithmetic one (the same distance is the smallest ratio where prices are
 * highest). What must clear the fees and what sets how often the grid trades.
 */
export function smallestStep(lower: number, upper: number, gridCount: number, type?: GridType) {
  if (type === 'arithmetic') {
    const distance = (upper - lower) / gridCount;
    return distance / (upper - distance);
  }
  return Math.expm1(Math.log(upper / lower) / gridCount);
}

/** Chooses range and grid count from the volatility of the candles (GRID_RULES). */
export function autoGridParams(input: {
  market: MarketId;
  direction: Direction;
  candles: readonly Candle[];
  price: bigint;
  principal?: bigint;
  feeRate?: number;
}): GridSuggestion {
  const { market, direction, candles, price } = input;
  const spec = MARKETS[market];
  const feeRate = input.feeRate ?? DEFAULT_FEE_RATE;
  const rules = GRID_RULES;
  const dailyVolatility = dailyVolatilityOf(candles) ?? spec.annualVol / Math.sqrt(365);
  const halfWidth = Math.min(
    rules.maxHalfWidth,
    Math.max(
      rules.minHalfWidth,
      rules.rangeSigmas * dailyVolatility * Math.sqrt(rules.horizonDays),
    ),
  );
  const roundTripCost = Math.log((1 + feeRate) / (1 - feeRate));
  const minStep = Math.max(rules.stepFeeMultiple * roundTripCost, 0.001);
  let gridCount = Math.floor((2 * halfWidth) / minStep);
  gridCount = Math.min(rules.maxGrids, Math.max(rules.minGrids, gridCount));
  if (input.principal !== undefined) {
    const byPrincipal = Number(input.principal) / (Number(spec.minOrder) * rules.minOrderHeadroom);
    gridCount = Math.max(rules.minGrids, Math.min(gridCount, Math.floor(byPrincipal)));
  }
  const center = Number(price);
  const lower = snapToTick(BigInt(Math.round(center * Math.exp(-halfWidth))), market);
  const upper = snapToTick(BigInt(Math.round(center * Math.exp(halfWidth))), market);
  const step = Math.expm1(Math.log(Number(upper) / Number(lower)) / gridCount);
  return {
    market,
    direction,
    lower,
    upper,
    gridCount,
    dailyVolatility,
    step,
    minStep: Math.expm1(minStep),
    profitPerRoundTrip: ((1 + step) * (1 - feeRate)) / (1 + feeRate) - 1,
  };
}

/** Standard deviation of 1-minute log returns of closes, scaled to a day (1,440 minutes). */
export function dailyVolatilityOf(candles: readonly Candle[]): number | null {
  if (candles.length < 3) return null;
  let sum = 0;
  let sumSquares = 0;
  let count = 0;
  let previous = Number(candles[0]!.close);
  for (let i = 1; i < candles.length; i++) {
    const close = Number(candles[i]!.close);
    const r = Math.log(close / previous);
    previous = close;
    sum += r;
    sumSquares += r * r;
    count++;
  }
  const variance = (sumSquares - (sum * sum) / count) / (count - 1);
  return Math.sqrt(variance * 1440);
}

/**
 * Sizes the grid and opens its starting position at price (paper, taker fee).
 * - long: every slot is a long slot; slots wholly above the price start open (bought now),
 *   so the robot holds base and sells it on the way up, buys back below.
 * - short: the mirror; slots wholly below the price start open (sold short now).
 * - neutral: starts flat; long slots below the price, short slots above it.
 * Sizing: one equal quantity per slot, as much as the principal covers when every slot
 * is filled at its worst level plus fees (shorts are collateralised 1:1, no leverage),
 * rounded down to the market's lot. The fee reserved is the larger of feeRate and the
 * default 0.1%, so the size does not depend on a discount. Throws RangeError when one lot
 * per slot does not fit.
 */
export function createGrid(
  params: GridParams,
  principal: bigint,
  price: bigint,
  feeRate = DEFAULT_FEE_RATE,
  ts = 0,
): GridStep {
  const spec = MARKETS[params.market];
  const levels = gridLevels(params);
  const n = params.gridCount;
  const slots: GridSlot[] = [];
  const openAtStart: number[] = [];
  let worstPrices = 0n; // sum over slots of the price each may trade at when opening
  for (let i = 0; i < n; i++) {
    const below = levels[i]!;
    const above = levels[i + 1]!;
    let kind: GridSlot['kind'];
    let startsOpen = false;
    if (params.direction === 'long') {
      kind = 'long';
      startsOpen = below >= price;
    } else if (params.direction === 'short') {
      kind = 'short';
      startsOpen = above <= price;
    } else {
      kind = below < price ? 'long' : 'short';
    }
    slots.push({ kind, open: false, entry: 0n });
    if (startsOpen) openAtStart.push(i);
    worstPrices += startsOpen ? price : kind === 'long' ? below : above;
  }
  const ppm = feePpm(feeRate);
  const reservedPpm = feePpm(Math.max(feeRate, DEFAULT_FEE_RATE));
  // a few units per slot cover the round-ups of quote and fee
  const budget = principal - 4n * BigInt(n);
  let quantity = (budget * SCALE * 1_000_000n) / (worstPrices * (1_000_000n + reservedPpm));
  quantity -= quantity % spec.lot;
  if (quantity < spec.lot) {
    throw new RangeError(`principal too small for ${n} grids on ${params.market}`);
  }
  let state: GridState = {
    params,
    levels,
    quantity,
    principal,
    cash: principal,
    position: 0n,
    openCost: 0n,
    realised: 0n,
    fees: 0n,
    trades: 0,
    roundTrips: 0,
    profitableRoundTrips: 0,
    slots,
    openAtStart,
    buyBelow: NO_BUY,
    sellAbove: NO_SELL,
    closed: false,
  };
  const opening = openingOrder(state);
  if (!opening) return { state: withTriggers(state), fills: [] };
  const fill = paperFill(opening, price, ppm, ts);
  state = applyFills(state, [fill]);
  return { state, fills: [fill] };
}

/** The one market order that opens the starting position, if the grid has one. */
export function openingOrder(state: GridState): Order | null {
  const count = BigInt(state.openAtStart.length);
  if (count === 0n) return null;
  const side: Side = state.params.direction === 'short' ? 'sell' : 'buy';
  return {
    market: state.params.market,
    side,
    quantity: count * state.quantity,
    slot: OPENING_SLOT,
  };
}

/**
 * The resting limit orders of a grid: a buy at the lower level of every slot waiting to
 * buy, a sell at the upper level of every slot waiting to sell (what the investor sees).
 */
export function restingOrders(state: GridState): (Order & { price: bigint })[] {
  if (state.closed) return [];
  const { slots, levels, quantity } = state;
  const market = state.params.market;
  return slots.map((slot, i) =>
    wantsBuy(slot)
      ? {
          market,
          side: 'buy' as const,
          quantity: slot.quantity ?? quantity,
          slot: i,
          price: levels[i]!,
        }
      : {
          market,
          side: 'sell' as const,
          quantity: slot.quantity ?? quantity,
          slot: i,
          price: levels[i + 1]!,
        },
  );
}

/**
 * The resting orders a price trades through: a buy rests at its slot's lower level and
 * fills when the price goes below it; a sell rests at the upper level and fills when the
 * price goes above it. A price that only touches a level does not fill it (the queue at
 * that price may not reach the order); a gap through several levels fills each one.
 */
export function gridOrders(state: GridState, price: bigint): Order[] {
  if (state.closed || (price >= state.buyBelow && price <= state.sellAbove)) return [];
  const orders: Order[] = [];
  const { slots, levels, quantity } = state;
  const market = state.params.market;
  for (let i = 0; i < slots.length; i++) {
    const slot = slots[i]!;
    if (wantsBuy(slot)) {
      if (price < levels[i]!) {
        orders.push({ market, side: 'buy', quantity: slot.quantity ?? quantity, slot: i });
      }
    } else if (price > levels[i + 1]!) {
      orders.push({ market, side: 'sell', quantity: slot.quantity ?? quantity, slot: i });
    }
  }
  return orders;
}

/**
 * One price update: every resting order the price traded through fills at its own
 * level's price with the maker fee (a limit order is paid its limit, not the feed's
 * price). Returns the same state object when nothing trades (the common case, kept
 * allocation-free).
 */
export function onPrice(
  state: GridState,
  price: bigint,
  makerFeeRate = DEFAULT_MAKER_FEE_RATE,
  ts = 0,
): GridStep {
  if (state.closed || (price >= state.buyBelow && price <= state.sellAbove)) {
    return { state, fills: NO_FILLS };
  }
  const orders = gridOrders(state, price);
  if (orders.length === 0) return { state, fills: NO_FILLS };
  const ppm = feePpm(makerFeeRate);
  const { levels } = state;
  const fills = orders.map((order) =>
    paperFill(order, order.side === 'buy' ? levels[order.slot]! : levels[order.slot + 1]!, ppm, ts),
  );
  return { state: applyFills(state, fills), fills };
}

/**
 * Books fills (from paper or from a real venue) into the state. Each fill moves its
 * slot to the other side and its cash exactly; a fill that does not match its slot's
 * state is a bug upstream and throws.
 */
export function applyFills(state: GridState, fills: readonly Fill[]): GridState {
  if (fills.length === 0) return state;
  const slots = state.slots.slice();
  let { cash, position, openCost, realised, fees, trades, roundTrips, profitableRoundTrips } =
    state;
  let openAtStart = state.openAtStart;
  for (const fill of fills) {
    const flow = fill.side === 'buy' ? -(fill.quote + fill.fee) : fill.quote - fill.fee;
    cash += flow;
    position += fill.side === 'buy' ? fill.quantity : -fill.quantity;
    fees += fill.fee;
    trades++;
    if (fill.slot === OPENING_SLOT) {
      // split the one order's cash over its slots; the first ones take the remainder
      const count = BigInt(openAtStart.length);
      const cost = -flow;
      const share = floorDiv(cost, count);
      let remainder = cost - share * count;
      for (const i of openAtStart) {
        const extra = remainder > 0n ? 1n : 0n;
        remainder -= extra;
        slots[i] = { kind: slots[i]!.kind, open: true, entry: share + extra };
      }
      openCost += cost;
      openAtStart = [];
      continue;
    }
    const slot = slots[fill.slot];
    if (!slot || wantsBuy(slot) !== (fill.side === 'buy')) {
      throw new Error(`fill does not match grid slot ${fill.slot}`);
    }
    if (!slot.open) {
      slots[fill.slot] = { ...slot, open: true, entry: -flow };
      openCost += -flow;
    } else {
      const pnl = flow - slot.entry; // what came back minus what went in, fees on both sides
      realised += pnl;
      openCost -= slot.entry;
      roundTrips++;
      if (pnl > 0n) profitableRoundTrips++;
      slots[fill.slot] = { ...slot, open: false, entry: 0n };
    }
  }
  return withTriggers({
    ...state,
    slots,
    openAtStart,
    cash,
    position,
    openCost,
    realised,
    fees,
    trades,
    roundTrips,
    profitableRoundTrips,
  });
}

/** Stop: closes every open slot at price (taker fee); afterwards cash = principal + PnL. */
export function close(
  state: GridState,
  price: bigint,
  feeRate = DEFAULT_FEE_RATE,
  ts = 0,
): GridStep & { pnl: bigint } {
  if (state.closed) return { state, fills: [], pnl: state.cash - state.principal };
  const ppm = feePpm(feeRate);
  const market = state.params.market;
  const fills: Fill[] = [];
  state.slots.forEach((slot, i) => {
    if (!slot.open) return;
    const side: Side = slot.kind === 'long' ? 'sell' : 'buy';
    const quantity = slot.quantity ?? state.quantity;
    fills.push(paperFill({ market, side, quantity, slot: i }, price, ppm, ts));
  });
  const closed: GridState = {
    ...applyFills(state, fills),
    closed: true,
    buyBelow: NO_BUY,
    sellAbove: NO_SELL,
  };
  return { state: closed, fills, pnl: closed.cash - closed.principal };
}

export interface GridValuation {
  price: bigint;
  /** Position marked at price, rounded down (a short's buy-back cost rounded up). */
  positionValue: bigint;
  equity: bigint;
  realised: bigint;
  /** Open slots marked at price, before the fee that closing would cost. */
  unrealised: bigint;
  pnl: bigint;
  fees: bigint;
  trades: number;
  roundTrips: number;
  profitableRoundTrips: number;
}

/** What the robot is worth at price: equity = cash + position value = principal + pnl. */
export function valueGrid(state: GridState, price: bigint): GridValuation {
  const positionValue = floorDiv(state.position * price, SCALE);
  const unrealised = positionValue - state.openCost;
  return {
    price,
    positionValue,
    equity: state.cash + positionValue,
    realised: state.realised,
    unrealised,
    pnl: state.realised + unrealised,
    fees: state.fees,
    trades: state.trades,
    roundTrips: state.roundTrips,
    profitableRoundTrips: state.profitableRoundTrips,
  };
}

/** A long slot waits to buy while flat; a short slot waits to buy back while open. */
function wantsBuy(slot: GridSlot): boolean {
  return slot.kind === 'long' ? !slot.open : slot.open;
}

/** Recomputes the fast-path bounds after the slots or levels change. */
export function withTriggers(state: GridState): GridState {
  let buyBelow = NO_BUY;
  let sellAbove = NO_SELL;
  const { slots, levels } = state;
  for (let i = 0; i < slots.length; i++) {
    if (wantsBuy(slots[i]!)) {
      if (levels[i]! > buyBelow) buyBelow = levels[i]!;
    } else if (levels[i + 1]! < sellAbove) {
      sellAbove = levels[i + 1]!;
    }
  }
  return { ...state, buyBelow, sellAbove };
}

/** Grid state as JSON text (bigints as decimal strings), for the robot engine to store. */
export function serializeGrid(state: GridState): string {
  return JSON.stringify(state, (_key, value: unknown) =>
    typeof value === 'bigint' ? `${value}n` : value,
  );
}

export function parseGrid(text: string): GridState {
  return JSON.parse(text, (_key, value: unknown) =>
    typeof value === 'string' && /^-?\d+n$/.test(value) ? BigInt(value.slice(0, -1)) : value,
  ) as GridState;
}
