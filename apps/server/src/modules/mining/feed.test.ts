// The network feeds: the simulator is deterministic per seed, retargets every 2,016 blocks
// and drifts upward from early-2026 levels; the mempool.space adapter reads the shapes its
// API documentation publishes (payloads below are in that documented form).
import { describe, expect, it } from 'vitest';
import { MempoolMiningFeed, SimulatedMiningFeed, SUBSIDY_SAT, dayText, dayNumber } from './feed.ts';

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
        return url.includes('hashrate') ? hashrate : rewards;
      },
    });
    const day = await feed.day('2026-03-01');
    expect(asked).toEqual([
      'https://mempool.example/api/v1/mining/hashrate/3d',
      'https://mempool.example/api/v1/mining/reward-stats/144',
    ]);
    expect(day).toEqual({
      difficulty: 31_251_101_365_711n,
      networkHashrate: BigInt(Math.round(252033247355212300000)),
      // The fees of the blocks the reply covers, averaged per block (100 here).
      blockRewardSat: SUBSIDY_SAT + 13_117_482n,
      btcPrice: 9_500_000_000_000n,
      source: 'mempool',
    });
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
