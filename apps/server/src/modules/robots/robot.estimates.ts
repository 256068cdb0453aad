// Preview and estimates: the range and grid count a robot would trade, chosen by a
// walk-forward search on the last 30 days of 1-minute candles (choose on the older 23,
// report on the newest 7 the choice never saw), or the investor's own; and the expected
// daily yield, which is that held-out median daily return: an estimate, not a promise.
import {
  GRID_RULES,
  autoGridParams,
  backtestExits,
  clearsMakerFees,
  createGrid,
  formatUnits,
  gridAt,
  gridLevels,
  maxGridsFor,
  smallestStep,
  snapToTick,
  MARKETS,
  type Direction,
  type GridParams,
  type GridType,
  type HeldOutReport,
  type MarketId,
  type RelativeGrid,
  WALK_FORWARD,
  DAY_MS,
} from '@olive/market';
import { parseAmount } from '@olive/protocol';
import { AppError, fieldError } from '../../errors.ts';
import type { Clock } from '../../ports/clock.ts';
import { marketOf, rateText, type MarketDataService } from '../market/market-data.service.ts';
import type { SettingsRepository } from '../../db/settings.repository.ts';
import { directionOf, gridTypeOf, principalOf } from './robot.common.ts';
import {
  checkExits,
  exitsOf,
  hasExits,
  marketExits,
  type ExitInput,
  type ExitSettings,
} from './robot.exits.ts';
import { makerFeeRateOf } from './robot.fees.ts';
import { searchOffLoop } from './search-runner.ts';

/** A search is reused this long for the same market, direction and principal. */
const SEARCH_TTL_MS = 10 * 60_000;
const SEARCH_CACHE_SIZE = 256;

export interface RobotPlan {
  params: GridParams;
  /** The held-out median daily return, as a rate string ("0" without enough history). */
  expected: string;
  outOfSampleDays: number;
  /** The held-out total return is above zero (decision 147). */
  positive: boolean;
  step: number;
  /** The held-out figures of this setting; null without enough history. */
  heldOut: HeldOutReport | null;
}

/** The investor's own setting as it comes in: all three fields or none. */
export interface CustomInput {
  range_low?: string | undefined;
  range_high?: string | undefined;
  grids?: number | undefined;
}

/** A custom range may reach from a fifth of the price to five times it. */
const CUSTOM_RANGE_FACTOR = 5;

interface Search {
  choice: RelativeGrid | null;
  expected: string;
  days: number;
  positive: boolean;
  heldOut: HeldOutReport | null;
}

