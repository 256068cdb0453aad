// The built-in price feed for a machine without internet and for backtests: a seeded
// random walk with GARCH volatility clustering and jumps, the same series for the same seed.
import { DAY_MS, MINUTE_MS, type Candle, type Clock, type PriceFeed, type Tick } from './feed.ts';
import { MARKET_IDS, MARKETS, SCALE_NUMBER, type MarketId, type MarketSpec } from './markets.ts';
import { Random, hashText } from './random.ts';

/**
 * The model, per market, in log price:
 * - diffusion whose variance per minute follows GARCH(1,1) on the previous minute's
 *   return (alpha 0.03, beta 0.968: a shock's effect halves in about 6 hours), so calm
 *   and stormy hours cluster as in real crypto markets;
 * - jumps arriving as a Poisson process (1.5 a day) with normal sizes of 0.35 daily sigma;
 * - drift compensated so the price is a martingale (no built-in trend either way).
 * Diffusion plus jumps add up to the market's annualised volatility (365-day year).
 * Prices are rounded to the market's tick only when they leave the model.
 */
export const SIMULATOR_MODEL = {
  garchAlpha: 0.03,
  garchBeta: 0.968,
  jumpsPerDay: 1.5,
  jumpSigmaInDailySigmas: 0.35,
  /** Conditional variance stays within this factor of its long-run level either way. */
  varianceClamp: 25,
} as const;

const MINUTES_PER_YEAR = 365 * 1440;

export interface SimulatedFeedOptions {
  seed: number;
  /** Drives "now"; a ManualClock makes live runs instant and deterministic. */
  clock?: Clock;
  /** Interval between ticks; candles aggregate them per minute. */
  tickMs?: number;
  /** How much past the series starts before "now", so candles exist from the start. */
  historyDays?: number;
  /** Candles older than this are dropped while running. */
  retentionDays?: number;
  /** Where the series starts (ms). The series is a function of (seed, start, tickMs). */
  start?: number;
}

const systemClock: Clock = { now: () => new Date() };

class SimulatedMarket {
  readonly candles: Candle[] = [];
  private readonly random: Random;
  private readonly tickUnits: number;
  private readonly tickBig: bigint;
  private readonly longRunVariance: number; // diffusion variance per minute
  private readonly omega: number;
  private readonly jumpChance: number; // per tick
  private readonly jumpSigma: number;
  private readonly drift: number; // per tick, before the variance term
  private readonly dt: number; // minutes per tick
  private logPrice: number;
  private variance: number;
  private minuteReturn = 0;
  // per-tick sigma and drift for the current minute's variance
  private tickSigma = 0;
  private tickDrift = 0;
  private lastTs: number;
  private ticksToJump = 0;
  private lastTicks: number;
  // the open candle, in tick counts
  private candleTs = -1;
  private open = 0;
  private high = 0;
  private low = 0;

  constructor(
    readonly spec: MarketSpec,
    seed: number,
    start: number,
    private readonly tickMs: number,
  ) {
    this.random = new Random(hashText(`${seed}:${spec.id}`));
    this.tickUnits = Number(spec.tick);
    this.tickBig = spec.tick;
    const model = SIMULATOR_MODEL;
    const totalVariance = (spec.annualVol * spec.annualVol) / MINUTES_PER_YEAR;
    const dailySigma = spec.annualVol / Math.sqrt(365);
    this.jumpSigma = model.jumpSigmaInDailySigmas * dailySigma;
    const jumpsPerMinute = model.jumpsPerDay / 1440;
    const jumpVariance = jumpsPerMinute * this.jumpSigma * this.jumpSigma;
    this.longRunVariance = totalVariance - jumpVariance;
    this.omega = this.longRunVariance * (1 - model.garchAlpha - model.garchBeta);
    this.variance = this.longRunVariance;
    this.dt = tickMs / MINUTE_MS;
    this.jumpChance = jumpsPerMinute * this.dt;
    // E[e^J] - 1 for J ~ N(0, s^2) is e^(s^2/2) - 1: subtracting it keeps E[price] flat
    this.drift = -this.jumpChance * Math.expm1((this.jumpSigma * this.jumpSigma) / 2);
    this.logPrice = Math.log(spec.referencePrice * SCALE_NUMBER);
    this.lastTs = start - tickMs;
    this.lastTicks = Math.round(Math.exp(this.logPrice) / this.tickUnits);
    this.ticksToJump = this.nextJumpGap();
  }

  /** Poisson arrivals: the gap to the next jump is exponential, counted in whole ticks. */
  private nextJumpGap(): number {
    return Math.ceil(-Math.log(1 - this.random.uniform()) / this.jumpChance);
  }

  latest(): Tick {
    return { market: this.spec.id, ts: this.lastTs, price: BigInt(this.lastTicks) * this.tickBig };
  }

