// What a term is expected to earn, from one stored day's inputs (docs/decisions/142):
// PRODUCT.md's formula for each day of the term, with difficulty stepping by a given change
// at each adjustment (the next one on the day the source expects it, then every 14 days)
// and the subsidy halving at each 210,000th block inside the term (10 minutes a block from
// the stored height). Exact integers, rounded down once per day as the payout is. Used for
// the figures before renting and for the forecast stored with each term.
import { dailyOutput, dayNumber, EPOCH_BLOCKS, HALVING_BLOCKS, subsidyAt } from './feed.ts';

/** A stored day's row, as the forecast reads it. */
export interface ForecastBasis {
  day: string;
  difficulty: string;
  block_reward_sat: string;
  btc_price: string;
  height: number | null;
  next_adjustment_at: Date | string | null;
}

/** The difficulty changes per adjustment shown as the fan of outcomes, in basis points. */
export const FAN_BPS = [0, 200, 400] as const;
/** Days between adjustments at 10 minutes a block. */
const EPOCH_DAYS = (EPOCH_BLOCKS * 600) / 86_400; // 14

/** Height on a day when the source gave none: 840,000 on 2024-04-20, 144 blocks a day. */
export const heightOf = (basis: ForecastBasis) =>
  basis.height ?? 840_000 + (dayNumber(basis.day) - dayNumber('2024-04-20')) * 144;

/** The first day (day number) on the new difficulty: the day after the expected adjustment. */
export function firstAdjustedDay(basis: ForecastBasis) {
  if (basis.next_adjustment_at) {
    const at = new Date(basis.next_adjustment_at).getTime();
    return Math.floor(at / 86_400_000) + 1;
  }
  return dayNumber(basis.day) + EPOCH_DAYS;
}

/** Day numbers from which the subsidy is halved once more (each halving after the basis). */
export function halvingDays(basis: ForecastBasis, until: number) {
  const height = heightOf(basis);
  const days: number[] = [];
  for (let h = (Math.floor(height / HALVING_BLOCKS) + 1) * HALVING_BLOCKS; ; h += HALVING_BLOCKS) {
    const day = dayNumber(basis.day) + Math.floor(((h - height) * 600) / 86_400);
    if (day >= until) return days;
    days.push(day);
  }
}

export interface TermForecast {
  /** Net of electricity, never below zero, per day of the term (10^-8 USDT). */
  daily: bigint[];
  /** Before electricity, per day. */
  grossTotal: bigint;
  netTotal: bigint;
  /** BTC the term is expected to mine, satoshi x 10^8. */
  btcSat8: bigint;
}

/**
 * The term's expected days from `startsOn` for `days`, at `changeBps` per adjustment
 * (0: today's difficulty held), the basis day's price held.
 */
export function termForecast(
  basis: ForecastBasis,
  machine: { hashRateGhs: bigint; electricity: bigint },
  startsOn: string,
  days: number,
  changeBps: number,
): TermForecast {
  const start = dayNumber(startsOn);
  const adjustedFrom = firstAdjustedDay(basis);
  const halvings = halvingDays(basis, start + days);
  const subsidy = subsidyAt(heightOf(basis));
  const fees = BigInt(basis.block_reward_sat) - subsidy;
  const base = BigInt(basis.difficulty);
  const btcPrice = BigInt(basis.btc_price);
  const daily: bigint[] = [];
  let grossTotal = 0n;
  let netTotal = 0n;
  let btcSat8 = 0n;
  // Each adjustment multiplies the difficulty before it, rounded down (an integer).
  let difficulty = base;
  let stepped = 0;
  for (let d = start; d < start + days; d += 1) {
    const steps = d < adjustedFrom ? 0 : Math.floor((d - adjustedFrom) / EPOCH_DAYS) + 1;
    for (; stepped < steps; stepped += 1) {
      difficulty = (difficulty * BigInt(10_000 + changeBps)) / 10_000n;
    }
    const halved = halvings.filter((h) => h <= d).length;
    const reward = (subsidy >> BigInt(halved)) + (fees > 0n ? fees : 0n);
    const out = dailyOutput({
      hashRateGhs: machine.hashRateGhs,
      difficulty,
      blockRewardSat: reward,
      btcPrice,
      electricity: machine.electricity,
    });
    daily.push(out.amount);
    grossTotal += out.gross;
    netTotal += out.amount;
    btcSat8 += out.outputSat8;
  }
  return { daily, grossTotal, netTotal, btcSat8 };
}