export function robotEstimates(deps: {
  marketData: MarketDataService;
  clock: Clock;
  feeRate: number;
  settings?: SettingsRepository;
}) {
  const { marketData, clock, feeRate } = deps;
  const searches = new Map<string, { at: number; value: Search }>();

  /** The walk-forward search (cached), or the evaluation of the investor's own setting. */
  async function search(
    market: MarketId,
    direction: Direction,
    principal: bigint,
    own: RelativeGrid | undefined,
    gridType: GridType,
  ): Promise<Search> {
    const makerFeeRate = await makerFeeRateOf(deps.settings);
    const key = `${market}:${direction}:${principal}:${makerFeeRate}:${gridType}`;
    const now = clock.now().getTime();
    const hit = own ? undefined : searches.get(key);
    if (hit && now >= hit.at && now - hit.at < SEARCH_TTL_MS) return hit.value;
    const candles = await marketData.lastMonth(market);
    const result = await searchOffLoop({
      market,
      direction,
      principal,
      candles,
      feeRate,
      makerFeeRate,
      gridType,
      ...(own ? { only: own } : {}),
    });
    const value: Search = result
      ? {
          choice: result.choice,
          expected: rateText(result.outOfSample),
          days: result.outOfSampleDays,
          positive: result.heldOut.totalReturn > 0,
          heldOut: result.heldOut,
        }
      : { choice: null, expected: '0', days: 0, positive: false, heldOut: null };
    if (!own) {
      if (searches.size >= SEARCH_CACHE_SIZE) searches.delete(searches.keys().next().value!);
      searches.set(key, { at: now, value });
    }
    return value;
  }

  /**
   * What a robot would trade now: the searched setting centred on the current price, or
   * the investor's own range and count, each with its held-out estimate. Refuses a
   * setting the principal cannot fund (one lot per grid) or finer than the price tick.
   */
  async function plan(
    market: MarketId,
    direction: Direction,
    principal: bigint,
    custom?: { lower: bigint; upper: bigint; gridCount: number },
    gridType: GridType = 'geometric',
  ): Promise<RobotPlan & { price: bigint; ts: number }> {
    const tick = await marketData.tick(market);
    if (custom) {
      await checkCustom(market, custom, tick.price, gridType);
      // the most quanlimits says: every order above the market's minimum, with headroom
      const max = Math.min(GRID_RULES.maxGrids, maxGridsFor(market, principal));
      if (custom.gridCount > max) {
        throw fieldError('grids', 'robot.grids_above_max', {
          principal: formatUnits(principal),
          max,
          market,
          min_order: formatUnits(MARKETS[market].minOrder),
        });
      }
    }
    const price = Number(tick.price);
    const own = custom
      ? {
          low: Number(custom.lower) / price,
          high: Number(custom.upper) / price,
          gridCount: custom.gridCount,
          gridType,
        }
      : undefined;
    const found = await search(market, direction, principal, own, gridType);
    let params: GridParams;
    if (custom) params = { market, direction, ...custom, gridType };
    else if (found.choice) params = gridAt(market, direction, found.choice, tick.price);
    else {
      // not enough history to search: the volatility rule, with no estimate
      const candles = await marketData.lastMonth(market);
      const auto = autoGridParams({
        market,
        direction,
        candles,
        price: tick.price,
        principal,
        feeRate,
      });
      params = {
        market,
        direction,
        lower: auto.lower,
        upper: auto.upper,
        gridCount: auto.gridCount,
        gridType,
      };
    }
    try {
      createGrid(params, principal, tick.price, feeRate, tick.ts);
    } catch (error) {
      if (error instanceof RangeError) throw new AppError('robot.principal_too_small', { market });
      throw error;
    }
    return {
      params,
      expected: found.expected,
      outOfSampleDays: found.days,
      positive: found.positive,
      heldOut: found.heldOut,
      step: smallestStep(Number(params.lower), Number(params.upper), params.gridCount, gridType),
      price: tick.price,
      ts: tick.ts,
    };
  }

  /**
   * Refuses a range the grid cannot trade: ends beyond a fifth or five times the price,
   * or steps that do not clear two maker fees (or are finer than the price tick).
   */
  async function checkCustom(
    market: MarketId,
    custom: { lower: bigint; upper: bigint; gridCount: number },
    price: bigint,
    gridType: GridType,
  ) {
    const min = snapToTick(price / BigInt(CUSTOM_RANGE_FACTOR), market);
    const max = snapToTick(price * BigInt(CUSTOM_RANGE_FACTOR), market);
    const bounds = { min: formatUnits(min), max: formatUnits(max) };
    if (custom.lower < min) throw fieldError('range_low', 'robot.range_too_wide', bounds);
    if (custom.upper > max) throw fieldError('range_high', 'robot.range_too_wide', bounds);
    const makerFeeRate = await makerFeeRateOf(deps.settings);
    const relative = {
      low: Number(custom.lower) / Number(price),
      high: Number(custom.upper) / Number(price),
      gridCount: custom.gridCount,
      gridType,
    };
    const tooFine = () =>
      fieldError('grids', 'robot.grid_step_too_small', {
        grids: custom.gridCount,
        step: (
          smallestStep(Number(custom.lower), Number(custom.upper), custom.gridCount, gridType) * 100
        ).toFixed(3),
        min: (2 * makerFeeRate * 100).toFixed(3),
      });
    if (!clearsMakerFees(relative, makerFeeRate)) throw tooFine();
    try {
      gridLevels({ market, direction: 'neutral', ...custom, gridType });
    } catch (error) {
      if (error instanceof RangeError) throw tooFine();
      throw error;
    }
  }

  /**
   * The robot with its exits replayed on the held-out days (the newest 7, which the
   * automatic choice never saw): its range and exit prices scaled from today's price to
   * the price those days began at, as the walk-forward replays a relative setting.
   */
  async function exitsBacktest(
    params: GridParams,
    principal: bigint,
    price: bigint,
    exits: ExitSettings,
  ) {
    const candles = await marketData.lastMonth(params.market);
    const last = candles[candles.length - 1];
    if (!last) return null;
    const from = last.ts - WALK_FORWARD.heldOutDays * DAY_MS;
    const heldOut = candles.filter((c) => c.ts > from);
    const first = heldOut[0];
    if (!first || heldOut.length < 60) return null;
    const scale = (value: bigint | null) =>
      value === null ? null : snapToTick((value * first.open + price / 2n) / price, params.market);
    const scaled = marketExits(exits);
    try {
      const result = backtestExits({
        params: { ...params, lower: scale(params.lower)!, upper: scale(params.upper)! },
        principal,
        candles: heldOut,
        exits: {
          ...scaled,
          takeProfitPrice: scale(exits.takeProfitPrice),
          stopLossPrice: scale(exits.stopLossPrice),
          trailingLimitHigh: scale(exits.trailingLimitHigh),
          trailingLimitLow: scale(exits.trailingLimitLow),
        },
        trigger: scale(exits.triggerPrice),
        feeRate,
        makerFeeRate: await makerFeeRateOf(deps.settings),
      });
      const at = (ts: number | null) => (ts === null ? '' : new Date(ts).toISOString());
      return {
        held_out_return: rateText(result.totalReturn),
        end_reason: result.end ?? '',
        started_at: at(result.startedAt),
        ended_at: at(result.endedAt),
        trailing_shifts: result.shifts,
      };
    } catch (error) {
      if (error instanceof RangeError) return null; // a scaled grid finer than the tick
      throw error;
    }
  }

  async function preview(input: {
    market: string;
    direction: string;
    principal: string;
    custom?: CustomInput;
    exits?: ExitInput;
    grid_type?: string | undefined;
  }) {
    const market = marketOf(input.market);
    const direction = directionOf(input.direction);
    const principal = principalOf(input.principal, market);
    const exits = exitsOf(market, input.exits ?? {});
    const gridType = gridTypeOf(input.grid_type);
    const found = await plan(
      market,
      direction,
      principal,
      customOf(market, input.custom),
      gridType,
    );
    const held = found.heldOut;
    checkExits(exits, {
      direction,
      price: found.price,
      lower: found.params.lower,
      upper: found.params.upper,
      started: false,
    });
    const withExits =
      hasExits(exits) || exits.triggerPrice !== null
        ? await exitsBacktest(found.params, principal, found.price, exits)
        : null;
    return {
      market,
      direction,
      grid_type: gridType,
      range_low: formatUnits(found.params.lower),
      range_high: formatUnits(found.params.upper),
      grids: found.params.gridCount,
      step: rateText(found.step),
      expected_daily_yield: found.expected,
      out_of_sample_days: found.outOfSampleDays,
      positive: found.positive,
      held_out_return: rateText(held?.totalReturn ?? 0),
      held_out_drawdown: rateText(held?.maxDrawdown ?? 0),
      round_trips_per_day: held ? held.roundTripsPerDay.toFixed(1) : '0',
      buy_and_hold_return: rateText(held?.buyAndHold ?? 0),
      estimate: true as const,
      ...(withExits ? { exits_backtest: withExits } : {}),
    };
  }

  /**
   * What the create screen may offer for a market and principal, before anything is
   * typed: the bounds every check of a custom setting applies (decision 146). The most
   * grids is what the principal funds with every order above the market's minimum.
   */
  async function limits(input: { market: string; principal?: string | undefined }) {
    const market = marketOf(input.market);
    const spec = MARKETS[market];
    const principal =
      input.principal === undefined || input.principal === ''
        ? spec.minPrincipal
        : principalOf(input.principal, market);
    const tick = await marketData.tick(market);
    const makerFeeRate = await makerFeeRateOf(deps.settings);
    // (1 + s)(1 - f) > 1 + f: the smallest step a round trip keeps money at
    const stepMin = (2 * makerFeeRate) / (1 - makerFeeRate);
    return {
      market,
      principal: formatUnits(principal),
      principal_min: formatUnits(spec.minPrincipal),
      price: formatUnits(tick.price),
      grids_min: GRID_RULES.minGrids,
      grids_max: Math.max(
        GRID_RULES.minGrids,
        Math.min(GRID_RULES.maxGrids, maxGridsFor(market, principal)),
      ),
      range_low_min: formatUnits(snapToTick(tick.price / BigInt(CUSTOM_RANGE_FACTOR), market)),
      range_high_max: formatUnits(snapToTick(tick.price * BigInt(CUSTOM_RANGE_FACTOR), market)),
      step_min_pct: (stepMin * 100).toFixed(4).replace(/\.?0+$/, ''),
      price_tick: formatUnits(spec.tick),
      min_order: formatUnits(spec.minOrder),
      grid_types: ['arithmetic', 'geometric'],
      maker_fee_rate: rateText(makerFeeRate),
      taker_fee_rate: rateText(feeRate),
    };
  }

  return { plan, preview, limits };
}

/**
 * The investor's range and grid count, or undefined for the automatic choice. All three
 * or none: a missing one is named. Prices are put on the market's tick.
 */
export function customOf(market: MarketId, input: CustomInput | undefined) {
  if (!input) return undefined;
  const given = {
    range_low: input.range_low !== undefined && input.range_low !== '',
    range_high: input.range_high !== undefined && input.range_high !== '',
    grids: input.grids !== undefined,
  };
  const count = Object.values(given).filter(Boolean).length;
  if (count === 0) return undefined;
  if (count < 3) {
    const missing = (Object.keys(given) as (keyof typeof given)[]).find((k) => !given[k])!;
    throw fieldError(missing, 'robot.range_incomplete');
  }
  const price = (field: 'range_low' | 'range_high') => {
    try {
      const value = snapToTick(parseAmount(input[field]!), market);
      if (value > 0n) return value;
    } catch {
      // refused below
    }
    throw fieldError(field);
  };
  const lower = price('range_low');
  const upper = price('range_high');
  if (upper <= lower) throw fieldError('range_high', 'robot.range_order');
  return { lower, upper, gridCount: input.grids! };
}

export type RobotEstimates = ReturnType<typeof robotEstimates>;