  /** Generates every tick with ts <= until; emit (when given) sees each one. */
  advance(until: number, emit?: (tick: Tick) => void): void {
    const { tickMs } = this;
    for (let ts = this.lastTs + tickMs; ts <= until; ts += tickMs) {
      const minute = ts - (ts % MINUTE_MS);
      if (minute !== this.candleTs) this.rollMinute(minute);
      const shock = this.tickSigma * this.random.normal();
      this.minuteReturn += shock;
      let step = this.tickDrift + shock;
      if (--this.ticksToJump <= 0) {
        step += this.jumpSigma * this.random.normal();
        this.ticksToJump = this.nextJumpGap();
      }
      this.logPrice += step;
      const ticks = Math.max(1, Math.round(Math.exp(this.logPrice) / this.tickUnits));
      if (ticks > this.high) this.high = ticks;
      if (ticks < this.low) this.low = ticks;
      this.lastTicks = ticks;
      this.lastTs = ts;
      if (emit) emit({ market: this.spec.id, ts, price: BigInt(ticks) * this.tickBig });
    }
  }

  /** Closes the open candle, updates the GARCH variance and opens the next minute. */
  private rollMinute(minute: number): void {
    if (this.candleTs >= 0) {
      const activity = Math.sqrt(this.variance / this.longRunVariance);
      const volume = this.spec.minuteVolume * activity * (0.5 + this.random.uniform());
      this.candles.push({
        ts: this.candleTs,
        open: BigInt(this.open) * this.tickBig,
        high: BigInt(this.high) * this.tickBig,
        low: BigInt(this.low) * this.tickBig,
        close: BigInt(this.lastTicks) * this.tickBig,
        volume: Math.round(volume * 100_000) / 100_000,
      });
      const { garchAlpha, garchBeta, varianceClamp } = SIMULATOR_MODEL;
      const next =
        this.omega + garchAlpha * this.minuteReturn * this.minuteReturn + garchBeta * this.variance;
      this.variance = Math.min(
        this.longRunVariance * varianceClamp,
        Math.max(this.longRunVariance / varianceClamp, next),
      );
    }
    this.minuteReturn = 0;
    this.tickSigma = Math.sqrt(this.variance * this.dt);
    this.tickDrift = this.drift - 0.5 * this.variance * this.dt;
    this.candleTs = minute;
    // the candle opens at the last traded price, as on an exchange
    this.open = this.high = this.low = this.lastTicks;
  }

  prune(before: number): void {
    if (this.candles.length === 0 || this.candles[0]!.ts >= before) return;
    this.candles.splice(0, lowerBound(this.candles, before));
  }
}

/** Index of the first candle with ts >= at. */
function lowerBound(candles: readonly Candle[], at: number): number {
  let lo = 0;
  let hi = candles.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (candles[mid]!.ts < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class SimulatedFeed implements PriceFeed {
  readonly source = 'simulated' as const;
  /** When the series begins (ms); history is everything from here to the clock's now. */
  readonly origin: number;
  readonly tickMs: number;
  private readonly seed: number;
  private readonly clock: Clock;
  private readonly retentionMs: number;
  private readonly markets = new Map<MarketId, SimulatedMarket>();
  private readonly listeners = new Map<MarketId, Set<(tick: Tick) => void>>();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(options: SimulatedFeedOptions) {
    this.seed = options.seed;
    this.clock = options.clock ?? systemClock;
    this.tickMs = options.tickMs ?? 1000;
    if (!Number.isInteger(this.tickMs) || this.tickMs < 1 || this.tickMs > MINUTE_MS) {
      throw new RangeError(`tickMs must be an integer from 1 to ${MINUTE_MS}`);
    }
    const historyDays = options.historyDays ?? 30;
    const now = this.clock.now().getTime();
    this.origin = options.start ?? now - (now % MINUTE_MS) - historyDays * DAY_MS;
    this.retentionMs = (options.retentionDays ?? historyDays + 1) * DAY_MS;
  }

  subscribe(market: MarketId, onTick: (tick: Tick) => void): () => void {
    this.market(market);
    let set = this.listeners.get(market);
    if (!set) this.listeners.set(market, (set = new Set()));
    set.add(onTick);
    return () => set.delete(onTick);
  }

  latest(market: MarketId): Tick {
    return this.market(market).latest();
  }

  async candles(market: MarketId, from: number, to: number): Promise<Candle[]> {
    return this.history(market, from, to);
  }

  /** candles() without the promise, for backtests and benchmarks. */
  history(market: MarketId, from: number, to: number): Candle[] {
    const { candles } = this.market(market);
    return candles.slice(lowerBound(candles, from), lowerBound(candles, to));
  }

  /**
   * Generates every tick up to the clock's now and hands each to the subscribers, in
   * time order per market. Tests call this after moving a ManualClock; start() calls it
   * on a timer.
   */
  sync(): void {
    const now = this.clock.now().getTime();
    for (const [id, market] of this.markets) {
      const set = this.listeners.get(id);
      const emit =
        set && set.size > 0
          ? (tick: Tick) => {
              for (const listener of set) listener(tick);
            }
          : undefined;
      market.advance(now, emit);
      market.prune(now - this.retentionMs);
    }
  }

  start(): void {
    if (this.timer) return;
    for (const id of MARKET_IDS) this.market(id);
    this.timer = setInterval(() => this.sync(), this.tickMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** A market's series is generated on first use, from start up to now, without emitting. */
  private market(id: MarketId): SimulatedMarket {
    let market = this.markets.get(id);
    if (!market) {
      market = new SimulatedMarket(MARKETS[id], this.seed, this.origin, this.tickMs);
      market.advance(this.clock.now().getTime());
      this.markets.set(id, market);
    }
    return market;
  }
}
