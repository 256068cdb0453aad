// The grid must be exact to the unit and honest in both directions: fees and losses
// show up in PnL, and every unit of the principal is accounted for at every step.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Fill } from './execution.ts';
import {
  autoGridParams,
  close,
  createGrid,
  gridLevels,
  onPrice,
  parseGrid,
  restingOrders,
  serializeGrid,
  smallestStep,
  valueGrid,
  type Direction,
  type GridParams,
  type GridState,
} from './grid.ts';
import { floorDiv, SCALE } from './markets.ts';
import { SimulatedFeed } from './simulated-feed.ts';
import { T0, TestClock, units } from './test-helpers.ts';

const sol = (direction: Direction): GridParams => ({
  market: 'SOL/USDT',
  direction,
  lower: units('100'),
  upper: units('121'),
  gridCount: 2,
});

/** Runs prices through a grid created at the first one; returns every fill and the end. */
function run(direction: Direction, prices: readonly bigint[], feeRate = 0.001) {
  const params: GridParams = {
    market: 'SOL/USDT',
    direction,
    lower: units('140'),
    upper: units('220'),
    gridCount: 20,
  };
  const opened = createGrid(params, units('1000'), prices[0]!, feeRate);
  let state = opened.state;
  const fills = [...opened.fills];
  for (const price of prices.slice(1)) {
    const step = onPrice(state, price, feeRate);
    state = step.state;
    fills.push(...step.fills);
  }
  const last = prices[prices.length - 1]!;
  const closed = close(state, last, feeRate);
  return { running: state, marked: valueGrid(state, last), closed, fills };
}

/** From 180 to 126 (-30%) in even steps of 0.2%. */
const falling = Array.from({ length: 180 }, (_, i) => units((180 * Math.pow(0.998, i)).toFixed(2)));
/** Around 180, +-6%, up and down six times, ending where it began: what a grid is for. */
const choppy = Array.from({ length: 378 }, (_, i) =>
  units((180 * (1 + 0.06 * Math.sin(i / 10))).toFixed(2)),
);

describe('grid levels and parameters', () => {
  it('spaces levels by equal ratios on the price tick', () => {
    expect(gridLevels(sol('long'))).toEqual([units('100'), units('110'), units('121')]);
    expect(() => gridLevels({ ...sol('long'), upper: units('100.02'), gridCount: 5 })).toThrow(
      /finer than the price tick/,
    );
  });

  it('spaces arithmetic levels by equal differences, so the top step is the smallest ratio', () => {
    const arithmetic = {
      ...sol('long'),
      upper: units('130'),
      gridCount: 3,
      gridType: 'arithmetic' as const,
    };
    expect(gridLevels(arithmetic)).toEqual([
      units('100'),
      units('110'),
      units('120'),
      units('130'),
    ]);
    // the same range geometric: 100, 109.14, 119.11, 130 (equal ratios, not differences)
    const geometric = gridLevels({ ...arithmetic, gridType: 'geometric' });
    expect(geometric[1]).toBe(units('109.14'));
    expect(geometric[2]).toBe(units('119.11'));
    expect(smallestStep(100, 130, 3, 'arithmetic')).toBeCloseTo(10 / 120, 12);
    expect(smallestStep(100, 130, 3, 'geometric')).toBeCloseTo(Math.cbrt(1.3) - 1, 12);
    // a robot trades at the levels it was built with: the buy rests at 110, not 109.14
    const { state } = createGrid(
      { ...arithmetic, direction: 'neutral' },
      1_000n * SCALE,
      units('115'),
    );
    expect(restingOrders(state).map((o) => o.price)).toEqual([
      units('100'),
      units('110'),
      units('130'),
    ]);
    const step = onPrice(state, units('109.99'));
    expect(step.fills.map((f) => [f.side, f.price])).toEqual([['buy', units('110')]]);
  });

  it('chooses range and count from volatility, fee-aware and shown to the user', () => {
    const feed = new SimulatedFeed({ seed: 1, clock: new TestClock(T0) });
    const candles = feed.history('BTC/USDT', 0, T0);
    const price = candles.at(-1)!.close;
    const calm = autoGridParams({ market: 'BTC/USDT', direction: 'long', candles, price });
    expect(calm.lower).toBeLessThan(price);
    expect(calm.upper).toBeGreaterThan(price);
    // 45% a year is ~2.4% a day on average; one month's figure swings with the regime
    expect(calm.dailyVolatility).toBeGreaterThan(0.01);
    expect(calm.dailyVolatility).toBeLessThan(0.05);
    expect(calm.step).toBeGreaterThanOrEqual(calm.minStep * 0.99);
    expect(calm.profitPerRoundTrip).toBeGreaterThan(0);
    // SOL moves more than BTC: a wider range
    const solCandles = feed.history('SOL/USDT', 0, T0);
    const wild = autoGridParams({
      market: 'SOL/USDT',
      direction: 'long',
      candles: solCandles,
      price: solCandles.at(-1)!.close,
    });
    const width = (g: GridParams) => Number(g.upper) / Number(g.lower);
    expect(width(wild)).toBeGreaterThan(width(calm));
    // a small principal gets fewer grids, so each order clears the exchange minimum
    const small = autoGridParams({
      market: 'BTC/USDT',
      direction: 'long',
      candles,
      price,
      principal: units('100'),
    });
    expect(small.gridCount).toBe(16);
    expect(() => createGrid(small, units('100'), price)).not.toThrow();
  });
});

