// Risk exits on the simulator: each exit (take-profit and stop-loss by price and by total
// return, the trigger price, trailing up and down) is driven through by a price path fed
// to the real engine, and the robot ends, starts or shifts as the investor set it, with
// the ledger's audit holding. Refusals name the field and change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGrid, type MarketId, type Tick } from '@olive/market';
import { formatAmount, parseAmount } from '@olive/protocol';
import { register } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { translate } from '../../i18n/index.ts';
import { ManualClock } from '../../ports/clock.ts';
import { auditRepository } from '../ledger/audit.repository.ts';
import { auditService } from '../ledger/audit.service.ts';
import { platformAccount, userAccount } from '../ledger/ledger.service.ts';
import { robotEngine } from './robot.engine.ts';
import { NO_EXITS, exitsOf, scaledExitInput } from './robot.exits.ts';

const clock = new ManualClock(new Date('2026-02-02T12:00:00Z'));
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const market: MarketId = 'BNB/USDT';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { MARKET_EPOCH: '2026-01-01T00:00:00Z' } });
});
afterAll(() => t.close());

async function investor(amount = '1000') {
  const user = await register(t);
  await t.app.services.ledger.post({
    kind: 'deposit',
    idempotencyKey: `test-deposit:${user.userId}`,
    postings: [
      { account: platformAccount('custody', 'erc20'), amount: -parseAmount(amount) },
      { account: userAccount(user.userId, 'available'), amount: parseAmount(amount) },
    ],
  });
  const call = <T = Record<string, unknown>>(path: string, body: Record<string, string> = {}) =>
    t.call<T>(path, body, user.headers);
  const balance = async () => (await call<{ balance: string }>('/api/user/userinfo')).data!.balance;
  return { user, call, balance };
}

type Robot = Record<string, string | number>;
/** A figure of the robot's (possibly negative) in 10^-8 units. */
const units = (figure: string | number | undefined) =>
  parseAmount(String(figure), { signed: true });
const audit = () => auditService(auditRepository(t.db)).run();
const robotRow = (id: string) =>
  t.db.selectFrom('robots').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Today's price times `ratio`, on BNB's 0.01 tick, as a decimal string and as units. */
async function prices() {
  const p0 = (await t.app.services.marketData.tick(market)).price;
  const at = (ratio: number) => (BigInt(Math.round(Number(p0) * ratio)) / 1_000_000n) * 1_000_000n;
  return { at, text: (ratio: number) => formatAmount(at(ratio)) };
}

/**
 * An engine fed a fixed path: each tick the price is today's times the next ratio (the
 * simulator's other markets unchanged), the clock moving 30 s a tick.
 */
function pathEngine(at: (ratio: number) => bigint) {
  const { marketData, robotRepo, ledger } = t.app.services;
  let ratio = 1;
  const feed = {
    ...marketData,
    latest: (m: MarketId): Tick =>
      m === market ? { market, ts: clock.now().getTime(), price: at(ratio) } : marketData.latest(m),
  };
  const engine = robotEngine({ repo: robotRepo, ledger, marketData: feed, clock, log: quiet });
  return async (ratios: number[]) => {
    const reports = [];
    for (const next of ratios) {
      ratio = next;
      clock.advance(30_000);
      reports.push(await engine.tick());
    }
    return reports;
  };
}

/** A robot on the investor's own grid: 10 steps over ±2% around the price, exits given. */
async function robot(
  direction: 'long' | 'short' | 'neutral',
  exits: (text: (ratio: number) => string) => Record<string, string>,
) {
  const trader = await investor();
  const { at, text } = await prices();
  const created = await trader.call<{ robot_id: string }>('/api/user/quancreate', {
    market,
    direction,
    principal: '500',
    range_low: text(0.98),
    range_high: text(1.02),
    grids: '10',
    ...exits(text),
  });
  expect(created).toMatchObject({ code: 1 });
  const id = created.data!.robot_id;
  const started = await trader.call<Robot>('/api/user/openquan', { robot_id: id, action: 'start' });
  expect(started.code).toBe(1);
  const info = async () => (await trader.call<Robot>('/api/user/quaninfo', { robot_id: id })).data!;
  return { trader, id, at, text, drive: pathEngine(at), info };
}

/** An ended robot holds nothing; its balance got back exactly principal + what it made. */
async function expectEndedAndPaidBack(r: Awaited<ReturnType<typeof robot>>, reason: string) {
  const info = await r.info();
  expect(info).toMatchObject({ status: 'ended', end_reason: reason, current_principal: '0' });
  // it was given 500 of the investor's 1000
  const made = parseAmount(await r.trader.balance()) - parseAmount('1000');
  expect(made).toBe(units(info.cumulative_earnings));
  expect((await audit()).ok).toBe(true);
  return info;
}

