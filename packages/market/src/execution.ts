// Where a robot's orders turn into fills. Paper execution today; a venue on a real
// exchange (ccxt createOrder) implements the same interface later without touching grids.
import { ceilDiv, floorDiv, SCALE, type MarketId } from './markets.ts';

export type Side = 'buy' | 'sell';

/** A market order for a quantity of base coin (10^-8 units); slot is the grid's tag. */
export interface Order {
  market: MarketId;
  side: Side;
  quantity: bigint;
  slot: number;
}

/**
 * An executed order. quote is the exact USDT value of the trade and fee the exact fee,
 * both in Olive units: a buy costs quote + fee, a sell brings quote - fee.
 */
export interface Fill extends Order {
  price: bigint;
  quote: bigint;
  fee: bigint;
  ts: number;
}

/**
 * A venue executes market orders. Contract for any implementation (paper or exchange):
 * the returned fill has the order's market, side, slot and quantity (partial fills are
 * out of scope: a venue retries or fails), the average price, and quote and fee in Olive
 * units rounded against the robot. A real-exchange venue converts the exchange's fill
 * (ccxt Order.cost, Order.fee) with the same rounding and must be idempotent per slot
 * and tick (client order id), since a robot may retry after a restart.
 */
export interface ExecutionVenue {
  execute(order: Order): Promise<Fill>;
}

/** Default taker fee (market orders): 0.1%, Binance spot's base rate. */
export const DEFAULT_FEE_RATE = 0.001;

/**
 * Default maker fee (resting limit orders at grid levels): 0.02%, an operator setting
 * (ROBOT_MAKER_FEE_RATE). Binance spot's base maker rate is 0.1% and falls to 0.02% at
 * VIP tiers; OKX and Bybit VIP makers pay 0.02% or less.
 */
export const DEFAULT_MAKER_FEE_RATE = 0.0002;

/** A fee rate as an exact fraction: parts per million (0.001 -> 1000). */
export function feePpm(feeRate: number): bigint {
  if (!(feeRate >= 0 && feeRate < 0.1)) throw new RangeError(`fee rate out of range: ${feeRate}`);
  return BigInt(Math.round(feeRate * 1_000_000));
}

/**
 * Fills an order at the given price, exactly. Rounding is always against the robot and
 * by less than one Olive unit per amount: a buy's quote is rounded up, a sell's down,
 * every fee up. The platform therefore never pays out a fraction it did not receive.
 */
export function paperFill(order: Order, price: bigint, ppm: bigint, ts = 0): Fill {
  const notional = order.quantity * price;
  const quote = order.side === 'buy' ? ceilDiv(notional, SCALE) : floorDiv(notional, SCALE);
  const fee = ceilDiv(quote * ppm, 1_000_000n);
  return { ...order, price, quote, fee, ts };
}

/** Paper trading at the feed's latest price with a taker fee. */
export class PaperVenue implements ExecutionVenue {
  private readonly ppm: bigint;

  constructor(
    private readonly priceOf: (market: MarketId) => { price: bigint; ts: number } | undefined,
    feeRate = DEFAULT_FEE_RATE,
  ) {
    this.ppm = feePpm(feeRate);
  }

  async execute(order: Order): Promise<Fill> {
    const tick = this.priceOf(order.market);
    if (!tick) throw new Error(`no price for ${order.market} yet`);
    return paperFill(order, tick.price, this.ppm, tick.ts);
  }
}