describe('grid trading', () => {
  it('books a hand-computed long round trip to the unit', () => {
    // 1,000 USDT on 100 / 110 / 121 at 110: the upper slot buys now, the lower waits at 100.
    // Size: 1000 / ((110 + 100) * 1.001) = 4.7571... SOL, down to the 0.001 lot: 4.757.
    const { state: opened, fills: opening } = createGrid(sol('long'), units('1000'), units('110'));
    expect(opened.quantity).toBe(units('4.757'));
    expect(opening).toMatchObject([
      { side: 'buy', quantity: units('4.757'), quote: units('523.27'), fee: units('0.52327') },
    ]);
    expect(opened.cash).toBe(units('476.20673'));

    // touched, not crossed: the resting buy at 100 does not fill
    expect(onPrice(opened, units('100')).fills).toEqual([]);

    // through 100: the buy fills at its level, 100, with the 0.02% maker fee
    const down = onPrice(opened, units('99.9'));
    expect(down.fills).toMatchObject([
      { side: 'buy', slot: 0, price: units('100'), quote: units('475.7'), fee: units('0.09514') },
    ]);
    expect(down.state.cash).toBe(units('0.41159')); // 476.20673 - 475.7 - 0.09514

    expect(onPrice(down.state, units('110')).fills).toEqual([]);
    const back = onPrice(down.state, units('110.1'));
    expect(back.fills).toMatchObject([
      {
        side: 'sell',
        slot: 0,
        price: units('110'),
        quote: units('523.27'),
        fee: units('0.104654'),
      },
    ]);
    expect(back.state.realised).toBe(units('47.370206')); // 523.165346 - 475.79514

    const up = onPrice(back.state, units('121.5'));
    expect(up.fills).toMatchObject([
      {
        side: 'sell',
        slot: 1,
        price: units('121'),
        quote: units('575.597'),
        fee: units('0.1151194'),
      },
    ]);
    expect(up.state.realised).toBe(units('99.0588166')); // + 575.4818806 - 523.79327
    expect(up.state.position).toBe(0n);
    expect(up.state.profitableRoundTrips).toBe(2);

    const end = close(up.state, units('121'));
    expect(end.fills).toEqual([]);
    expect(end.pnl).toBe(units('99.0588166'));
    expect(end.state.cash).toBe(units('1099.0588166'));
    // taker 0.52327 on the opening market order, maker on the three resting orders
    expect(end.state.fees).toBe(units('0.8381834'));
  });

  it('fills a gap through several levels each at its own price, and lists resting orders', () => {
    const params: GridParams = {
      market: 'SOL/USDT',
      direction: 'neutral',
      lower: units('100'),
      upper: units('146.41'),
      gridCount: 4,
    };
    const { state, fills: opening } = createGrid(params, units('1000'), units('120'));
    expect(opening).toEqual([]); // a neutral grid starts flat
    expect(state.levels).toEqual(['100', '110', '121', '133.1', '146.41'].map(units));
    // two long slots buy at 100 and 110; two short slots sell at 133.1 and 146.41
    expect(restingOrders(state).map((o) => [o.side, o.price])).toEqual([
      ['buy', units('100')],
      ['buy', units('110')],
      ['sell', units('133.1')],
      ['sell', units('146.41')],
    ]);
    const q = state.quantity;
    // a gap from 120 to 95: both buys fill, at 110 and at 100, never at 95
    const gap = onPrice(state, units('95'), 0.0002);
    expect(gap.fills.map((f) => [f.slot, f.price])).toEqual([
      [0, units('100')],
      [1, units('110')],
    ]);
    for (const fill of gap.fills) {
      expect(fill.quote).toBe((fill.price * q) / SCALE);
      expect(fill.fee).toBe((fill.quote * 2n + 9_999n) / 10_000n); // 0.02%, rounded up
    }
    // the bought slots now rest sells one level up
    expect(restingOrders(gap.state).map((o) => [o.side, o.price])).toEqual([
      ['sell', units('110')],
      ['sell', units('121')],
      ['sell', units('133.1')],
      ['sell', units('146.41')],
    ]);
    // the maker fee is the caller's: zero fee, zero fees
    expect(onPrice(state, units('95'), 0).fills.every((f) => f.fee === 0n)).toBe(true);
  });

  it('rounds every amount against the robot by less than one unit', () => {
    // TRX at 0.24999: a sale whose value and fee do not divide evenly into units
    const params: GridParams = {
      market: 'TRX/USDT',
      direction: 'short',
      lower: units('0.2'),
      upper: units('0.3'),
      gridCount: 3,
    };
    const { fills } = createGrid(params, units('33.33'), units('0.24999'));
    const fill = fills[0]!;
    expect(fill.side).toBe('sell');
    const exact = fill.quantity * fill.price; // in 10^-16 USDT
    expect(fill.quote * SCALE).toBeLessThanOrEqual(exact); // a sale is rounded down
    expect(exact - fill.quote * SCALE).toBeLessThan(SCALE);
    expect(fill.fee * 1_000_000n).toBeGreaterThanOrEqual(fill.quote * 1000n); // fee rounded up
    expect(fill.fee * 1_000_000n - fill.quote * 1000n).toBeLessThan(1_000_000n);
  });

  it('loses on a long grid in a falling market, and says so', () => {
    const long = run('long', falling);
    expect(long.marked.pnl).toBeLessThan(0n);
    expect(long.marked.unrealised).toBeLessThan(0n);
    expect(long.closed.pnl).toBeLessThan(units('-100')); // 1,000 principal, -30% market
    expect(long.closed.state.cash).toBe(units('1000') + long.closed.pnl);
  });

  it('profits on a short grid in the same falling market; neutral lands in between', () => {
    const long = run('long', falling).closed.pnl;
    const short = run('short', falling).closed.pnl;
    const neutral = run('neutral', falling).closed.pnl;
    expect(short).toBeGreaterThan(0n);
    expect(neutral).toBeGreaterThan(long);
    expect(neutral).toBeLessThan(short);
  });

  it('earns from round trips in a sideways market in every direction', () => {
    for (const direction of ['long', 'short', 'neutral'] as const) {
      const { closed } = run(direction, choppy);
      expect(closed.state.profitableRoundTrips, direction).toBeGreaterThan(10);
      expect(closed.pnl, direction).toBeGreaterThan(0n);
    }
  });

  it('reproduces the exact PnL of six seeded live hours (BTC, long, 1-second ticks)', () => {
    const clock = new TestClock(T0);
    const feed = new SimulatedFeed({ seed: 2026, clock });
    const candles = feed.history('BTC/USDT', T0 - 30 * 86_400_000, T0);
    const start = feed.latest('BTC/USDT');
    const params = autoGridParams({
      market: 'BTC/USDT',
      direction: 'long',
      candles,
      price: start.price,
      principal: units('5000'),
    });
    let { state } = createGrid(params, units('5000'), start.price, 0.001, start.ts);
    const fills: Fill[] = [];
    feed.subscribe('BTC/USDT', (tick) => {
      const step = onPrice(state, tick.price, 0.001, tick.ts);
      state = step.state;
      fills.push(...step.fills);
    });
    for (let minute = 0; minute < 6 * 60; minute++) {
      clock.advance(60_000);
      feed.sync();
    }
    const last = feed.latest('BTC/USDT').price;
    const end = close(state, last);
    // pinned from the first run: any change to the simulator or the grid shows up here
    expect({
      gridCount: params.gridCount,
      lower: params.lower,
      upper: params.upper,
      quantity: state.quantity,
      last,
      trades: state.trades,
      realised: state.realised,
      fees: end.state.fees,
      pnl: end.pnl,
    }).toMatchInlineSnapshot(`
      {
        "fees": 556792557n,
        "gridCount": 41,
        "last": 9195496000000n,
        "lower": 7958109000000n,
        "pnl": 4724094053n,
        "quantity": 139000n,
        "realised": 862851192n,
        "trades": 8,
        "upper": 10184211000000n,
      }
    `);
  });

  it('keeps the state serialisable for the robot engine', () => {
    const { running } = run('neutral', choppy.slice(0, 50));
    expect(parseGrid(serializeGrid(running))).toEqual(running);
  });
});

