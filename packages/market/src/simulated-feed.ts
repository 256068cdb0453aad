// The built-in price feed for a machine without internet and for backtests: a seeded,
// seekable model of a crypto market, the same series for the same seed on every machine.
// Any instant's price costs one cheap pass over the hours since the series began plus one
// hour of ticks, never a replay of every tick since then (decision 111c).
import { DAY_MS, MINUTE_MS, type Candle, type Clock, type PriceFeed, type Tick } from './feed.ts';
import { MARKET_IDS, MARKETS, SCALE_NUMBER, type MarketId, type MarketSpec } from './markets.ts';
import { Random, hashText } from './random.ts';

export const HOUR_MS = 3_600_000;

/**
 * The model, per market, in log price, with every figure taken from published
 * measurements of the real markets (decision 111c cites them; the calibration test in
 * simulated-feed.test.ts checks the series reproduces them). Nothing here is chosen to
 * make a grid robot profitable.
 *
 * Two layers:
 * - **Hours.** The efficient price at each hour boundary follows a stochastic-volatility
 *   random walk: the log of the hourly variance is an AR(1) process whose shocks halve
 *   in `volHalfLifeDays` (volatility clustering), spread by `logVarianceSd` (fat-tailed
 *   daily returns), plus jumps arriving as a Poisson process. Drift is compensated so
 *   the price is a martingale: no trend either way.
 * - **Ticks within an hour.** A path of 1-second steps whose variance per minute is
 *   scaled by an intra-hour activity factor (an AR(1) in log, halving in
 *   `intradayHalfLifeMinutes`: clustering from minute to minute) and a Student-t mixing
 *   weight (`minuteTailIndex` degrees of freedom: power-law tails of 1-minute returns),
 *   tied to both hour boundaries as a bridge and seen through a small noise (the bid-ask
 *   bounce) sized so that 1-minute returns have the lag-1 autocorrelation `minuteLag1`.
 *
 * Each hour draws from a generator seeded by (seed, market, hour), so any hour can be
 * generated on its own once the hour boundaries up to it are known; those cost a few
 * draws per hour since the series began (about 9,000 a year per market).
 */
export const SIMULATOR_MODEL = {
  /**
   * Components of the log of hourly variance, each an AR(1) with its half-life and spread:
   * a long-run and a short-run one (Katsiampa 2017: component GARCH fits BTC best; a single
   * GARCH(1,1) on BTC gives a 17-day half-life) and an intraday one. Their spread gives
   * daily returns their fat tails.
   */
  varianceComponents: [
    { halfLifeHours: 60 * 24, sd: 0.75 },
    { halfLifeHours: 7 * 24, sd: 0.6 },
    { halfLifeHours: 4, sd: 0.5 },
  ],
  /** Jumps on about a third of days (0.4 a day): 15-65% of days in the literature. */
  jumpsPerDay: 0.4,
  jumpSigmaInDailySigmas: 0.6,
  intradayHalfLifeMinutes: 30,
  intradayLogSd: 0.7,
  /** The inverse cubic law: tail index near 3 for 1-minute returns. */
  minuteTailIndex: 3.5,
  /** Small and negative (-0.08 to +0.01), never enough to favour a grid. */
  minuteLag1: -0.02,
} as const;

const HOURS_PER_YEAR = 365 * 24;

export interface SimulatedFeedOptions {
  seed: number;
  /** Drives "now"; a ManualClock makes live runs instant and deterministic. */
  clock?: Clock;
  /** Interval between ticks (a divisor of a minute); candles aggregate them per minute. */
  tickMs?: number;
  /** How much past the series starts before "now", so candles exist from the start. */
  historyDays?: number;
  /** Candles older than this are not kept in memory once generated (ms of retention). */
  retentionDays?: number;
  /** Where the series starts (ms, floored to the minute). Series = f(seed, start, tickMs). */
  start?: number;
}

const systemClock: Clock = { now: () => new Date() };

