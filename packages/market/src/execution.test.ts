// Paper execution is where money is rounded: it must be exact, against the robot, and
// behave like the venue interface a real exchange will implement.
import { describe, expect, it } from 'vitest';
import { feePpm, PaperVenue, paperFill } from './execution.ts';
import { units } from './test-helpers.ts';

describe('paper execution', () => {
  it('fills at the price: buys rounded up, sells down, fees up', () => {
    const order = { market: 'ETH/USDT' as const, quantity: units('0.0001'), slot: 3 };
    // 0.0001 ETH at 3,300.01 is 0.330001 USDT exactly: no rounding needed
    expect(paperFill({ ...order, side: 'buy' }, units('3300.01'), 1000n)).toMatchObject({
      quote: units('0.330001'),
      fee: units('0.00033001'), // 0.000330001 rounded up
    });
    // 3e-8 TRX at 3e-8 USDT is 9e-16 USDT: less than one unit either way
    const odd = { market: 'TRX/USDT' as const, quantity: 3n, slot: 0 };
    expect(paperFill({ ...odd, side: 'buy' }, 3n, 1000n).quote).toBe(1n); // a buy pays 1 unit
    expect(paperFill({ ...odd, side: 'sell' }, 3n, 1000n).quote).toBe(0n);
  });

  it('converts fee rates to exact parts per million and refuses nonsense', () => {
    expect(feePpm(0.001)).toBe(1000n);
    expect(feePpm(0)).toBe(0n);
    expect(() => feePpm(-0.001)).toThrow(RangeError);
    expect(() => feePpm(Number.NaN)).toThrow(RangeError);
  });

  it('executes through the venue interface at the latest feed price', async () => {
    const venue = new PaperVenue(() => ({ price: units('180.5'), ts: 1234 }));
    const fill = await venue.execute({
      market: 'SOL/USDT',
      side: 'sell',
      quantity: units('2'),
      slot: 1,
    });
    expect(fill).toMatchObject({ price: units('180.5'), quote: units('361'), ts: 1234 });
    expect(fill.fee).toBe(units('0.361'));
    const empty = new PaperVenue(() => undefined);
    await expect(
      empty.execute({ market: 'SOL/USDT', side: 'buy', quantity: 1n, slot: 0 }),
    ).rejects.toThrow(/no price/);
  });
});
