// The network feeds: the simulator is deterministic per seed, retargets every 2,016 blocks
// and drifts upward from early-2026 levels; the mempool.space adapter reads the shapes its
// API documentation publishes (payloads below are in that documented form).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MempoolMiningFeed, SimulatedMiningFeed, SUBSIDY_SAT, dayText, dayNumber } from './feed.ts';

/** A recorded reply (fixtures/README.md says where each comes from). */
const recorded = (name: string) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')) as unknown;

const price = async () => 9_500_000_000_000n; // 95,000 USDT

describe('simulated network', () => {
  it('is the same for the same seed and differs for another', async () => {
    const a = new SimulatedMiningFeed({ seed: 7, epoch: '2026-01-01' }, price);
    const b = new SimulatedMiningFeed({ seed: 7, epoch: '2026-01-01' }, price);
    const c = new SimulatedMiningFeed({ seed: 8, epoch: '2026-01-01' }, price);
    // Asked in a different order, the same day is the same.
    const late = await b.day('2026-06-30');
    await a.day('2026-02-01');
    expect(await a.day('2026-06-30')).toEqual(late);
    expect((await c.day('2026-06-30')).difficulty).not.toBe(late.difficulty);
  });

  it('starts at 2026 levels, keeps difficulty between retargets and drifts upward', async () => {
    const feed = new SimulatedMiningFeed({ seed: 20261121, epoch: '2026-01-01' }, price);
    const first = await feed.day('2026-01-01');
    expect(first.difficulty).toBe(148_200_000_000_000n);
    expect(first.blockRewardSat).toBeGreaterThan(SUBSIDY_SAT);
    expect(first.blockRewardSat).toBeLessThan(SUBSIDY_SAT + 5_000_000n);
    expect(first.btcPrice).toBe(9_500_000_000_000n);
    // Difficulty changes only at retargets: about every two weeks (2,016 blocks).
    const difficulties: bigint[] = [];
    for (let n = 0; n < 365; n += 1) {
      difficulties.push((await feed.day(dayText(dayNumber('2026-01-01') + n))).difficulty);
    }
    const changes = difficulties.filter((d, i) => i > 0 && d !== difficulties[i - 1]).length;
    expect(changes).toBeGreaterThan(20);
    expect(changes).toBeLessThan(32);
    // A year later the network is harder, as the real one has been every year.
    expect(difficulties[364]! > (difficulties[0]! * 12n) / 10n).toBe(true);
    expect(difficulties[364]! < difficulties[0]! * 3n).toBe(true);
  });
});

describe('simulated epoch', () => {
  it('counts the period from its blocks: progress grows a day at a time and the date follows', async () => {
    const feed = new SimulatedMiningFeed({ seed: 20261121, epoch: '2026-01-01' }, price);
    const first = await feed.day('2026-01-01');
    // The first day starts a period: nothing found yet, the network 1% ahead of difficulty.
    expect(first.epoch).toMatchObject({ height: 930_000, progressPct: 0, estChangePct: 1 });
    const second = (await feed.day('2026-01-02')).epoch!;
    // About 145 blocks a day (1% faster than 144): about 7.2% of 2,016.
    expect(second.progressPct).toBeGreaterThan(6.9);
    expect(second.progressPct).toBeLessThan(7.5);
    expect(second.height - 930_000).toBe(Math.floor((second.progressPct / 100) * 2016 + 1e-6));
    // The next adjustment is expected about 13 days on, inside the 14 a period takes.
    const daysOn = (second.nextAdjustmentAt.getTime() - Date.parse('2026-01-02')) / 86_400_000;
    expect(daysOn).toBeGreaterThan(12.5);
    expect(daysOn).toBeLessThan(13.5);
    // After the retarget, a new period: progress falls back and the difficulty changed.
    let n = dayNumber('2026-01-02');
    let epoch = second;
    while (epoch.progressPct >= second.progressPct) {
      n += 1;
      epoch = (await feed.day(dayText(n))).epoch!;
    }
    expect(n - dayNumber('2026-01-01')).toBeGreaterThanOrEqual(13);
    expect(n - dayNumber('2026-01-01')).toBeLessThanOrEqual(15);
    expect((await feed.day(dayText(n))).difficulty).not.toBe(first.difficulty);
  });
});

