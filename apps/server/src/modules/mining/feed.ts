// Network data for mining payouts: the MiningDataFeed port, a seeded simulator of the
// BTC network (difficulty retargeting every 2,016 blocks as hash rate drifts upward from
// early-2026 levels) and an adapter for mempool.space's public mining endpoints; plus the
// hash-power formula of PRODUCT.md in exact integer arithmetic.

/** What one UTC day's payouts use. Stored once per day (mining_days). */
export interface MiningDayInputs {
  /** Network difficulty, an integer. */
  difficulty: bigint;
  /** Network hash rate in H/s (shown on Home; not used by the formula). */
  networkHashrate: bigint;
  /** Subsidy plus the average fee share per block, in satoshi. */
  blockRewardSat: bigint;
  /** BTC/USDT in 10^-8 USDT per BTC. */
  btcPrice: bigint;
  source: 'simulated' | 'mempool';
  /** The network's difficulty period as the source saw it that day (absent: not known). */
  epoch?: EpochState;
}

/**
 * Where the network stands in its 2,016-block difficulty period: estimated, as mempool.space
 * does, from the blocks of the current period so far (their average time against 10 minutes).
 */
export interface EpochState {
  /** Block height (the chain's tip). */
  height: number;
  /** Share of the current period's 2,016 blocks found, 0-100. */
  progressPct: number;
  /** Expected change of difficulty at the next adjustment, in percent. */
  estChangePct: number;
  /** Expected time of the next adjustment. */
  nextAdjustmentAt: Date;
}

export interface MiningDataFeed {
  readonly source: 'simulated' | 'mempool';
  /** True when `day()` can give any past day as it was (the simulator), not only today. */
  readonly historical?: boolean;
  /** The inputs of a UTC day (YYYY-MM-DD). */
  day(day: string): Promise<MiningDayInputs>;
}

/** Blocks between difficulty adjustments, and between halvings of the subsidy. */
export const EPOCH_BLOCKS = 2016;
export const HALVING_BLOCKS = 210_000;
/** The subsidy at a height: 50 BTC halved every 210,000 blocks, in satoshi. */
export const subsidyAt = (height: number) =>
  5_000_000_000n >> BigInt(Math.floor(height / HALVING_BLOCKS));

/** BTC/USDT for a day from the market feed (10^-8 USDT per BTC). */
export type BtcPriceOf = (day: string) => Promise<bigint>;

export const SUBSIDY_SAT = 312_500_000n; // 3.125 BTC since the April 2024 halving
const TWO_32 = 4_294_967_296n;
const SECONDS_PER_DAY = 86_400n;
const GH = 1_000_000_000n;
const SCALE = 100_000_000n;

/**
 * PRODUCT.md's formula: BTC/day = hashrate(H/s) * 86400 * block_reward / (difficulty * 2^32),
 * times that day's price. Exact: gross is rounded down to 10^-8 USDT once, at the end;
 * outputSat is the BTC output in satoshi, rounded down to 8 decimals (shown, not paid).
 * The payout is gross less electricity, never below zero.
 */
export function dailyOutput(input: {
  hashRateGhs: bigint;
  difficulty: bigint;
  blockRewardSat: bigint;
  btcPrice: bigint;
  electricity: bigint;
}) {
  const numerator = input.hashRateGhs * GH * SECONDS_PER_DAY * input.blockRewardSat;
  const denominator = input.difficulty * TWO_32;
  const outputSat8 = (numerator * SCALE) / denominator; // satoshi * 10^8
  const gross = (numerator * input.btcPrice) / (denominator * SCALE);
  const amount = gross > input.electricity ? gross - input.electricity : 0n;
  return { outputSat8, gross, amount };
}

/** "2026-03-01" <-> days since 1970-01-01. */
export const dayNumber = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
export const dayText = (n: number) => new Date(n * 86_400_000).toISOString().slice(0, 10);
export const isDay = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && dayText(dayNumber(text)) === text;

/** mulberry32: a small seeded generator, the same sequence for the same seed everywhere. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface SimulatorSettings {
  seed: number;
  /** First simulated day; earlier days get its values. */
  epoch: string;
  /** Difficulty on the epoch: 148.2 T, the network's level at the turn of 2026. */
  startDifficulty?: number;
  /** Block height on the epoch: about 930,000 at the turn of 2026. */
  startHeight?: number;
  /** Mean daily growth of hash rate (log): 0.0006 is about +25% a year (2025: about +35%). */
  drift?: number;
  /** Daily volatility of hash rate (log); the network's block luck is not modelled. */
  volatility?: number;
}

