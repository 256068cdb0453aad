// The simulator against published measurements of the real markets (decision 111c cites
// each figure). Daily statistics come from four simulated years of hour boundaries per
// seed (cheap: no ticks), minute statistics from ten days of 1-second ticks. Figures are
// medians over seeds, since kurtosis and tail estimates of one sample are noisy. None of
// these bands was chosen by looking at what a grid robot earns.
import { describe, expect, it } from 'vitest';
import { DAY_MS } from './feed.ts';
import { MARKET_IDS, type MarketId } from './markets.ts';
import { SimulatedFeed } from './simulated-feed.ts';
import {
  annualised,
  autocorrelation,
  differences,
  excessKurtosis,
  hillTailIndex,
} from './stats.ts';
import { T0, TestClock } from './test-helpers.ts';

const SEEDS = [1, 2, 3, 4, 5];
const YEARS = 4;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const memo = new Map<string, Float64Array>();
function boundaries(seed: number, market: MarketId) {
  const key = `${seed}:${market}`;
  let found = memo.get(key);
  if (!found) {
    const feed = new SimulatedFeed({ seed, start: T0, clock: new TestClock(T0) });
    memo.set(key, (found = feed.hourBoundaries(market, YEARS * 365 * 24)));
  }
  return found;
}

/** Per market, a statistic of daily log returns, as the median over the seeds. */
function dailyMedian(market: MarketId, statistic: (daily: number[]) => number) {
  return median(SEEDS.map((seed) => statistic(differences(boundaries(seed, market), 24))));
}

function minuteReturns(seed: number, market: MarketId, days: number) {
  const feed = new SimulatedFeed({ seed, start: T0, clock: new TestClock(T0 + days * DAY_MS) });
  const closes = feed.history(market, T0, T0 + days * DAY_MS).map((c) => Math.log(Number(c.close)));
  return differences(closes);
}

const abs = (x: number[]) => x.map(Math.abs);

