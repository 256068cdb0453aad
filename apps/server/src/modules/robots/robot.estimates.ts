// Preview and estimates: the range and grid count a robot would trade, chosen by a
// walk-forward search on the last 30 days of 1-minute candles (choose on the older 23,
// report on the newest 7 the choice never saw), or the investor's own; and the expected
// daily yield, which is that held-out median daily return: an estimate, not a promise.
import {
  autoGridParams,
  clearsMakerFees,
  createGrid,
  formatUnits,
  gridAt,
  gridLevels,
  snapToTick,
  type Direction,
  type GridParams,
  type MarketId,
  type RelativeGrid,
} from '@olive/market';
import { parseAmount } from '@olive/protocol';
import { AppError, fieldError } from '../../errors.ts';
import type { Clock } from '../../ports/clock.ts';
import { marketOf, rateText, type MarketDataService } from '../market/market-data.service.ts';
import type { SettingsRepository } from '../support/settings.repository.ts';
import { directionOf, principalOf } from './robot.common.ts';
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
  positive: boolean;
  step: number;
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
    own?: RelativeGrid,
  ): Promise<Search> {
    const makerFeeRate = await makerFeeRateOf(deps.settings);
    const key = `${market}:${direction}:${principal}:${makerFeeRate}`;
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
      ...(own ? { only: own } : {}),
    });
    const value: Search = result
      ? {
          choice: result.choice,
          expected: rateText(result.outOfSample),
          days: result.outOfSampleDays,
          positive: result.outOfSample > 0,
        }
      : { choice: null, expected: '0', days: 0, positive: false };
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
  ): Promise<RobotPlan & { price: bigint; ts: number }> {
    const tick = await marketData.tick(market);
    if (custom) await checkCustom(market, custom, tick.price);
    const price = Number(tick.price);
    const own = custom
      ? {
          low: Number(custom.lower) / price,
          high: Number(custom.upper) / price,
          gridCount: custom.gridCount,
        }
      : undefined;
    const found = await search(market, direction, principal, own);
    let params: GridParams;
    if (custom) params = { market, direction, ...custom };
    else if (found.choice) params = gridAt(market, direction, found.choice, tick.price);
    else {
      // not enough history to search: the volatility rule, with no estimate
      const candles = await marketData.lastMonth(market);
      params = autoGridParams({
        market,
        direction,
        candles,
        price: tick.price,
        principal,
        feeRate,
      });
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
      step: Math.expm1(Math.log(Number(params.upper) / Number(params.lower)) / params.gridCount),
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
    };
    const tooFine = () =>
      fieldError('grids', 'robot.grid_step_too_small', {
        grids: custom.gridCount,
        step: (
          Math.expm1(Math.log(Number(custom.upper) / Number(custom.lower)) / custom.gridCount) * 100
        ).toFixed(3),
        min: (2 * makerFeeRate * 100).toFixed(3),
      });
    if (!clearsMakerFees(relative, makerFeeRate)) throw tooFine();
    try {
      gridLevels({ market, direction: 'neutral', ...custom });
    } catch (error) {
      if (error instanceof RangeError) throw tooFine();
      throw error;
    }
  }

  async function preview(input: {
    market: string;
    direction: string;
    principal: string;
    custom?: CustomInput;
  }) {
    const market = marketOf(input.market);
    const direction = directionOf(input.direction);
    const principal = principalOf(input.principal, market);
    const found = await plan(market, direction, principal, customOf(market, input.custom));
    return {
      market,
      direction,
      range_low: formatUnits(found.params.lower),
      range_high: formatUnits(found.params.upper),
      grids: found.params.gridCount,
      step: rateText(found.step),
      expected_daily_yield: found.expected,
      out_of_sample_days: found.outOfSampleDays,
      positive: found.positive,
      estimate: true as const,
    };
  }

  return { plan, preview };
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
