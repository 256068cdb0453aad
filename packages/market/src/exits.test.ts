// Risk exits as the investor sets them: each is driven through by a price path, and what
// the robot then holds (cash, realised PnL, levels) is checked to the unit.
import { describe, expect, it } from 'vitest';
import { feePpm, paperFill } from './execution.ts';
import {
  backtestExits,
  exitReached,
  nextLevel,
  stepWithExits,
  trail,
  type RobotExits,
} from './exits.ts';
import { createGrid, valueGrid, type Direction, type GridParams, type GridState } from './grid.ts';
import { MARKETS, SCALE } from './markets.ts';
import { units } from './test-helpers.ts';

const grid = (direction: Direction, principal = '1000', price = '180'): GridState =>
  createGrid(
    {
      market: 'SOL/USDT',
      direction,
      lower: units('140'),
      upper: units('220'),
      gridCount: 20,
    } satisfies GridParams,
    units(principal),
    units(price),
  ).state;

/** Steps the grid through prices; stops at the first exit. */
function drive(state: GridState, prices: string[], exits: RobotExits) {
  let steps = 0;
  for (const price of prices) {
    const step = stepWithExits(state, units(price), exits);
    state = step.state;
    steps += 1;
    if (step.end) return { state, end: step.end, steps, price };
  }
  return { state, end: null, steps, price: prices[prices.length - 1]! };
}

describe('take-profit and stop-loss', () => {
  it('a long grid stops out below its stop-loss price and ends closed, its loss realised', () => {
    const start = grid('long');
    const path = ['175', '170', '165', '160.01', '160', '150'];
    const result = drive(start, path, {
      stopLossPrice: units('160'),
      takeProfitPrice: units('200'),
    });
    expect(result).toMatchObject({ end: 'stop_loss_price', steps: 5, price: '160' });
    expect(result.state.closed).toBe(true);
    expect(result.state.position).toBe(0n);
    // everything is cash again: the principal plus what it made or lost, fees paid
    expect(result.state.cash).toBe(result.state.principal + result.state.realised);
    expect(result.state.realised).toBeLessThan(0n);
  });

  it('a long grid takes profit at its take-profit price; the price between the two ends nothing', () => {
    const exits = { stopLossPrice: units('160'), takeProfitPrice: units('200') };
    expect(drive(grid('long'), ['179', '190', '199.99'], exits).end).toBe(null);
    const result = drive(grid('long'), ['185', '195', '200'], exits);
    expect(result.end).toBe('take_profit_price');
    expect(result.state.realised).toBeGreaterThan(0n);
    expect(result.state.cash).toBe(result.state.principal + result.state.realised);
  });

  it("a short grid's profit is below: its take-profit is under the price, its stop-loss over it", () => {
    const exits = { takeProfitPrice: units('170'), stopLossPrice: units('190') };
    expect(exitReached(grid('short'), units('169'), exits)).toBe('take_profit_price');
    expect(exitReached(grid('short'), units('191'), exits)).toBe('stop_loss_price');
    expect(exitReached(grid('short'), units('180'), exits)).toBe(null);
  });

  it('stops on total return: the first price whose return reaches -5% ends it, not one before', () => {
    const falling = Array.from({ length: 200 }, (_, i) => (180 * Math.pow(0.998, i)).toFixed(2));
    const result = drive(grid('long'), falling, { stopLossPct: 0.05 });
    expect(result.end).toBe('stop_loss_pct');
    // the return at the price before the exit was above -5%
    const before = drive(grid('long'), falling.slice(0, result.steps - 1), {});
    const marked = valueGrid(before.state, units(falling[result.steps - 2]!));
    expect(Number(marked.pnl) / 1000e8).toBeGreaterThan(-0.05);
    expect(result.state.closed).toBe(true);
  });

  it('takes profit on total return, performance fees already paid counted against it', () => {
    const state = grid('long');
    const price = units('190');
    const pnl = valueGrid(state, price).pnl;
    const rate = Number(pnl) / Number(state.principal);
    expect(exitReached(state, price, { takeProfitPct: rate })).toBe('take_profit_pct');
    expect(exitReached(state, price, { takeProfitPct: rate }, 1_000_000n)).toBe(null);
  });
});

