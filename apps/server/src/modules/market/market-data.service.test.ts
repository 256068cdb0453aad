// The month of candles behind every robot preview and creation: kept, and extended by the
// minutes since the last read rather than generated again, with the same candles as a
// fresh read.
import { DAY_MS, SimulatedFeed } from '@olive/market';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../ports/clock.ts';
import type { MarketRepository } from './market.repository.ts';
import { marketDataService } from './market-data.service.ts';

describe('the last month of candles', () => {
  it('extends the kept month by the new minutes, equal to a fresh read', async () => {
    const clock = new ManualClock(new Date('2026-11-01T00:00:00Z'));
    const feed = new SimulatedFeed({ seed: 7, start: Date.parse('2026-09-01T00:00:00Z'), clock });
    let reads: [number, number][] = [];
    const candles = feed.candles.bind(feed);
    feed.candles = (market, from, to) => {
      reads.push([from, to]);
      return candles(market, from, to);
    };
    const service = marketDataService({ feed, repo: {} as MarketRepository, clock });

    const first = await service.lastMonth('TRX/USDT');
    expect(first).toHaveLength(30 * 1440);
    clock.advance(7 * 60_000 + 30_000);
    reads = [];
    const later = await service.lastMonth('TRX/USDT');
    // One read of the 7 new minutes, not of 30 days.
    expect(reads).toHaveLength(1);
    expect(reads[0]![1] - reads[0]![0]).toBeLessThan(10 * 60_000);
    const now = clock.now().getTime();
    expect(later).toEqual(await candles('TRX/USDT', now - 30 * DAY_MS, now));
    expect(later[0]!.ts).toBeGreaterThanOrEqual(now - 30 * DAY_MS);
  });
});
