// A robot's risk exits as the investor writes them (quanpreview, quancreate, openquan
// edit), checked against the price and the range, stored on the robot row, and read back
// for the engine (packages/market exits.ts) and for quaninfo. Decision 148.
import {
  formatUnits,
  snapToTick,
  takeProfitAbove,
  type Direction,
  type MarketId,
  type RobotExits,
} from '@olive/market';
import { NumberError, parseAmount } from '@olive/protocol';
import { fieldError, numberError } from '../../errors.ts';
import type { RobotRow } from './robot.repository.ts';

/** The exit fields as they come in (each optional; "0" clears a field on edit). */
export interface ExitInput {
  take_profit_price?: string | undefined;
  stop_loss_price?: string | undefined;
  take_profit_pct?: string | undefined;
  stop_loss_pct?: string | undefined;
  trigger_price?: string | undefined;
  trailing_up?: number | undefined;
  trailing_down?: number | undefined;
  trailing_limit_high?: string | undefined;
  trailing_limit_low?: string | undefined;
}

export const EXIT_FIELDS = [
  'take_profit_price',
  'stop_loss_price',
  'take_profit_pct',
  'stop_loss_pct',
  'trigger_price',
  'trailing_up',
  'trailing_down',
  'trailing_limit_high',
  'trailing_limit_low',
] as const;

/** What a robot holds: prices in 10^-8 USDT, percentages as the investor wrote them ("10"). */
export interface ExitSettings {
  takeProfitPrice: bigint | null;
  stopLossPrice: bigint | null;
  takeProfitPct: string | null;
  stopLossPct: string | null;
  triggerPrice: bigint | null;
  trailingUp: boolean;
  trailingDown: boolean;
  trailingLimitHigh: bigint | null;
  trailingLimitLow: bigint | null;
}

export const NO_EXITS: ExitSettings = {
  takeProfitPrice: null,
  stopLossPrice: null,
  takeProfitPct: null,
  stopLossPct: null,
  triggerPrice: null,
  trailingUp: false,
  trailingDown: false,
  trailingLimitHigh: null,
  trailingLimitLow: null,
};

/** A take-profit may ask for up to +1,000%; a stop-loss is below 100% (all of it). */
const TAKE_PROFIT_PCT_MAX = 1000n * 100_000_000n;
const STOP_LOSS_PCT_MAX = 9999n * 1_000_000n; // 99.99

/**
 * The exit fields given in `input`, over `base` (a running robot's settings on edit; none
 * on create). A price of 0 or a percentage of 0 clears that exit.
 */
export function exitsOf(market: MarketId, input: ExitInput, base = NO_EXITS): ExitSettings {
  const given = (field: keyof ExitInput) => input[field] !== undefined && input[field] !== '';
  const price = (field: keyof ExitInput, current: bigint | null) => {
    if (!given(field)) return current;
    const units = readAmount(field, String(input[field]), {});
    return units === 0n ? null : snapToTick(units, market);
  };
  const pct = (field: keyof ExitInput, current: string | null, max: bigint) => {
    if (!given(field)) return current;
    const units = readAmount(field, String(input[field]), { decimals: 2, max });
    return units === 0n ? null : formatUnits(units);
  };
  const flag = (field: 'trailing_up' | 'trailing_down', current: boolean) =>
    input[field] === undefined ? current : input[field] === 1;
  return {
    takeProfitPrice: price('take_profit_price', base.takeProfitPrice),
    stopLossPrice: price('stop_loss_price', base.stopLossPrice),
    takeProfitPct: pct('take_profit_pct', base.takeProfitPct, TAKE_PROFIT_PCT_MAX),
    stopLossPct: pct('stop_loss_pct', base.stopLossPct, STOP_LOSS_PCT_MAX),
    triggerPrice: price('trigger_price', base.triggerPrice),
    trailingUp: flag('trailing_up', base.trailingUp),
    trailingDown: flag('trailing_down', base.trailingDown),
    trailingLimitHigh: price('trailing_limit_high', base.trailingLimitHigh),
    trailingLimitLow: price('trailing_limit_low', base.trailingLimitLow),
  };
}

function readAmount(field: string, text: string, rules: { decimals?: number; max?: bigint }) {
  try {
    return parseAmount(text, rules);
  } catch (error) {
    if (error instanceof NumberError) throw numberError(field, 'amount', error.refusal);
    throw error;
  }
}

/**
 * Refuses exits that could never be what the investor meant, naming the field: a
 * take-profit or stop-loss price on the wrong side of the price (and of the trigger, for a
 * robot that has not started), a trigger at the price, a trailing limit inside the range
 * or trailing without its limit.
 */