/** Gamma(shape, 1) by Marsaglia and Tsang (shape >= 1). */
function gamma(random: Random, shape: number): number {
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = random.normal();
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = random.uniform();
    if (u < 1 - 0.0331 * x * x * x * x) return d * v;
    if (Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

/** One hour of observed prices, in whole ticks of the market's price step. */
interface HourPath {
  /** prices[i] is the price at hourStart + i * tickMs. */
  prices: Float64Array;
  /** Per-minute activity (relative volatility), for candle volumes. */
  activity: Float64Array;
  /** Per-minute volume draws in [0.5, 1.5). */
  volumeDraw: Float64Array;
}

class SimulatedMarket {
  private readonly tickUnits: number;
  private readonly tickBig: bigint;
  private readonly ticksPerHour: number;
  private readonly ticksPerMinute: number;
  /** Hourly diffusion variance on average, and the jump parameters. */
  private readonly hourVariance: number;
  private readonly jumpChance: number;
  private readonly jumpSigma: number;
  private readonly jumpCompensation: number;
  private readonly noiseRatio: number;
  private readonly anchorRandom: Random;
  // hour boundaries known so far: log price at each hour's start, the hour's diffusion
  // variance and its jump (0 when none)
  private anchorLog = new Float64Array(1024);
  private hourVar = new Float64Array(1024);
  private hourJump = new Float64Array(1024);
  private known = 0; // anchors 0..known-1 hold their start; hourVar/hourJump 0..known-2
  private readonly components = SIMULATOR_MODEL.varianceComponents.map((c) => {
    const phi = Math.pow(0.5, 1 / c.halfLifeHours);
    return { phi, step: c.sd * Math.sqrt(1 - phi * phi), state: 0 };
  });
  private readonly paths = new Map<number, HourPath>();
  private readonly hourCandles = new Map<number, Candle[]>();

  constructor(
    readonly spec: MarketSpec,
    private readonly seed: number,
    private readonly origin: number,
    private readonly tickMs: number,
  ) {
    this.tickUnits = Number(spec.tick);
    this.tickBig = spec.tick;
    this.ticksPerHour = HOUR_MS / tickMs;
    this.ticksPerMinute = MINUTE_MS / tickMs;
    const model = SIMULATOR_MODEL;
    const totalHourVariance = (spec.annualVol * spec.annualVol) / HOURS_PER_YEAR;
    const dailySigma = spec.annualVol / Math.sqrt(365);
    this.jumpSigma = model.jumpSigmaInDailySigmas * dailySigma;
    this.jumpChance = model.jumpsPerDay / 24;
    this.hourVariance = totalHourVariance - this.jumpChance * this.jumpSigma * this.jumpSigma;
    // E[e^J] - 1 for J ~ N(0, s^2) is e^(s^2/2) - 1: subtracting it keeps E[price] flat
    this.jumpCompensation = this.jumpChance * Math.expm1((this.jumpSigma * this.jumpSigma) / 2);
    // returns r = e + n_t - n_(t-1): lag-1 autocorrelation -c / (1 + 2c), c = noise / e
    this.noiseRatio = -model.minuteLag1 / (1 + 2 * model.minuteLag1);
    this.anchorRandom = new Random(hashText(`${seed}:${spec.id}:hours`));
    this.anchorLog[0] = Math.log(spec.referencePrice * SCALE_NUMBER);
    this.known = 1;
  }

  /** Makes the start of hour `hour` (and every hour before it) known. */
  private anchorsTo(hour: number): void {
    if (hour < this.known) return;
    if (hour >= this.anchorLog.length) {
      const size = Math.max(hour + 1, this.anchorLog.length * 2);
      const grow = (old: Float64Array) => {
        const next = new Float64Array(size);
        next.set(old);
        return next;
      };
      this.anchorLog = grow(this.anchorLog);
      this.hourVar = grow(this.hourVar);
      this.hourJump = grow(this.hourJump);
    }
    const random = this.anchorRandom;
    let meanShift = 0;
    for (const c of SIMULATOR_MODEL.varianceComponents) meanShift += (c.sd * c.sd) / 2;
    for (let h = this.known - 1; h < hour; h++) {
      // log-variance around its mean, scaled so E[variance] is the long-run level
      let log = -meanShift;
      for (const c of this.components) {
        log += c.state;
        c.state = c.phi * c.state + c.step * random.normal();
      }
      const variance = this.hourVariance * Math.exp(log);
      const jump = random.uniform() < this.jumpChance ? this.jumpSigma * random.normal() : 0;
      // the hour's own minute weights decide its variance, so the bridge inside it is exact
      const weights = this.weightsOf(h);
      let sum = 0;
      for (const w of weights) sum += w;
      const realised = (variance * sum) / weights.length;
      this.hourVar[h] = variance;
      this.hourJump[h] = jump;
      this.anchorLog[h + 1] =
        this.anchorLog[h]! -
        0.5 * realised -
        this.jumpCompensation +
        Math.sqrt(realised) * random.normal() +
        jump;
    }
    this.known = hour + 1;
  }

  /**
   * An hour's minute weights (mean 1): an intra-hour activity factor, a log AR(1) from its
   * stationary law, times a Student-t mixing weight; from a seed of their own.
   */
  private weightsOf(hour: number): Float64Array {
    const random = new Random(hashText(`${this.seed}:${this.spec.id}:${hour}:w`));
    const { minuteTailIndex: nu, intradayHalfLifeMinutes, intradayLogSd } = SIMULATOR_MODEL;
    const rho = Math.pow(0.5, 1 / intradayHalfLifeMinutes);
    const step = intradayLogSd * Math.sqrt(1 - rho * rho);
    const weights = new Float64Array(HOUR_MS / MINUTE_MS);
    let level = intradayLogSd * random.normal();
    for (let m = 0; m < weights.length; m++) {
      const intraday = Math.exp(level - (intradayLogSd * intradayLogSd) / 2);
      level = rho * level + step * random.normal();
      weights[m] = (intraday * (nu - 2)) / (2 * gamma(random, nu / 2));
    }
    return weights;
  }

  /** The observed prices of one hour (tick counts), generated from its own seed. */
  path(hour: number): HourPath {
    const cached = this.paths.get(hour);
    if (cached) return cached;
    this.anchorsTo(hour + 1);
    const { ticksPerHour: n, ticksPerMinute } = this;
    const random = new Random(hashText(`${this.seed}:${this.spec.id}:${hour}`));
    const variance = this.hourVar[hour]!;
    const jump = this.hourJump[hour]!;
    const jumpAt = jump === 0 ? -1 : Math.floor(random.uniform() * n) + 1;
    const weights = this.weightsOf(hour);
    const minutes = weights.length;
    const activity = new Float64Array(minutes);
    const volumeDraw = new Float64Array(minutes);
    // the free path: X[i] for i = 1..n, each minute's variance scaled by its weight
    const free = new Float64Array(n + 1);
    let x = 0;
    for (let m = 0; m < minutes; m++) {
      const weight = weights[m]!;
      activity[m] = Math.sqrt(weight * (variance / this.hourVariance));
      volumeDraw[m] = 0.5 + random.uniform();
      const sigma = Math.sqrt((variance * weight) / n);
      for (let k = 1; k <= ticksPerMinute; k++) {
        const i = m * ticksPerMinute + k;
        x += sigma * random.normal();
        if (i === jumpAt) x += jump;
        free[i] = x;
      }
    }
    // tied to both hour boundaries: the bridge spreads the gap evenly over the hour
    const start = this.anchorLog[hour]!;
    const gap = this.anchorLog[hour + 1]! - start - free[n]!;
    const noiseSigma = Math.sqrt((this.noiseRatio * variance) / 60);
    const prices = new Float64Array(n);
    const units = this.tickUnits;
    for (let i = 0; i < n; i++) {
      const log = start + free[i]! + (gap * i) / n + noiseSigma * random.normal();
      prices[i] = Math.max(1, Math.round(Math.exp(log) / units));
    }
    const path = { prices, activity, volumeDraw };
    this.paths.set(hour, path);
    // keep a few hours: the live one, the one before it and history being read
    if (this.paths.size > 4) this.paths.delete(this.paths.keys().next().value!);
    return path;
  }

  /** The efficient log price at the start of hours 0..hours: daily statistics, cheaply. */
  boundaries(hours: number): Float64Array {
    this.anchorsTo(hours);
    return this.anchorLog.slice(0, hours + 1);
  }

  /** Hour index and tick index within it of an instant at or after the origin. */
  private locate(ts: number): { hour: number; index: number } {
    const offset = ts - this.origin;
    const hour = Math.floor(offset / HOUR_MS);
    return { hour, index: Math.floor((offset - hour * HOUR_MS) / this.tickMs) };
  }

  /** The last tick at or before ts (ts at or after the origin). */
  tickAt(ts: number): Tick {
    const { hour, index } = this.locate(ts);
    const price = this.path(hour).prices[index]!;
    const at = this.origin + hour * HOUR_MS + index * this.tickMs;
    return { market: this.spec.id, ts: at, price: BigInt(price) * this.tickBig };
  }

  /** Every tick with from < ts <= to, oldest first. */
  ticks(from: number, to: number, emit: (tick: Tick) => void): void {
    const first = Math.floor((from - this.origin) / this.tickMs) + 1;
    const last = Math.floor((to - this.origin) / this.tickMs);
    for (let k = Math.max(0, first); k <= last; k++) {
      const hour = Math.floor(k / this.ticksPerHour);
      const price = this.path(hour).prices[k - hour * this.ticksPerHour]!;
      emit({
        market: this.spec.id,
        ts: this.origin + k * this.tickMs,
        price: BigInt(price) * this.tickBig,
      });
    }
  }

  /** The 60 one-minute candles of an hour; each opens at the last price before it. */
  candlesOf(hour: number): Candle[] {
    const cached = this.hourCandles.get(hour);
    if (cached) return cached;
    const { prices, activity, volumeDraw } = this.path(hour);
    let previous = hour > 0 ? this.path(hour - 1).prices.at(-1)! : prices[0]!;
    const candles: Candle[] = [];
    const perMinute = this.ticksPerMinute;
    const hourStart = this.origin + hour * HOUR_MS;
    for (let m = 0; m < activity.length; m++) {
      let high = previous;
      let low = previous;
      for (let i = m * perMinute; i < (m + 1) * perMinute; i++) {
        const p = prices[i]!;
        if (p > high) high = p;
        if (p < low) low = p;
      }
      const close = prices[(m + 1) * perMinute - 1]!;
      const volume = this.spec.minuteVolume * activity[m]! * volumeDraw[m]!;
      candles.push({
        ts: hourStart + m * MINUTE_MS,
        open: BigInt(previous) * this.tickBig,
        high: BigInt(high) * this.tickBig,
        low: BigInt(low) * this.tickBig,
        close: BigInt(close) * this.tickBig,
        volume: Math.round(volume * 100_000) / 100_000,
      });
      previous = close;
    }
    this.hourCandles.set(hour, candles);
    return candles;
  }

  /** Completed candles with from <= ts < to (to already clipped to the open minute). */
  candles(from: number, to: number): Candle[] {
    const start = Math.max(from, this.origin);
    if (start >= to) return [];
    const out: Candle[] = [];
    const firstHour = Math.floor((start - this.origin) / HOUR_MS);
    const lastHour = Math.floor((to - 1 - this.origin) / HOUR_MS);
    for (let h = firstHour; h <= lastHour; h++) {
      for (const candle of this.candlesOf(h)) {
        if (candle.ts >= start && candle.ts < to) out.push(candle);
      }
    }
    return out;
  }

  /** Forgets generated candles of hours ending before `before`. */
  prune(before: number): void {
    for (const hour of this.hourCandles.keys()) {
      if (this.origin + (hour + 1) * HOUR_MS <= before) this.hourCandles.delete(hour);
    }
  }
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
  /** Per market with listeners: the last tick handed to them. */
  private readonly emitted = new Map<MarketId, number>();
  private timer: ReturnType<typeof setInterval> | null = null;
  /** The tick ((now - origin) / tickMs) of the last sync: a sync within the same tick has nothing to do. */
  private syncedTick: number | null = null;

  constructor(options: SimulatedFeedOptions) {
    this.seed = options.seed;
    this.clock = options.clock ?? systemClock;
    this.tickMs = options.tickMs ?? 1000;
    if (!Number.isInteger(this.tickMs) || this.tickMs < 1 || MINUTE_MS % this.tickMs !== 0) {
      throw new RangeError('tickMs must be a whole divisor of 60,000');
    }
    const historyDays = options.historyDays ?? 30;
    const now = this.clock.now().getTime();
    const start = options.start ?? now - historyDays * DAY_MS;
    this.origin = start - (((start % MINUTE_MS) + MINUTE_MS) % MINUTE_MS);
    this.retentionMs = (options.retentionDays ?? historyDays + 1) * DAY_MS;
  }

  subscribe(market: MarketId, onTick: (tick: Tick) => void): () => void {
    let set = this.listeners.get(market);
    if (!set) this.listeners.set(market, (set = new Set()));
    if (!this.emitted.has(market)) this.emitted.set(market, this.latest(market).ts);
    set.add(onTick);
    return () => {
      set.delete(onTick);
      if (set.size === 0) this.emitted.delete(market);
    };
  }

  latest(market: MarketId): Tick {
    return this.tickAt(market, this.clock.now().getTime());
  }

  /** The price at any instant from the origin on (the last tick at or before it). */
  tickAt(market: MarketId, ts: number): Tick {
    return this.market(market).tickAt(Math.max(ts, this.origin));
  }

  /**
   * The series' log price (10^-8 USDT, before noise and the price step) at the start of
   * each of its first `hours` + 1 hours: years of daily statistics without a tick.
   */
  hourBoundaries(market: MarketId, hours: number): Float64Array {
    return this.market(market).boundaries(hours);
  }

  async candles(market: MarketId, from: number, to: number): Promise<Candle[]> {
    return this.history(market, from, to);
  }

  /** candles() without the promise, for backtests and benchmarks. */
  history(market: MarketId, from: number, to: number): Candle[] {
    // the candle of minute M is complete once M + 60 s has come: ts <= now - 60 s
    const completeTo = this.clock.now().getTime() - MINUTE_MS + 1;
    return this.market(market).candles(from, Math.min(to, completeTo));
  }

  /**
   * Hands every tick since the last sync up to the clock's now to the subscribers, in
   * time order per market. Tests call this after moving a ManualClock; start() calls it
   * on a timer. Markets nobody listens to cost nothing: their prices are computed when
   * asked for.
   */
  sync(): void {
    const now = this.clock.now().getTime();
    // Every priced API call syncs first (issue 33: a crowd's quaninfo did it 1,400 times a
    // second); ticks come once per tickMs, so only the first call of each tick has work.
    const tick = Math.floor((now - this.origin) / this.tickMs);
    if (tick === this.syncedTick) return;
    this.syncedTick = tick;
    for (const [id, set] of this.listeners) {
      const from = this.emitted.get(id);
      if (from === undefined || set.size === 0) continue;
      this.market(id).ticks(from, now, (tick) => {
        for (const listener of set) listener(tick);
      });
      this.emitted.set(id, Math.max(from, now));
    }
    for (const market of this.markets.values()) market.prune(now - this.retentionMs);
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

  private market(id: MarketId): SimulatedMarket {
    let market = this.markets.get(id);
    if (!market) {
      market = new SimulatedMarket(MARKETS[id], this.seed, this.origin, this.tickMs);
      this.markets.set(id, market);
    }
    return market;
  }
}
