// Replays the grid strategy over stored candles, so a robot's "expected" yield is the
// measured median day of the same settings over the last 30 days, losses included.
import { DEFAULT_FEE_RATE, DEFAULT_MAKER_FEE_RATE } from './execution.ts';
import { DAY_MS, type Candle } from './feed.ts';
import {
  autoGridParams,
  close,
  createGrid,
  onPrice,
  valueGrid,
  type Direction,
  type GridParams,
} from './grid.ts';
import { SCALE, type MarketId } from './markets.ts';

/**
 * Which prices of a candle the robot sees.
 * - 'close' (default): one price per minute, the close. This is exactly what the live
 *   engine does when it sees one price per minute, with no look inside the candle; a
 *   round trip that opens and closes within one minute is missed, so grid profit is, if
 *   anything, understated.
 * - 'ohlc': open, then low and high (high first on a falling candle), then close. The
 *   resting orders each fills at its own level, so the extremes see more fills, not
 *   better prices: for sensitivity only.
 */
export type CandlePath = 'close' | 'ohlc';

export interface BacktestOptions {
  market: MarketId;
  direction: Direction;
  candles: readonly Candle[];
  /** Olive units; default 10,000 USDT, large enough that lot rounding is negligible. */
  principal?: bigint;
  /** Taker fee of the market orders (opening inventory, closing); default 0.1%. */
  feeRate?: number;
  /** Maker fee of the resting grid orders; default 0.02%. */
  makerFeeRate?: number;
  /** Default: chosen automatically from the same candles' volatility at the first open. */
  params?: GridParams;
  path?: CandlePath;
}

/** One 24-hour window of the run, starting at start (ms); returns are fractions. */
export interface DailyResult {
  start: number;
  /** Equity at the window's last close, position marked at that close. */
  equity: bigint;
  pnl: bigint;
  return: number;
}

export interface BacktestResult {
  params: GridParams;
  principal: bigint;
  /** After closing everything at the last close (exit fees paid). */
  finalEquity: bigint;
  pnl: bigint;
  totalReturn: number;
  daily: DailyResult[];
  /** Largest fall of marked equity from a previous peak, checked at every candle close. */
  maxDrawdown: number;
  trades: number;
  roundTrips: number;
  profitableTrades: number;
  fees: bigint;
}

export const DEFAULT_BACKTEST_PRINCIPAL = 10_000n * SCALE;

export function backtest(options: BacktestOptions): BacktestResult {
  const { market, direction, candles } = options;
  const first = candles[0];
  const last = candles[candles.length - 1];
  if (!first || !last) throw new RangeError('backtest needs candles');
  const principal = options.principal ?? DEFAULT_BACKTEST_PRINCIPAL;
  const feeRate = options.feeRate ?? DEFAULT_FEE_RATE;
  const makerFeeRate = options.makerFeeRate ?? DEFAULT_MAKER_FEE_RATE;
  const path = options.path ?? 'close';
  const params =
    options.params ??
    autoGridParams({ market, direction, candles, price: first.open, principal, feeRate });
  let { state } = createGrid(params, principal, first.open, feeRate, first.ts);

  const daily: DailyResult[] = [];
  let windowStart = first.ts;
  let previousEquity = principal;
  let equity = principal;
  let peak = principal;
  let maxDrawdown = 0;
  const endWindow = () => {
    daily.push({
      start: windowStart,
      equity,
      pnl: equity - previousEquity,
      return: Number(equity - previousEquity) / Number(previousEquity),
    });
    previousEquity = equity;
  };

  for (const candle of candles) {
    while (candle.ts >= windowStart + DAY_MS) {
      endWindow();
      windowStart += DAY_MS;
    }
    if (path === 'ohlc') {
      const down = candle.close < candle.open;
      state = onPrice(state, candle.open, makerFeeRate, candle.ts).state;
      state = onPrice(state, down ? candle.high : candle.low, makerFeeRate, candle.ts).state;
      state = onPrice(state, down ? candle.low : candle.high, makerFeeRate, candle.ts).state;
    }
    state = onPrice(state, candle.close, makerFeeRate, candle.ts).state;
    equity = valueGrid(state, candle.close).equity;
    if (equity > peak) peak = equity;
    const drawdown = Number(peak - equity) / Number(peak);
    if (drawdown > maxDrawdown) maxDrawdown = drawdown;
  }
  endWindow();

  const closed = close(state, last.close, feeRate, last.ts);
  return {
    params,
    principal,
    finalEquity: closed.state.cash,
    pnl: closed.pnl,
    totalReturn: Number(closed.pnl) / Number(principal),
    daily,
    maxDrawdown,
    trades: closed.state.trades,
    roundTrips: closed.state.roundTrips,
    profitableTrades: closed.state.profitableRoundTrips,
    fees: closed.state.fees,
  };
}

/**
 * The robot's "expected daily yield" (an estimate, not a promise): the median daily
 * return of the same market, direction and automatic settings backtested over the
 * candles given (the last 30 days). Negative when the strategy lost on most days.
 */
export function expectedDailyYield(
  market: MarketId,
  direction: Direction,
  candles30d: readonly Candle[],
  options: { principal?: bigint; feeRate?: number } = {},
): number {
  const result = backtest({ market, direction, candles: candles30d, ...options });
  return median(result.daily.map((day) => day.return));
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