export function checkExits(
  exits: ExitSettings,
  at: { direction: Direction; price: bigint; lower: bigint; upper: bigint; started: boolean },
) {
  const above = takeProfitAbove(at.direction);
  const references = [at.price];
  if (!at.started && exits.triggerPrice !== null) {
    if (exits.triggerPrice === at.price) {
      throw fieldError('trigger_price', 'robot.trigger_at_price', { price: formatUnits(at.price) });
    }
    references.push(exits.triggerPrice);
  }
  for (const reference of references) {
    const price = { price: formatUnits(reference) };
    const tp = exits.takeProfitPrice;
    const sl = exits.stopLossPrice;
    if (tp !== null && (above ? tp <= reference : tp >= reference)) {
      throw fieldError('take_profit_price', above ? 'robot.exit_above' : 'robot.exit_below', price);
    }
    if (sl !== null && (above ? sl >= reference : sl <= reference)) {
      throw fieldError('stop_loss_price', above ? 'robot.exit_below' : 'robot.exit_above', price);
    }
  }
  if (exits.trailingUp && exits.trailingLimitHigh === null) {
    throw fieldError('trailing_limit_high', 'robot.trailing_limit_missing');
  }
  if (exits.trailingDown && exits.trailingLimitLow === null) {
    throw fieldError('trailing_limit_low', 'robot.trailing_limit_missing');
  }
  if (exits.trailingLimitHigh !== null && exits.trailingLimitHigh <= at.upper) {
    throw fieldError('trailing_limit_high', 'robot.trailing_limit_inside', {
      low: formatUnits(at.lower),
      high: formatUnits(at.upper),
    });
  }
  if (exits.trailingLimitLow !== null && exits.trailingLimitLow >= at.lower) {
    throw fieldError('trailing_limit_low', 'robot.trailing_limit_inside', {
      low: formatUnits(at.lower),
      high: formatUnits(at.upper),
    });
  }
}

/** The robot row's columns for these settings. */
export function exitColumns(exits: ExitSettings) {
  const text = (value: bigint | null) => (value === null ? null : value.toString());
  return {
    take_profit_price: text(exits.takeProfitPrice),
    stop_loss_price: text(exits.stopLossPrice),
    take_profit_pct: exits.takeProfitPct,
    stop_loss_pct: exits.stopLossPct,
    trigger_price: text(exits.triggerPrice),
    trailing_up: exits.trailingUp,
    trailing_down: exits.trailingDown,
    trailing_limit_high: text(exits.trailingLimitHigh),
    trailing_limit_low: text(exits.trailingLimitLow),
  };
}

const big = (value: string | null) => (value === null ? null : BigInt(value));
/** numeric(7,2) comes back as "10.00": written as the investor would ("10"). */
const pctText = (value: string | null) =>
  value === null ? null : formatUnits(parseAmount(String(Number(value))));

export function exitsFromRow(row: RobotRow): ExitSettings {
  return {
    takeProfitPrice: big(row.take_profit_price),
    stopLossPrice: big(row.stop_loss_price),
    takeProfitPct: pctText(row.take_profit_pct),
    stopLossPct: pctText(row.stop_loss_pct),
    triggerPrice: big(row.trigger_price),
    trailingUp: row.trailing_up,
    trailingDown: row.trailing_down,
    trailingLimitHigh: big(row.trailing_limit_high),
    trailingLimitLow: big(row.trailing_limit_low),
  };
}

/** The strategy's form: percentages as fractions. */
export function marketExits(exits: ExitSettings): RobotExits {
  return {
    takeProfitPrice: exits.takeProfitPrice,
    stopLossPrice: exits.stopLossPrice,
    takeProfitPct: exits.takeProfitPct === null ? null : Number(exits.takeProfitPct) / 100,
    stopLossPct: exits.stopLossPct === null ? null : Number(exits.stopLossPct) / 100,
    trailingUp: exits.trailingUp,
    trailingDown: exits.trailingDown,
    trailingLimitHigh: exits.trailingLimitHigh,
    trailingLimitLow: exits.trailingLimitLow,
  };
}

/** Whether the engine has anything to check beyond the grid's own orders. */
export function hasExits(exits: ExitSettings) {
  return (
    exits.takeProfitPrice !== null ||
    exits.stopLossPrice !== null ||
    exits.takeProfitPct !== null ||
    exits.stopLossPct !== null ||
    exits.trailingUp ||
    exits.trailingDown
  );
}

/** The wire's fields ("" for a setting not set). */
export function exitView(exits: ExitSettings) {
  const price = (value: bigint | null) => (value === null ? '' : formatUnits(value));
  return {
    take_profit_price: price(exits.takeProfitPrice),
    stop_loss_price: price(exits.stopLossPrice),
    take_profit_pct: exits.takeProfitPct ?? '',
    stop_loss_pct: exits.stopLossPct ?? '',
    trigger_price: price(exits.triggerPrice),
    trailing_up: exits.trailingUp ? 1 : 0,
    trailing_down: exits.trailingDown ? 1 : 0,
    trailing_limit_high: price(exits.trailingLimitHigh),
    trailing_limit_low: price(exits.trailingLimitLow),
  };
}

/**
 * A robot's exits as a create request for a robot started at another price (a copy):
 * every exit price scaled by `to / from` (as the range's ratios are kept), on the market's
 * tick; percentages and trailing flags as they are. Fields not set are left out.
 */
export function scaledExitInput(
  market: MarketId,
  exits: ExitSettings,
  from: bigint,
  to: bigint,
): ExitInput {
  const scale = (value: bigint | null) =>
    value === null ? undefined : formatUnits(snapToTick((value * to + from / 2n) / from, market));
  const input: ExitInput = {
    take_profit_price: scale(exits.takeProfitPrice),
    stop_loss_price: scale(exits.stopLossPrice),
    take_profit_pct: exits.takeProfitPct ?? undefined,
    stop_loss_pct: exits.stopLossPct ?? undefined,
    trigger_price: scale(exits.triggerPrice),
    trailing_up: exits.trailingUp ? 1 : undefined,
    trailing_down: exits.trailingDown ? 1 : undefined,
    trailing_limit_high: scale(exits.trailingLimitHigh),
    trailing_limit_low: scale(exits.trailingLimitLow),
  };
  return Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  ) as ExitInput;
}
