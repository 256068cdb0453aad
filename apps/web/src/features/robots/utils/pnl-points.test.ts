import { describe, expect, it } from 'vitest';
import { pnlPoints } from './pnl-points.ts';

describe('pnl chart points', () => {
  it('starts at zero, keeps times strictly increasing and ends with the last figure', () => {
    const points = pnlPoints(
      [
        { t: '2026-01-01T00:00:00.000Z', pnl: '0.1' },
        { t: '2026-01-01T00:01:00.000Z', pnl: '-1.5' },
        { t: '2026-01-01T00:01:00.000Z', pnl: '-1.25' },
      ],
      {
        startedAt: '2025-12-31T23:59:58.000Z',
        last: { pnl: '2.5', at: Date.parse('2026-01-01T00:01:30.400Z') },
      },
    );
    expect(points).toEqual([
      { time: 1767225598, value: 0 },
      { time: 1767225600, value: 0.1 },
      { time: 1767225660, value: -1.25 },
      { time: 1767225690, value: 2.5 },
    ]);
  });

  it('drops a last point older than the last snapshot, and shows nothing before a start', () => {
    const points = pnlPoints([{ t: '2026-01-01T00:01:00.000Z', pnl: '1' }], {
      startedAt: '',
      last: { pnl: '2', at: Date.parse('2026-01-01T00:00:30.000Z') },
    });
    expect(points).toEqual([{ time: 1767225660, value: 1 }]);
    expect(pnlPoints([], { startedAt: '', last: null })).toEqual([]);
  });
});