describe('take-profit and stop-loss on the simulator', () => {
  it('a long robot stops out when the price falls through its stop-loss price, and says why', async () => {
    const r = await robot('long', (p) => ({
      stop_loss_price: p(0.97),
      take_profit_price: p(1.05),
    }));
    expect(await r.info()).toMatchObject({
      status: 'running',
      stop_loss_price: r.text(0.97),
      take_profit_price: r.text(1.05),
      end_reason: '',
    });
    const reports = await r.drive([0.99, 0.975, 0.971]);
    expect(reports.map((x) => x.ended)).toEqual([0, 0, 0]);
    expect((await r.info()).status).toBe('running');
    const [last] = await r.drive([0.969]);
    expect(last!.ended).toBe(1);
    const info = await expectEndedAndPaidBack(r, 'stop_loss_price');
    // it held the bought grid while the price fell: a realised loss
    expect(units(info.cumulative_earnings)).toBeLessThan(0n);
    // the engine no longer trades it
    const [after] = await r.drive([0.9]);
    expect(after!.fills).toBe(0);
  });

  it('a short robot takes profit when the price falls to its take-profit price', async () => {
    const r = await robot('short', (p) => ({
      take_profit_price: p(0.975),
      stop_loss_price: p(1.04),
    }));
    await r.drive([0.99, 0.98]);
    expect((await r.info()).status).toBe('running');
    await r.drive([0.975]);
    const info = await expectEndedAndPaidBack(r, 'take_profit_price');
    expect(units(info.cumulative_earnings)).toBeGreaterThan(0n);
  });

  it('takes profit by total return, set on a running robot; stops out by total return', async () => {
    const r = await robot('neutral', () => ({}));
    await r.drive([0.985, 1.015]); // round trips: realised profit
    const edited = await r.trader.call<Robot>('/api/user/openquan', {
      robot_id: r.id,
      action: 'edit',
      take_profit_pct: '0.8',
    });
    expect(edited).toMatchObject({
      code: 1,
      msg: translate('en', 'robot.edited'),
      data: { status: 'running', take_profit_pct: '0.8' },
    });
    const sofar = Number((await r.info()).cumulative_yield_rate);
    expect(sofar).toBeLessThan(0.008);
    const swings = [0.985, 1.015, 0.985, 1.015, 0.985, 1.015, 0.985, 1.015, 0.985, 1.015];
    const reports = await r.drive(swings);
    const ended = reports.findIndex((x) => x.ended === 1);
    expect(ended).toBeGreaterThan(0);
    const info = await expectEndedAndPaidBack(r, 'take_profit_pct');
    // closed at market, its taker fees paid: a little under the 0.8% it reached
    expect(Number(info.cumulative_yield_rate)).toBeGreaterThan(0.007);

    const loser = await robot('long', () => ({ stop_loss_pct: '1' }));
    await loser.drive([0.995, 0.99]);
    expect((await loser.info()).status).toBe('running');
    await loser.drive([0.98, 0.975, 0.97, 0.96]);
    const lost = await expectEndedAndPaidBack(loser, 'stop_loss_pct');
    expect(Number(lost.cumulative_yield_rate)).toBeLessThan(-0.009);
  });
});