describe('mempool.space adapter', () => {
  // The example replies of mempool.space's published API documentation, copied as they
  // stand (mempool/mempool, frontend/src/app/docs/api-docs/api-docs-data.ts at commit
  // 3b6ed8bde7826e80283bcd87e11478ce15c93ec7: "GET Hashrate" for /3d and "GET Reward
  // Stats", whose published example covers 100 blocks).
  const hashrate = JSON.parse(`{
  "hashrates": [
    {
      "timestamp": 1652486400,
      "avgHashrate": 236499762108771800000
    },
    {
      "timestamp": 1652572800,
      "avgHashrate": 217473276787331300000
    },
    {
      "timestamp": 1652659200,
      "avgHashrate": 189877203506913000000
    }
  ],
  "difficulty": [
    {
      "timestamp": 1652468330,
      "difficulty": 31251101365711.12,
      "height": 736249
    }
  ],
  "currentHashrate": 252033247355212300000,
  "currentDifficulty": 31251101365711.12
}`) as unknown;
  const rewards = JSON.parse(`{
  "startBlock": 736556,
  "endBlock": 736655,
  "totalReward": "63811748254",
  "totalFee": "1311748254",
  "totalTx": "164216"
}`) as unknown;

  it('reads difficulty, hash rate and the fee share per block', async () => {
    const asked: string[] = [];
    const feed = new MempoolMiningFeed({
      baseUrl: 'https://mempool.example/',
      btcPrice: price,
      get: async (url) => {
        asked.push(url);
        if (url.endsWith('/difficulty-adjustment'))
          return recorded('mempool-difficulty-adjustment');
        return url.includes('hashrate') ? hashrate : rewards;
      },
    });
    const day = await feed.day('2026-03-01');
    expect(asked).toEqual([
      'https://mempool.example/api/v1/mining/hashrate/3d',
      'https://mempool.example/api/v1/mining/reward-stats/144',
      'https://mempool.example/api/v1/difficulty-adjustment',
    ]);
    expect(day).toEqual({
      difficulty: 31_251_101_365_711n,
      networkHashrate: BigInt(Math.round(252033247355212300000)),
      // The fees of the blocks the reply covers, averaged per block (100 here).
      blockRewardSat: SUBSIDY_SAT + 13_117_482n,
      btcPrice: 9_500_000_000_000n,
      source: 'mempool',
      // The tip is the next retarget's height less the blocks remaining (876,960 - 1,361);
      // 655 of 2,016 blocks found; +0.78% expected on 2024-12-29 at 23:27:08 UTC.
      epoch: {
        height: 875_599,
        progressPct: 32.49,
        estChangePct: 0.78,
        nextAdjustmentAt: new Date('2024-12-29T23:27:08.279Z'),
      },
    });
  });

  it('takes the subsidy at the tip: halved past block 1,050,000', async () => {
    const feed = new MempoolMiningFeed({
      baseUrl: 'https://mempool.example',
      btcPrice: price,
      get: async (url) => {
        if (url.endsWith('/difficulty-adjustment')) {
          return {
            ...(recorded('mempool-difficulty-adjustment') as object),
            nextRetargetHeight: 1_050_336,
            remainingBlocks: 300,
          };
        }
        return url.includes('hashrate') ? hashrate : rewards;
      },
    });
    const day = await feed.day('2028-05-01');
    expect(day.epoch?.height).toBe(1_050_036);
    expect(day.blockRewardSat).toBe(156_250_000n + 13_117_482n);
  });

  it('keeps the day without an epoch when the difficulty-adjustment reply is unusable', async () => {
    const feed = new MempoolMiningFeed({
      baseUrl: 'https://mempool.example',
      btcPrice: price,
      get: async (url) => {
        if (url.endsWith('/difficulty-adjustment')) return { progressPercent: 'soon' };
        return url.includes('hashrate') ? hashrate : rewards;
      },
    });
    const day = await feed.day('2026-03-01');
    expect(day.epoch).toBeUndefined();
    expect(day.blockRewardSat).toBe(SUBSIDY_SAT + 13_117_482n);
  });

  it('refuses a reply without a difficulty rather than pay from a guess', async () => {
    const feed = new MempoolMiningFeed({
      baseUrl: 'https://mempool.example',
      btcPrice: price,
      get: async (url) => (url.includes('hashrate') ? { hashrates: [] } : rewards),
    });
    await expect(feed.day('2026-03-01')).rejects.toThrow(/difficulty/);
  });
});