describe('grid properties', () => {
  const directions = fc.constantFrom<Direction>('long', 'short', 'neutral');
  /** Random walks of 2..200 steps from 180, each step within +-3%, kept in 90..360. */
  const paths = fc
    .array(fc.integer({ min: -300, max: 300 }), { minLength: 1, maxLength: 200 })
    .map((moves) => {
      let price = 18_000;
      const prices = [units('180')];
      for (const move of moves) {
        price = Math.min(36_000, Math.max(9_000, Math.round((price * (10_000 + move)) / 10_000)));
        prices.push(BigInt(price) * 1_000_000n);
      }
      return prices;
    });

  it('conserves money at every step: cash + position value + fees = principal + PnL + fees', () => {
    fc.assert(
      fc.property(directions, paths, (direction, prices) => {
        const params: GridParams = {
          market: 'SOL/USDT',
          direction,
          lower: units('150'),
          upper: units('216'),
          gridCount: 12,
        };
        const principal = units('2500');
        const opened = createGrid(params, principal, prices[0]!);
        let state: GridState = opened.state;
        const fills = [...opened.fills];
        const check = (price: bigint) => {
          // replay the fills independently of the state's own bookkeeping
          let cash = principal;
          let position = 0n;
          let fees = 0n;
          for (const fill of fills) {
            cash += fill.side === 'buy' ? -fill.quote - fill.fee : fill.quote - fill.fee;
            position += fill.side === 'buy' ? fill.quantity : -fill.quantity;
            fees += fill.fee;
          }
          expect(state.cash).toBe(cash);
          expect(state.position).toBe(position);
          expect(state.fees).toBe(fees);
          expect(state.trades).toBe(fills.length);
          // PnL from the slots: completed round trips + open slots marked at price
          const openEntries = state.slots.reduce((sum, s) => (s.open ? sum + s.entry : sum), 0n);
          const positionValue = floorDiv(position * price, SCALE);
          const pnl = state.realised + positionValue - openEntries;
          expect(cash + positionValue + fees).toBe(principal + pnl + fees);
          expect(valueGrid(state, price).pnl).toBe(pnl);
          expect(state.cash).toBeGreaterThanOrEqual(0n); // sized so no order overdraws
          expect(state.profitableRoundTrips).toBeLessThanOrEqual(state.roundTrips);
        };
        check(prices[0]!);
        for (const price of prices.slice(1)) {
          const step = onPrice(state, price);
          state = step.state;
          fills.push(...step.fills);
          check(price);
        }
        const end = close(state, prices[prices.length - 1]!);
        state = end.state;
        fills.push(...end.fills);
        check(prices[prices.length - 1]!);
        expect(state.position).toBe(0n);
        expect(state.cash).toBe(principal + end.pnl);
        expect(end.pnl).toBe(state.realised);
      }),
      { numRuns: 300 },
    );
  });

  it('fees always reduce PnL, by exactly the fees paid', () => {
    fc.assert(
      fc.property(directions, paths, (direction, prices) => {
        const free = run(direction, prices, 0).closed;
        const paid = run(direction, prices, 0.001).closed;
        expect(paid.state.trades).toBe(free.state.trades);
        expect(free.state.fees).toBe(0n);
        expect(paid.pnl).toBe(free.pnl - paid.state.fees);
        if (paid.state.trades > 0) expect(paid.pnl).toBeLessThan(free.pnl);
      }),
      { numRuns: 200 },
    );
  });
});