describe('trigger price', () => {
  it('waits until the price reaches the trigger, then opens its grid at that price', async () => {
    const r = await robot('neutral', (p) => ({ trigger_price: p(0.99) }));
    expect(await r.info()).toMatchObject({
      status: 'waiting',
      trigger_price: r.text(0.99),
      started_at: '',
    });
    expect((await robotRow(r.id)).grid_state).toBeNull();
    const waiting = await r.drive([1.0, 0.995, 0.9901]);
    expect(waiting.map((x) => x.triggered)).toEqual([0, 0, 0]);
    expect((await r.info()).status).toBe('waiting');
    const [crossed] = await r.drive([0.9899]);
    expect(crossed!.triggered).toBe(1);
    const info = await r.info();
    expect(info).toMatchObject({ status: 'running' });
    expect(info.started_at).not.toBe('');
    // a neutral grid opens flat: buys below the trigger's price, sells above it
    const state = parseGrid((await robotRow(r.id)).grid_state!);
    expect(state.buyBelow).toBeLessThan(r.at(0.9899));
    expect(state.sellAbove).toBeGreaterThan(r.at(0.9899));
    await r.trader.call('/api/user/openquan', { robot_id: r.id, action: 'stop' });
    await expectEndedAndPaidBack(r, 'stopped');
  });

  it('a waiting robot stopped returns its whole principal; the trigger cannot be set once running', async () => {
    const r = await robot('long', (p) => ({ trigger_price: p(1.01) }));
    const refused = await r.trader.call('/api/user/openquan', { robot_id: r.id, action: 'start' });
    expect(refused).toMatchObject({ code: 0, msg: translate('en', 'robot.already_waiting') });
    await r.trader.call('/api/user/openquan', { robot_id: r.id, action: 'stop' });
    expect(await r.trader.balance()).toBe('1000');
    expect(await r.info()).toMatchObject({ status: 'ended', end_reason: 'stopped' });

    const running = await robot('long', () => ({}));
    const reply = await running.trader.call('/api/user/openquan', {
      robot_id: running.id,
      action: 'edit',
      trigger_price: running.text(0.99),
    });
    expect(reply).toMatchObject({ code: 0, data: { field: 'trigger_price' } });
    expect((await running.info()).trigger_price).toBe('');
  });
  it('a waiting robot whose grid cannot open at the trigger keeps waiting; the engine goes on', async () => {
    const r = await robot('neutral', (p) => ({ trigger_price: p(0.99) }));
    // a grid finer than the price tick cannot be built (as a principal too small for it)
    await t.db.updateTable('robots').set({ grid_count: 100_000 }).where('id', '=', r.id).execute();
    const reports = await r.drive([0.985, 0.98]);
    expect(reports.map((x) => x.triggered)).toEqual([0, 0]);
    expect(await r.info()).toMatchObject({ status: 'waiting', current_principal: '500' });
    // stopped, it gives its principal back whole
    await r.trader.call('/api/user/openquan', { robot_id: r.id, action: 'stop' });
    expect(await r.trader.balance()).toBe('1000');
  });
});

describe('trailing on the simulator', () => {
  it('trails up a level when the price leaves the top, up to its ceiling', async () => {
    const r = await robot('long', (p) => ({ trailing_up: '1', trailing_limit_high: p(1.03) }));
    const before = await r.info();
    await r.drive([1.01, 1.021]); // above the top: one shift
    const once = await r.info();
    expect(once.range_low).not.toBe(before.range_low);
    expect(parseAmount(String(once.range_high))).toBeGreaterThan(
      parseAmount(String(before.range_high)),
    );
    // the lowest buy moved to the old top
    const orders = once.orders as unknown as { side: string; price: string }[];
    expect(orders.some((o) => o.side === 'buy' && o.price === before.range_high)).toBe(true);
    // far above, one level per price until the ceiling
    await r.drive([1.05, 1.05, 1.05, 1.05, 1.05, 1.05]);
    const top = await r.info();
    expect(parseAmount(String(top.range_high))).toBeLessThanOrEqual(r.at(1.03));
    const [again] = await r.drive([1.05]);
    expect(again!.fills).toBe(0);
    expect((await r.info()).range_high).toBe(top.range_high);
    await r.trader.call('/api/user/openquan', { robot_id: r.id, action: 'stop' });
    await expectEndedAndPaidBack(r, 'stopped');
  });

  it('trails down a level when the price leaves the bottom, selling the top slot at market', async () => {
    const r = await robot('long', (p) => ({ trailing_down: '1', trailing_limit_low: p(0.97) }));
    const before = await r.info();
    await r.drive([0.99, 0.979]);
    const once = await r.info();
    expect(parseAmount(String(once.range_low))).toBeLessThan(parseAmount(String(before.range_low)));
    expect(parseAmount(String(once.range_high))).toBeLessThan(
      parseAmount(String(before.range_high)),
    );
    // the top slot's coin was sold at the price, realising its loss
    expect(units(once.realised)).toBeLessThan(0n);
    const log = await r.trader.call<{ list: { kind: string; price: string }[] }>(
      '/api/user/quanlog',
      { robot_id: r.id },
    );
    expect(log.data!.list[0]).toMatchObject({ kind: 'sell', price: r.text(0.979) });
    await r.trader.call('/api/user/openquan', { robot_id: r.id, action: 'stop' });
    await expectEndedAndPaidBack(r, 'stopped');
  });
});