/**
 * The demo's network: hash rate follows a seeded random walk with upward drift; blocks
 * arrive at 86400 * hashrate / (difficulty * 2^32) a day; every 2,016 blocks difficulty
 * retargets by the ratio of 2 weeks to the time those blocks took (clamped to x4 as the
 * protocol does). Deterministic per seed and day: every process computes the same day.
 */
export class SimulatedMiningFeed implements MiningDataFeed {
  readonly source = 'simulated' as const;
  readonly historical = true;
  private readonly days: {
    difficulty: number;
    hashrate: number;
    feeSat: number;
    /** Blocks mined since the epoch, and the period's blocks and seconds, at the day's start. */
    mined: number;
    blocks: number;
    seconds: number;
  }[] = [];
  private readonly next: () => number;
  private state: {
    difficulty: number;
    hashrate: number;
    blocks: number;
    seconds: number;
    mined: number;
  };

  constructor(
    private readonly settings: SimulatorSettings,
    private readonly btcPrice: BtcPriceOf,
  ) {
    this.next = random(settings.seed ^ 0x5eed);
    const difficulty = settings.startDifficulty ?? 148.2e12;
    // Start with the network 1% ahead of its difficulty, as it usually is between retargets.
    const hashrate = ((difficulty * 2 ** 32) / 600) * 1.01;
    this.state = { difficulty, hashrate, blocks: 0, seconds: 0, mined: 0 };
  }

  private gaussian() {
    const u = Math.max(this.next(), 1e-12);
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Network figures of the n-th day after the epoch (simulated forward once, then kept). */
  network(n: number) {
    const drift = this.settings.drift ?? 0.0006;
    const volatility = this.settings.volatility ?? 0.002;
    while (this.days.length <= n) {
      const s = this.state;
      const feeSat = 2_000_000 + Math.floor(this.next() * 3_000_000); // 0.02-0.05 BTC a block
      this.days.push({
        difficulty: s.difficulty,
        hashrate: s.hashrate,
        feeSat,
        mined: s.mined,
        blocks: s.blocks,
        seconds: s.seconds,
      });
      // The day's blocks; a retarget happens inside the day when the period completes.
      let remaining = 86_400;
      while (remaining > 0) {
        const rate = s.hashrate / (s.difficulty * 2 ** 32); // blocks per second
        const toRetarget = (2016 - s.blocks) / rate;
        if (toRetarget > remaining) {
          s.blocks += rate * remaining;
          s.mined += rate * remaining;
          s.seconds += remaining;
          remaining = 0;
        } else {
          s.seconds += toRetarget;
          remaining -= toRetarget;
          s.mined += 2016 - s.blocks;
          const factor = Math.min(4, Math.max(0.25, (2016 * 600) / s.seconds));
          s.difficulty = Math.round(s.difficulty * factor);
          s.blocks = 0;
          s.seconds = 0;
        }
      }
      s.hashrate *= Math.exp(drift + volatility * this.gaussian());
    }
    return this.days[n]!;
  }

  async day(day: string): Promise<MiningDayInputs> {
    const n = Math.max(0, dayNumber(day) - dayNumber(this.settings.epoch));
    const figures = this.network(n);
    const height = Math.floor((this.settings.startHeight ?? 930_000) + figures.mined);
    // The period's blocks so far at 10 minutes each against the time they took; before the
    // first block of a period, the hash rate against difficulty says the same.
    const blockSeconds =
      figures.blocks >= 1
        ? figures.seconds / figures.blocks
        : (figures.difficulty * 2 ** 32) / figures.hashrate;
    const factor = Math.min(4, Math.max(0.25, 600 / blockSeconds));
    const start = dayNumber(this.settings.epoch) + n;
    return {
      difficulty: BigInt(Math.round(figures.difficulty)),
      networkHashrate: BigInt(Math.round(figures.hashrate)),
      blockRewardSat: subsidyAt(height) + BigInt(figures.feeSat),
      btcPrice: await this.btcPrice(day),
      source: 'simulated',
      epoch: {
        height,
        progressPct: Math.round((figures.blocks / EPOCH_BLOCKS) * 10_000) / 100,
        estChangePct: Math.round((factor - 1) * 10_000) / 100,
        nextAdjustmentAt: new Date(
          start * 86_400_000 + Math.round((EPOCH_BLOCKS - figures.blocks) * blockSeconds * 1000),
        ),
      },
    };
  }
}

/** What mempool.space answers (its published shapes; only the fields read here). */
interface HashrateReply {
  currentHashrate?: number;
  currentDifficulty?: number;
  difficulty?: { timestamp: number; difficulty: number; height: number }[];
}
interface RewardStatsReply {
  startBlock: number;
  endBlock: number;
  totalReward: string | number;
  totalFee: string | number;
  totalTx: string | number;
}

/** mempool.space's /api/v1/difficulty-adjustment (its published shape; fields read here). */
interface DifficultyAdjustmentReply {
  progressPercent: number;
  difficultyChange: number;
  /** Milliseconds since 1970. */
  estimatedRetargetDate: number;
  remainingBlocks: number;
  nextRetargetHeight: number;
}

export type HttpGet = (url: string) => Promise<unknown>;

const fetchJson: HttpGet = async (url) => {
  const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  if (!response.ok) throw new Error(`mempool: ${url} answered ${response.status}`);
  return response.json();
};

/**
 * Production: mempool.space's /api/v1/mining/hashrate/3d (current difficulty and hash
 * rate), /api/v1/mining/reward-stats/144 (the last day's fees, averaged per block) and
 * /api/v1/difficulty-adjustment (tip height, the period's progress, the expected change and
 * date of the next adjustment, estimated from the period's block times). Called once per
 * day; the day's row is then stored and never asked again.
 */
export class MempoolMiningFeed implements MiningDataFeed {
  readonly source = 'mempool' as const;