describe('trailing', () => {
  it('shifts a long grid up one level when the price leaves the top; the lowest buy moves to the old top', () => {
    let state = grid('long');
    for (const price of ['160', '190', '221']) {
      state = stepWithExits(state, units(price), {}).state;
    }
    const top = state.levels[20]!;
    const exits = { trailingUp: true, trailingLimitHigh: units('300') };
    const next = nextLevel(state, 'up')!;
    const result = trail(state, units('221'), exits);
    expect(result).toMatchObject({ shifted: 'up', refused: null, fills: [] });
    expect(result.state.levels).toEqual([...state.levels.slice(1), next]);
    expect(result.state.params).toMatchObject({ lower: state.levels[1], upper: next });
    // equal ratios kept, to the tick
    expect(Number(next) / Number(top)).toBeCloseTo(Number(top) / Number(state.levels[19]), 4);
    expect(result.state.buyBelow).toBe(top);
    expect(result.state.cash).toBe(state.cash);
    // the new buy is what the free cash pays for: less than a full slot, above the minimum
    const fresh = result.state.slots[19]!;
    expect(fresh.quantity).toBeLessThan(state.quantity);
    expect((fresh.quantity! * top) / SCALE).toBeGreaterThanOrEqual(MARKETS['SOL/USDT'].minOrder);
    let reserved = 0n;
    result.state.slots.forEach((slot, i) => {
      const quote = ((slot.quantity ?? state.quantity) * result.state.levels[i]!) / SCALE;
      reserved += quote + quote / 1000n + 1n;
    });
    expect(reserved).toBeLessThanOrEqual(result.state.cash);
    // and it trades: the price back under the old top buys exactly that
    const back = stepWithExits(result.state, units('217'), exits);
    expect(back.fills).toEqual([
      expect.objectContaining({ side: 'buy', quantity: fresh.quantity, price: top }),
    ]);
  });

  it('does not pass the trailing limit', () => {
    let state = grid('long');
    state = stepWithExits(state, units('221'), {}).state;
    const result = trail(state, units('221'), {
      trailingUp: true,
      trailingLimitHigh: units('224'),
    });
    expect(result).toMatchObject({ shifted: null, refused: 'limit' });
    expect(result.state).toBe(state);
  });

  it('refuses a shift up whose buy the free cash cannot make worth the minimum order', () => {
    // a small grid started at the top: it bought nothing, so no sale paid for a higher
    // buy, and the lowest buy's cash buys less than 5 USDT at the new level
    let state = grid('long', '80', '219');
    state = stepWithExits(state, units('221'), {}).state;
    const result = trail(state, units('221'), { trailingUp: true });
    expect(result).toMatchObject({ shifted: null, refused: 'below_minimum' });
    expect(result.state).toBe(state);
  });

  it('trailing down sells the top slot at market and buys lower, until the order would be under the minimum', () => {
    const start = grid('long', '200');
    const exits = { trailingDown: true };
    let state = stepWithExits(start, units('139'), {}).state; // every slot bought
    const topEntry = state.slots[19]!.entry;
    const first = trail(state, units('139'), exits);
    expect(first.shifted).toBe('down');
    // the top slot's coin is sold at 139, taker fee, and its loss realised
    const sale = paperFill(
      { market: 'SOL/USDT', side: 'sell', quantity: state.quantity, slot: 19 },
      units('139'),
      feePpm(0.001),
    );
    expect(first.fills).toEqual([sale]);
    expect(first.state.realised - state.realised).toBe(sale.quote - sale.fee - topEntry);
    expect(first.state.levels[0]).toBe(nextLevel(state, 'down'));
    expect(first.state.slots[0]).toMatchObject({ kind: 'long', open: false, entry: 0n });

    // a slow slide: one shift at a time, each new bottom bought with the top's sale, until
    // the order that would follow is worth less than the market's 5 USDT
    const min = MARKETS['SOL/USDT'].minOrder;
    let refused = null;
    let shifts = 0;
    for (let i = 0; i < 1000 && !refused; i++) {
      const price = units((139 * Math.pow(0.999, i)).toFixed(2));
      const step = stepWithExits(state, price, exits);
      if (step.shifted) shifts += 1;
      state = step.state;
      refused = step.refused;
    }
    expect(refused).toBe('below_minimum');
    expect(shifts).toBeGreaterThan(3);
    // every resting order placed by a shift was worth at least the minimum
    state.slots.forEach((slot, i) => {
      if (slot.quantity !== undefined && !slot.open) {
        expect((slot.quantity * state.levels[i]!) / SCALE).toBeGreaterThanOrEqual(min);
      }
    });
    expect(state.cash).toBeGreaterThanOrEqual(0n);
    expect(valueGrid(state, state.levels[0]!).pnl).toBeLessThan(0n);
  });
});

describe('backtest with exits', () => {
  const candles = (prices: string[]) =>
    prices.map((p, i) => {
      const price = units(p);
      return { ts: i * 60_000, open: price, high: price, low: price, close: price, volume: 1 };
    });
  const params: GridParams = {
    market: 'SOL/USDT',
    direction: 'long',
    lower: units('140'),
    upper: units('220'),
    gridCount: 20,
  };

  it('waits for the trigger, then ends at the stop-loss, saying when', () => {
    const result = backtestExits({
      params,
      principal: units('1000'),
      candles: candles(['180', '178', '175', '172', '165', '158', '150']),
      exits: { stopLossPrice: units('160') },
      trigger: units('175'),
    });
    expect(result).toMatchObject({ startedAt: 120_000, end: 'stop_loss_price', endedAt: 300_000 });
    expect(result.totalReturn).toBeLessThan(0);
  });

  it('a trigger never reached: the robot would still be waiting, and made nothing', () => {
    const result = backtestExits({
      params,
      principal: units('1000'),
      candles: candles(['180', '181', '182']),
      exits: {},
      trigger: units('150'),
    });
    expect(result).toEqual({
      startedAt: null,
      end: null,
      endedAt: null,
      totalReturn: 0,
      shifts: 0,
    });
  });
});