describe('refusals name the field and change nothing', () => {
  it('refuses exits on the wrong side of the price, trailing limits inside the range, bad numbers', async () => {
    const u = await investor();
    const { text } = await prices();
    const own = {
      market,
      direction: 'long',
      principal: '500',
      range_low: text(0.98),
      range_high: text(1.02),
      grids: '10',
    };
    const robots = async () =>
      (await t.db.selectFrom('robots').select('id').where('user_id', '=', u.user.userId).execute())
        .length;
    const refusals: [Record<string, string>, string, string][] = [
      [{ take_profit_price: text(0.99) }, 'take_profit_price', 'robot.exit_above'],
      [{ stop_loss_price: text(1.01) }, 'stop_loss_price', 'robot.exit_below'],
      [
        { direction: 'short', take_profit_price: text(1.01) },
        'take_profit_price',
        'robot.exit_below',
      ],
      [
        { trigger_price: text(0.95), stop_loss_price: text(0.96) },
        'stop_loss_price',
        'robot.exit_below',
      ],
      [
        { trailing_up: '1', trailing_limit_high: text(1.01) },
        'trailing_limit_high',
        'robot.trailing_limit_inside',
      ],
      [
        { trailing_down: '1', trailing_limit_low: text(0.99) },
        'trailing_limit_low',
        'robot.trailing_limit_inside',
      ],
      [{ trailing_up: '1' }, 'trailing_limit_high', 'robot.trailing_limit_missing'],
      [{ stop_loss_pct: '100' }, 'stop_loss_pct', 'validation.at_most'],
      [{ take_profit_pct: '1.234' }, 'take_profit_pct', 'validation.decimals'],
      [{ trailing_down: '2' }, 'trailing_down', ''],
    ];
    for (const [body, field, key] of refusals) {
      for (const path of ['/api/user/quanpreview', '/api/user/quancreate']) {
        const reply = await u.call(path, { ...own, ...body, lang: 'de' });
        expect(reply, `${path} ${JSON.stringify(body)}`).toMatchObject({
          code: 0,
          data: { field },
        });
        if (key.startsWith('robot.')) {
          // the message names the field in the caller's language
          expect(reply.msg).toContain(translate('de', `field.${field}`));
        }
      }
    }
    expect(await robots()).toBe(0);
    expect(await u.balance()).toBe('1000');

    // on a running robot: the same checks, and the row is left as it was
    const r = await robot('long', (p) => ({ stop_loss_price: p(0.97) }));
    const row = await robotRow(r.id);
    const reply = await r.trader.call('/api/user/openquan', {
      robot_id: r.id,
      action: 'edit',
      stop_loss_price: r.text(0.96),
      take_profit_price: r.text(0.99),
    });
    expect(reply).toMatchObject({ code: 0, data: { field: 'take_profit_price' } });
    const same = await robotRow(r.id);
    expect(same.stop_loss_price).toBe(row.stop_loss_price);
    expect(same.version).toBe(row.version);
    // clearing with 0
    const cleared = await r.trader.call<Robot>('/api/user/openquan', {
      robot_id: r.id,
      action: 'edit',
      stop_loss_price: '0',
    });
    expect(cleared).toMatchObject({ code: 1, data: { stop_loss_price: '' } });
  });

  it('the preview replays the exits on the held-out days and says which was reached', async () => {
    const u = await investor();
    const { text } = await prices();
    const reply = await u.call<{ exits_backtest?: Record<string, string | number> }>(
      '/api/user/quanpreview',
      {
        market,
        direction: 'long',
        principal: '500',
        range_low: text(0.9),
        range_high: text(1.1),
        grids: '20',
        stop_loss_price: text(0.999),
        take_profit_price: text(1.001),
      },
    );
    expect(reply.code).toBe(1);
    // exits a hair from the price: one of them is reached on the held-out week
    expect(reply.data!.exits_backtest).toMatchObject({
      end_reason: expect.stringMatching(/^(take_profit_price|stop_loss_price)$/),
      started_at: expect.stringMatching(/^\d{4}-/),
      ended_at: expect.stringMatching(/^\d{4}-/),
    });
    const plain = await u.call<{ exits_backtest?: unknown }>('/api/user/quanpreview', {
      market,
      direction: 'long',
      principal: '500',
    });
    expect(plain.data!.exits_backtest).toBeUndefined();
  });
});

describe('exits carried to a robot started at another price (a copy)', () => {
  it('scales every exit price by the same ratio, keeps percentages and trailing, leaves out the rest', () => {
    const exits = exitsOf('BNB/USDT', {
      take_profit_price: '660',
      stop_loss_price: '540',
      stop_loss_pct: '12.5',
      trailing_down: 1,
      trailing_limit_low: '500',
    });
    // started at 600, copied at 630 (+5%)
    const copied = scaledExitInput('BNB/USDT', exits, parseAmount('600'), parseAmount('630'));
    expect(copied).toEqual({
      take_profit_price: '693',
      stop_loss_price: '567',
      stop_loss_pct: '12.5',
      trailing_down: 1,
      trailing_limit_low: '525',
    });
    // what the copy's create reads back is the same setting
    expect(exitsOf('BNB/USDT', copied)).toMatchObject({
      takeProfitPrice: parseAmount('693'),
      stopLossPct: '12.5',
      trailingDown: true,
      trailingUp: false,
    });
    expect(scaledExitInput('BNB/USDT', NO_EXITS, 1n, 2n)).toEqual({});
  });
});