  constructor(private readonly options: { baseUrl: string; btcPrice: BtcPriceOf; get?: HttpGet }) {}

  async day(day: string): Promise<MiningDayInputs> {
    const get = this.options.get ?? fetchJson;
    const base = this.options.baseUrl.replace(/\/$/, '');
    const [hashrate, rewards, adjustment] = (await Promise.all([
      get(`${base}/api/v1/mining/hashrate/3d`),
      get(`${base}/api/v1/mining/reward-stats/144`),
      get(`${base}/api/v1/difficulty-adjustment`),
    ])) as [HashrateReply, RewardStatsReply, DifficultyAdjustmentReply];
    const difficulty = hashrate.currentDifficulty ?? hashrate.difficulty?.at(-1)?.difficulty;
    if (!difficulty || !Number.isFinite(difficulty) || difficulty <= 0) {
      throw new Error('mempool: no current difficulty in the hashrate reply');
    }
    const blocks = rewards.endBlock - rewards.startBlock + 1;
    const totalFee = BigInt(String(rewards.totalFee));
    if (!(blocks > 0) || totalFee < 0n) throw new Error('mempool: bad reward-stats reply');
    const epoch = epochOf(adjustment);
    return {
      difficulty: BigInt(Math.round(difficulty)),
      networkHashrate: BigInt(Math.round(hashrate.currentHashrate ?? 0)),
      // The subsidy at the tip (halved every 210,000 blocks) plus the fees per block.
      blockRewardSat: (epoch ? subsidyAt(epoch.height) : SUBSIDY_SAT) + totalFee / BigInt(blocks),
      btcPrice: await this.options.btcPrice(day),
      source: 'mempool',
      ...(epoch ? { epoch } : {}),
    };
  }
}

/** The epoch from a difficulty-adjustment reply; undefined when a field is missing or absurd. */
function epochOf(reply: DifficultyAdjustmentReply | null | undefined): EpochState | undefined {
  if (!reply || typeof reply !== 'object') return undefined;
  const { progressPercent, difficultyChange, estimatedRetargetDate } = reply;
  const height = reply.nextRetargetHeight - reply.remainingBlocks;
  const fine = (x: unknown) => typeof x === 'number' && Number.isFinite(x);
  if (
    !fine(progressPercent) ||
    progressPercent < 0 ||
    progressPercent > 100 ||
    !fine(difficultyChange) ||
    !fine(estimatedRetargetDate) ||
    !Number.isInteger(height) ||
    height <= 0
  ) {
    return undefined;
  }
  return {
    height,
    progressPct: Math.round(progressPercent * 100) / 100,
    estChangePct: Math.round(difficultyChange * 100) / 100,
    nextAdjustmentAt: new Date(estimatedRetargetDate),
  };
}