describe('the simulator reproduces the published statistics of the real markets', () => {
  it('realised 1-year volatility per market (Kaiko rolling 1-year; Glassnode 2023-24)', () => {
    const bands: Record<MarketId, [number, number]> = {
      'BTC/USDT': [0.33, 0.6], // Kaiko 39.5-39.8%, Glassnode 40-55%
      'ETH/USDT': [0.5, 0.85], // Kaiko 65.1%
      'BNB/USDT': [0.35, 0.65], // Kaiko 47.8-48.0%
      'SOL/USDT': [0.55, 1], // Kaiko 70.5%, 90-day 92%
      'TRX/USDT': [0.3, 0.8], // no published figure found: provisional, BNB's band widened
    };
    const vols = Object.fromEntries(
      MARKET_IDS.map((market) => [market, dailyMedian(market, (r) => annualised(r, 365))]),
    ) as Record<MarketId, number>;
    for (const market of MARKET_IDS) {
      const [low, high] = bands[market];
      expect(vols[market], market).toBeGreaterThan(low);
      expect(vols[market], market).toBeLessThan(high);
    }
    // ratios to BTC are steadier than levels: ETH 1.64, SOL 1.78, BNB 1.21 at Kaiko
    const btc = vols['BTC/USDT'];
    expect(vols['ETH/USDT'] / btc).toBeGreaterThan(1.2);
    expect(vols['ETH/USDT'] / btc).toBeLessThan(2);
    expect(vols['SOL/USDT'] / btc).toBeGreaterThan(1.3);
    expect(vols['SOL/USDT'] / btc).toBeLessThan(2.4);
    expect(vols['BNB/USDT'] / btc).toBeGreaterThan(0.95);
    expect(vols['BNB/USDT'] / btc).toBeLessThan(1.5);
  });

  it('fat-tailed daily returns (BTC excess kurtosis 4.8 in 2015-19, sub-periods 1.7-7.8)', () => {
    for (const market of MARKET_IDS) {
      const kurtosis = dailyMedian(market, excessKurtosis);
      expect(kurtosis, market).toBeGreaterThan(1.5);
      expect(kurtosis, market).toBeLessThan(15);
    }
  });

  it('clustered volatility: |daily return| autocorrelated at 1 day, still at 10 and 30', () => {
    const significant = 2 / Math.sqrt(YEARS * 365);
    for (const market of MARKET_IDS) {
      const lag1 = dailyMedian(market, (r) => autocorrelation(abs(r), 1));
      const lag10 = dailyMedian(market, (r) => autocorrelation(abs(r), 10));
      const lag30 = dailyMedian(market, (r) => autocorrelation(abs(r), 30));
      expect(lag1, market).toBeGreaterThan(0.1);
      expect(lag1, market).toBeLessThan(0.35);
      expect(lag10, market).toBeGreaterThan(significant);
      expect(lag30, market).toBeGreaterThan(significant);
      expect(lag10, market).toBeLessThanOrEqual(lag1);
    }
  });

  it('no predictability at an hour or a day (daily lag-1 autocorrelation 0.004)', () => {
    for (const market of MARKET_IDS) {
      const daily = dailyMedian(market, (r) => autocorrelation(r, 1));
      const hourly = median(
        SEEDS.map((seed) => autocorrelation(differences(boundaries(seed, market)), 1)),
      );
      expect(Math.abs(daily), market).toBeLessThan(0.05);
      expect(Math.abs(hourly), market).toBeLessThan(0.05);
    }
  });

  it('1-minute returns: tail index near 3, slight mean reversion, clustering', () => {
    for (const market of ['BTC/USDT', 'ETH/USDT', 'SOL/USDT'] as const) {
      const samples = [1, 2, 3].map((seed) => minuteReturns(seed, market, 10));
      // the inverse cubic law (Takaishi 2021: 3; Begusic 2018: 2-2.5 on older data)
      const tail = median(samples.map((r) => hillTailIndex(r, 0.02)));
      expect(tail, market).toBeGreaterThan(2.5);
      expect(tail, market).toBeLessThan(4);
      // small and negative (Hurst 0.42 -> 0.49, Tang 2024): never strong enough to trade
      const lag1 = median(samples.map((r) => autocorrelation(r, 1)));
      expect(lag1, market).toBeGreaterThan(-0.08);
      expect(lag1, market).toBeLessThan(0.01);
      // variance ratio of 10-minute to 1-minute returns: 10^(2H - 1), H = 0.49 -> 0.95
      const ratio = median(
        samples.map((r) => {
          const ten: number[] = [];
          for (let i = 10; i <= r.length; i += 10)
            ten.push(r.slice(i - 10, i).reduce((a, b) => a + b));
          const v1 = r.reduce((a, b) => a + b * b, 0) / r.length;
          const v10 = ten.reduce((a, b) => a + b * b, 0) / ten.length;
          return v10 / (10 * v1);
        }),
      );
      expect(ratio, market).toBeGreaterThan(0.85);
      expect(ratio, market).toBeLessThan(1.02);
      // |r| stays autocorrelated from a minute to hours, decaying (Tang 2024, Takaishi 2021)
      const acf = [1, 10, 100].map((lag) =>
        median(samples.map((r) => autocorrelation(abs(r), lag))),
      );
      expect(acf[0], market).toBeGreaterThan(acf[2]!);
      for (const value of acf) expect(value, market).toBeGreaterThan(0);
    }
  });

  it('tails thin out with the interval: kurtosis of 1 minute > 1 hour > 1 day > 0', () => {
    const minute = median(
      [1, 2, 3].map((seed) => excessKurtosis(minuteReturns(seed, 'BTC/USDT', 10))),
    );
    const hour = median(
      SEEDS.map((seed) => excessKurtosis(differences(boundaries(seed, 'BTC/USDT')))),
    );
    const day = dailyMedian('BTC/USDT', excessKurtosis);
    expect(minute).toBeGreaterThan(hour);
    expect(hour).toBeGreaterThan(day);
    expect(day).toBeGreaterThan(0);
  });
});
