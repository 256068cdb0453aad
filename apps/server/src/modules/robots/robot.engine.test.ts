// The robot engine on a seeded market, driven by a ManualClock: exact reproducible PnL,
// a restart that neither loses nor repeats a fill, settle once, stop returning exactly
// what the robot holds, and a long robot losing on a falling market.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DAY_MS,
  DEFAULT_MAKER_FEE_RATE,
  SimulatedFeed,
  applyFills,
  autoGridParams,
  createGrid,
  onPrice,
  parseGrid,
  type Fill,
  type GridParams,
  type MarketId,
  type Tick,
} from '@olive/market';
import { formatAmount, parseAmount } from '@olive/protocol';
import { sql } from 'kysely';
import { register } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { translate } from '../../i18n/index.ts';
import { ManualClock } from '../../ports/clock.ts';
import { auditRepository } from '../ledger/audit.repository.ts';
import { auditService } from '../ledger/audit.service.ts';
import { platformAccount, userAccount } from '../ledger/ledger.service.ts';
import { createFeed, marketDataService } from '../market/market-data.service.ts';
import { marketRepository } from '../market/market.repository.ts';
import { robotEngine } from './robot.engine.ts';

const EPOCH = '2026-01-01T00:00:00Z';
const T0 = Date.parse('2026-02-02T12:00:00Z');
const STEP_MS = 30_000; // the engine samples every 30 s here (1 s in production)
const clock = new ManualClock(new Date(T0));
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { MARKET_EPOCH: EPOCH } });
});
afterAll(() => t.close());

/** An engine as a freshly started worker builds it: its own feed, memory from the DB. */
function freshEngine() {
  const marketData = marketDataService({
    ...createFeed(t.config, clock),
    repo: marketRepository(t.db),
    clock,
  });
  const { robotRepo, ledger } = t.app.services;
  return robotEngine({ repo: robotRepo, ledger, marketData, clock, log: quiet });
}

async function run(engine: ReturnType<typeof freshEngine>, ticks: number) {
  let fills = 0;
  for (let i = 0; i < ticks; i++) {
    clock.advance(STEP_MS);
    const report = await engine.tick();
    expect(report.stale).toBe(0);
    fills += report.fills;
  }
  return fills;
}

/** The same robot replayed on the pure strategy, uninterrupted: the fills it must make. */
function reference(start: number, ticks: number, params: GridParams, principal: bigint) {
  let now = start;
  const feed = new SimulatedFeed({
    seed: t.config.MARKET_SEED,
    start: Date.parse(EPOCH),
    clock: { now: () => new Date(now) },
  });
  const market = params.market;
  feed.history(market, now - 30 * DAY_MS, now);
  const first = feed.latest(market);
  const opened = createGrid(params, principal, first.price, 0.001, first.ts);
  let state = opened.state;
  const fills: Fill[] = [...opened.fills];
  for (let i = 0; i < ticks; i++) {
    now += STEP_MS;
    feed.sync();
    const tick = feed.latest(market);
    const step = onPrice(state, tick.price, DEFAULT_MAKER_FEE_RATE, tick.ts);
    fills.push(...step.fills);
    state = step.state;
  }
  return { params, fills };
}

async function investor(amount: string) {
  const user = await register(t);
  await t.app.services.ledger.post({
    kind: 'deposit',
    idempotencyKey: `test-deposit:${user.userId}`,
    postings: [
      { account: platformAccount('custody', 'erc20'), amount: -parseAmount(amount) },
      { account: userAccount(user.userId, 'available'), amount: parseAmount(amount) },
    ],
  });
  const call = <T = Record<string, string>>(path: string, body: Record<string, string> = {}) =>
    t.call<T>(path, body, user.headers);
  return { user, call };
}

const balanceOf = async (u: Awaited<ReturnType<typeof investor>>) =>
  (await u.call<{ balance: string }>('/api/user/userinfo')).data!.balance;
const entries = async () =>
  Number(
    (
      await t.db
        .selectFrom('journal_entries')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const robotRow = (id: string) =>
  t.db.selectFrom('robots').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const audit = () => auditService(auditRepository(t.db)).run();

/**
 * These tests check the engine's fills to the unit for a given grid, so each robot trades
 * a fixed grid: the volatility rule's range and count at the moment it starts (43 grids
 * over SOL's ±13% here), written over the walk-forward choice it was created with.
 */
async function pinGrid(robotId: string, principal: bigint) {
  const { marketData } = t.app.services;
  const market = 'SOL/USDT';
  const params = autoGridParams({
    market,
    direction: 'long',
    candles: await marketData.lastMonth(market),
    price: (await marketData.tick(market)).price,
    principal,
  });
  await t.db
    .updateTable('robots')
    .set({
      range_low: params.lower.toString(),
      range_high: params.upper.toString(),
      grid_count: params.gridCount,
    })
    .where('id', '=', robotId)
    .execute();
}

/**
 * A started robot on the investor's own grid: 10 steps of about 0.4% over ±2% around BNB's
 * price. `at(ratio)` is that price times `ratio`, on the market's tick.
 */
async function ownGridRobot() {
  const trader = await investor('1000');
  const market: MarketId = 'BNB/USDT';
  const p0 = (await t.app.services.marketData.tick(market)).price;
  const at = (ratio: number) => (BigInt(Math.round(Number(p0) * ratio)) / 1_000_000n) * 1_000_000n;
  const created = await trader.call<{ robot_id: string }>('/api/user/quancreate', {
    market,
    direction: 'neutral',
    principal: '500',
    range_low: formatAmount(at(0.98)),
    range_high: formatAmount(at(1.02)),
    grids: '10',
  });
  const id = created.data!.robot_id;
  await trader.call('/api/user/openquan', { robot_id: id, action: 'start' });
  return { trader, market, at, id, started: parseGrid((await robotRow(id)).grid_state!) };
}

describe('robot engine', () => {
  let owner: Awaited<ReturnType<typeof investor>>;
  let robotId = '';

  it('trades a seeded market to exact figures; a restarted engine neither loses nor repeats a fill', async () => {
    owner = await investor('2000');
    const created = await owner.call<{ robot_id: string }>('/api/user/quancreate', {
      market: 'SOL/USDT',
      principal: '1000',
      direction: 'long',
    });
    robotId = created.data!.robot_id;
    await pinGrid(robotId, parseAmount('1000'));
    expect(
      (await owner.call('/api/user/openquan', { robot_id: robotId, action: 'start' })).code,
    ).toBe(1);

    // 3 hours on one engine; then it is dropped (a killed worker) and a new one, with its
    // own feed and only the database to go on, first re-runs the same moment and then
    // carries on for 3 more hours.
    const { robotRepo, ledger, marketData } = t.app.services;
    await run(robotEngine({ repo: robotRepo, ledger, marketData, clock, log: quiet }), 360);
    const restarted = freshEngine();
    expect((await restarted.tick()).fills).toBe(0);
    expect(restarted.size).toBe(1);
    await run(restarted, 360);

    // the range and count the robot was created with (the walk-forward choice)
    const row = await robotRow(robotId);
    const params: GridParams = {
      market: 'SOL/USDT',
      direction: 'long',
      lower: BigInt(row.range_low),
      upper: BigInt(row.range_high),
      gridCount: row.grid_count,
    };
    const expected = reference(T0, 720, params, parseAmount('1000'));
    const trades = await t.db
      .selectFrom('robot_trades')
      .selectAll()
      .where('robot_id', '=', robotId)
      .orderBy('seq')
      .execute();
    let state = createGrid(expected.params, parseAmount('1000'), expected.fills[0]!.price).state;
    state = { ...state, realised: 0n };
    const rows = expected.fills.map((fill, i) => {
      const before = i === 0 ? 0n : state.realised;
      if (i > 0) state = applyFills(state, [fill]);
      return {
        seq: i + 1,
        kind: fill.side,
        price: fill.price.toString(),
        quantity: fill.quantity.toString(),
        amount: fill.quote.toString(),
        fee: fill.fee.toString(),
        pnl: (i === 0 ? 0n : state.realised - before).toString(),
        created_at: new Date(fill.ts),
      };
    });
    expect(
      trades.map(({ seq, kind, price, quantity, amount, fee, pnl, created_at }) => ({
        seq,
        kind,
        price,
        quantity,
        amount,
        fee,
        pnl,
        created_at,
      })),
    ).toEqual(rows);

    const info = await owner.call<Record<string, unknown>>('/api/user/quaninfo', {
      robot_id: robotId,
    });
    expect(trades).toHaveLength(7);
    expect(info.data).toEqual({
      robot_id: robotId,
      name: 'SOL/USDT Long grid',
      market: 'SOL/USDT',
      direction: 'long',
      status: 'running',
      disabled: false,
      principal: '1000',
      current_principal: '1000',
      current_earnings: '12.60068264',
      realised: '1.77363424',
      unrealised: '10.8270484',
      settled_total: '0',
      // Settle would pay the realised profit (the grid holds more cash than that).
      settleable: '1.77363424',
      fees: '0.53131736',
      cumulative_earnings: '12.60068264',
      cumulative_yield_rate: '0.01260068',
      profit_count: 5,
      trade_count: 7,
      expected_daily_yield: expect.stringMatching(/^-?0(\.\d+)?$/),
      range_low: '150.03',
      range_high: '194.5',
      grids: 43,
      grid_type: 'geometric',
      grid_profit: '1.77363424',
      floating_pnl: '10.8270484',
      annualised_return: '18.3970',
      trades_per_day: '28.0',
      orders: expect.any(Array),
      started_at: '2026-02-02T12:00:00.000Z',
      ended_at: '',
      duration_seconds: 21600,
      created_at: '2026-02-02T12:00:00.000Z',
      take_profit_price: '',
      stop_loss_price: '',
      take_profit_pct: '',
      stop_loss_pct: '',
      trigger_price: '',
      trailing_up: 0,
      trailing_down: 0,
      trailing_limit_high: '',
      trailing_limit_low: '',
      end_reason: '',
      // its record from its own fills: six hours, so every ROI is since its start; the
      // coin alone rose more than the long grid earned; no full day for a Sharpe ratio yet
      roi_7d: '0.01260068',
      roi_30d: '0.01260068',
      roi_90d: '0.01260068',
      max_drawdown: '0.00380964',
      sharpe: '',
      round_trips: 5,
      buy_and_hold_return: '0.02763142',
      public: false,
      profit_share_pct: 10,
      copiers: 0,
      shares_earned: '0',
      copied_from: '',
      copy_share_pct: 0,
      shares_paid: '0',
    });
    // one resting order per slot: buys below the price, sells above, at the grid's levels
    const orders = info.data!.orders as { side: string; price: string; amount: string }[];
    expect(orders).toHaveLength(43);
    expect(orders[0]).toEqual({ side: 'buy', price: '150.03', amount: '0.14' });
    expect(orders.at(-1)).toMatchObject({ side: 'sell', price: '194.5' });
    const held = await t.app.services.robotRepo.balances(t.db, owner.user.userId, robotId);
    expect(formatAmount(held.pnl)).toBe(info.data!.realised);
    expect((await audit()).ok).toBe(true);
  });

  it('settles realised profit less the performance fee once; the grid trades on without it', async () => {
    const before = await robotRow(robotId);
    const gridBefore = parseGrid(before.grid_state!);
    const fees = await t.app.services.ledger.platformBalance('fee_revenue');
    const settled = await owner.call<Record<string, string>>('/api/user/openquan', {
      robot_id: robotId,
      action: 'settle',
    });
    // 1.77363424 realised: 20% (0.35472684, rounded down) to the platform, the rest paid.
    expect(settled).toMatchObject({
      code: 1,
      msg: translate('en', 'robot.settled'),
      data: {
        status: 'running',
        realised: '1.77363424',
        settled_total: '1.4189074',
        settleable: '0',
        current_earnings: '10.8270484',
        cumulative_earnings: '12.2459558',
      },
    });
    expect(await balanceOf(owner)).toBe('1001.4189074');
    expect((await t.app.services.ledger.platformBalance('fee_revenue')) - fees).toBe(35_472_684n);
    const after = await robotRow(robotId);
    expect(parseGrid(after.grid_state!).cash).toBe(gridBefore.cash - 177_363_424n);
    expect(after.version).toBe(before.version + 1);

    const count = await entries();
    const again = await owner.call('/api/user/openquan', {
      robot_id: robotId,
      action: 'settle',
      lang: 'ja',
    });
    expect(again).toMatchObject({ code: 0, msg: translate('ja', 'robot.nothing_to_settle') });
    expect(await entries()).toBe(count);
    expect(await balanceOf(owner)).toBe('1001.4189074');

    // The engine notices the new version, reloads the robot and trades on.
    const engine = freshEngine();
    await run(engine, 120);
    const log = await owner.call<{ list: { kind: string; amount: string; fee: string }[] }>(
      '/api/user/quanlog',
      { robot_id: robotId, limit: '100' },
    );
    expect(log.data!.list.filter((r) => r.kind === 'settle')).toEqual([
      expect.objectContaining({ kind: 'settle', amount: '1.4189074', fee: '0.35472684' }),
    ]);
  });

  it('stop closes at market and returns exactly what the robot holds; the audit holds', async () => {
    const before = parseAmount(await balanceOf(owner));
    const stopped = await owner.call<Record<string, string>>('/api/user/openquan', {
      robot_id: robotId,
      action: 'stop',
    });
    expect(stopped).toMatchObject({ code: 1, data: { status: 'ended', current_principal: '0' } });
    const row = await robotRow(robotId);
    const grid = parseGrid(row.grid_state!);
    expect(grid.closed && grid.position === 0n).toBe(true);
    // Flat, the grid's cash is principal + every realised PnL - what settle paid out...
    const returned = parseAmount(await balanceOf(owner)) - before;
    expect(returned).toBe(grid.cash);
    expect(returned).toBe(parseAmount('1000') + grid.realised - BigInt(row.settled_gross));
    // ...and exactly that left the robot's two accounts, which are now empty.
    const held = await t.app.services.robotRepo.balances(t.db, owner.user.userId, robotId);
    expect(held).toEqual({ principal: 0n, pnl: 0n });
    const log = await owner.call<{ list: { kind: string; amount: string; pnl: string }[] }>(
      '/api/user/quanlog',
      { robot_id: robotId },
    );
    expect(log.data!.list[0]).toMatchObject({
      kind: 'stop',
      amount: formatAmount(returned),
      pnl: formatAmount(grid.realised),
    });
    const detail = await owner.call<{ pnl_series: unknown[]; trades: unknown[] }>(
      '/api/user/quandetail',
      { robot_id: robotId },
    );
    expect(detail.data!.pnl_series.length).toBeGreaterThan(300);
    expect(detail.data!.trades.length).toBeGreaterThan(7);
    expect(
      await owner.call('/api/user/openquan', { robot_id: robotId, action: 'stop' }),
    ).toMatchObject({
      code: 0,
      msg: translate('en', 'robot.already_ended'),
    });
    const report = await audit();
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
  });

  it('a long robot on a falling market loses money and shows it', async () => {
    clock.advance(T0 + 78 * 3_600_000 - clock.now().getTime());
    const loser = await investor('1000');
    const { data } = await loser.call<{ robot_id: string }>('/api/user/quancreate', {
      market: 'SOL/USDT',
      principal: '1000',
      direction: 'long',
    });
    const id = data!.robot_id;
    await pinGrid(id, parseAmount('1000'));
    await loser.call('/api/user/openquan', { robot_id: id, action: 'start' });
    const { robotRepo, ledger, marketData } = t.app.services;
    await run(robotEngine({ repo: robotRepo, ledger, marketData, clock, log: quiet }), 720);
    const info = await loser.call<Record<string, string>>('/api/user/quaninfo', { robot_id: id });
    // SOL falls in these 6 hours: no round trip completes and the bought grid is under water.
    expect(info.data).toMatchObject({
      status: 'running',
      current_principal: '1000',
      realised: '0',
      unrealised: '-9.94198132',
      current_earnings: '-9.94198132',
      cumulative_earnings: '-9.94198132',
      cumulative_yield_rate: '-0.00994198',
      profit_count: 0,
      trade_count: 4,
    });
    const stopped = await loser.call<Record<string, string>>('/api/user/openquan', {
      robot_id: id,
      action: 'stop',
    });
    // Closing at market realises the loss; the robot returns less than it was given.
    expect(stopped.data).toMatchObject({
      status: 'ended',
      current_principal: '0',
      realised: '-10.52433298',
      unrealised: '0',
      cumulative_earnings: '-10.52433298',
      cumulative_yield_rate: '-0.01052433',
      trade_count: 26,
    });
    expect(await balanceOf(loser)).toBe('989.47566702');
    const losses = await t.db
      .selectFrom('journal_entries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('kind', '=', 'robot_loss')
      .where('reference', '=', `robot:${id}`)
      .executeTakeFirstOrThrow();
    expect(Number(losses.n)).toBeGreaterThan(0);
    type Rank = { list: { robot_id: string; return_rate: string }[] };
    // The leaderboard shows robots that have run at least a day (issue 32): both ran 6 hours.
    const young = await t.call<Rank>('/api/user/quanrank', { period: '7d' });
    expect(young.data!.list).toEqual([]);
    // Started a day earlier, with the same fills: ranked by the same figures.
    await t.db
      .updateTable('robots')
      .set((eb) => ({ started_at: sql`${eb.ref('started_at')} - interval '1 day'` }))
      .where('id', 'in', [robotId, id])
      .execute();
    const rank = await t.call<Rank>('/api/user/quanrank', { period: '7d' });
    expect(rank.data!.list).toEqual([
      expect.objectContaining({ rank: 1, robot_id: robotId, return_rate: '0.01313586' }),
      expect.objectContaining({
        rank: 2,
        robot_id: id,
        nickname: expect.stringMatching(/^.{2}\*\*\*$/),
        return_rate: '-0.01052433',
        runtime_seconds: 21600 + 86400,
        principal: '1000',
      }),
    ]);
    expect((await audit()).ok).toBe(true);
  });

  it('settles a profitable robot exactly on a fixed price path; two settles at once pay once', async () => {
    const { marketData, robotRepo, ledger } = t.app.services;
    const { trader, market, at, id, started } = await ownGridRobot();
    let state = started;

    // A fixed path: the price swings ±1.5% around where it started, so resting orders on
    // both sides fill at their levels and buy-sell pairs complete at a profit.
    const swings = [0.985, 1.015, 0.985, 1.015, 0.985, 1.0];
    let step = 0;
    const path = {
      ...marketData,
      latest: (m: MarketId): Tick =>
        m === market
          ? { market, ts: clock.now().getTime(), price: at(swings[step]!) }
          : marketData.latest(m),
    };
    const engine = robotEngine({ repo: robotRepo, ledger, marketData: path, clock, log: quiet });
    const drive = async (count: number) => {
      for (let i = 0; i < count; i++, step++) {
        clock.advance(STEP_MS);
        await engine.tick();
        const fill = onPrice(state, at(swings[step]!), DEFAULT_MAKER_FEE_RATE, 0);
        state = fill.state;
      }
    };
    await drive(4);
    expect(state.realised).toBeGreaterThan(0n);
    const stored = parseGrid((await robotRow(id)).grid_state!);
    expect(stored.realised).toBe(state.realised);

    // settle: the realised profit less 20%, rounded down for the platform, to the unit
    const gross = state.realised;
    const fee = (gross * 20_000_000n) / 100_000_000n;
    const balance = parseAmount(await balanceOf(trader));
    const revenue = await ledger.platformBalance('fee_revenue');
    const settled = await trader.call<Record<string, string>>('/api/user/openquan', {
      robot_id: id,
      action: 'settle',
    });
    expect(settled).toMatchObject({
      code: 1,
      data: { settled_total: formatAmount(gross - fee), grid_profit: formatAmount(gross) },
    });
    expect(parseAmount(await balanceOf(trader)) - balance).toBe(gross - fee);
    expect((await ledger.platformBalance('fee_revenue')) - revenue).toBe(fee);

    // more profit, then two settles at the same moment: one pays, the other finds nothing
    await drive(2);
    const more = parseGrid((await robotRow(id)).grid_state!).realised - gross;
    expect(more).toBeGreaterThan(0n);
    const before = parseAmount(await balanceOf(trader));
    const replies = await Promise.all(
      [0, 1].map(() => trader.call('/api/user/openquan', { robot_id: id, action: 'settle' })),
    );
    expect(replies.map((r) => r.code).sort()).toEqual([0, 1]);
    expect(replies.find((r) => r.code === 0)!.msg).toBe(translate('en', 'robot.nothing_to_settle'));
    const moreFee = (more * 20_000_000n) / 100_000_000n;
    expect(parseAmount(await balanceOf(trader)) - before).toBe(more - moreFee);
    const settles = await t.db
      .selectFrom('journal_entries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('kind', '=', 'robot_settle')
      .where('reference', '=', `robot:${id}`)
      .executeTakeFirstOrThrow();
    expect(Number(settles.n)).toBe(2);
    expect((await audit()).ok).toBe(true);
  });

  it("runs a robot's transaction again after a deadlock: its fills are booked once", async () => {
    const { marketData, robotRepo, ledger } = t.app.services;
    const { market, at, id, started } = await ownGridRobot();
    let state = started;
    let price = at(0.985);
    const path = {
      ...marketData,
      latest: (m: MarketId): Tick =>
        m === market ? { market, ts: clock.now().getTime(), price } : marketData.latest(m),
    };
    // The first entry of each tick is written, then its transaction fails as PostgreSQL
    // fails the loser of a deadlock: all of that transaction's writes are rolled back.
    let deadlocks = 0;
    let failNext = false;
    const failing = {
      ...ledger,
      post: async (...args: Parameters<typeof ledger.post>) => {
        const posted = await ledger.post(...args);
        if (args[1] && failNext) {
          failNext = false;
          deadlocks += 1;
          throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
        }
        return posted;
      },
    };
    const engine = robotEngine({
      repo: robotRepo,
      ledger: failing,
      marketData: path,
      clock,
      log: quiet,
    });
    for (const ratio of [0.985, 1.015, 0.985, 1.015]) {
      price = at(ratio);
      failNext = true;
      clock.advance(STEP_MS);
      const report = await engine.tick();
      expect(report.stale).toBe(0);
      state = onPrice(state, price, DEFAULT_MAKER_FEE_RATE, 0).state;
    }
    expect(deadlocks).toBeGreaterThan(2);
    const row = await robotRow(id);
    expect(parseGrid(row.grid_state!).realised).toBe(state.realised);
    expect(state.realised).toBeGreaterThan(0n);
    // One trade row per fill number, one entry per trade that moved realised profit.
    const trades = await t.db
      .selectFrom('robot_trades')
      .select(['seq', 'pnl'])
      .where('robot_id', '=', id)
      .orderBy('seq')
      .execute();
    expect(trades.map((r) => Number(r.seq))).toEqual(
      Array.from({ length: Number(row.last_seq) }, (_, i) => i + 1),
    );
    const booked = await t.db
      .selectFrom('journal_entries')
      .select('idempotency_key')
      .where('reference', '=', `robot:${id}`)
      .where('kind', 'in', ['robot_profit', 'robot_loss'])
      .execute();
    expect(booked.length).toBe(trades.filter((r) => BigInt(r.pnl) !== 0n).length);
    const pnl = await t.db
      .selectFrom('accounts')
      .select('balance')
      .where('kind', '=', 'robot_pnl')
      .where('subkey', '=', id)
      .executeTakeFirstOrThrow();
    expect(BigInt(pnl.balance)).toBe(state.realised);
    expect((await audit()).ok).toBe(true);
  });

  it('reads each second only what moved: a new robot, a changed one, one that ended', async () => {
    const repo = t.app.services.robotRepo;
    const a = await ownGridRobot();
    const b = await ownGridRobot();
    // Holding every running robot at its version, nothing running comes back.
    const held = (await repo.liveVersions()).filter((r) => r.status === 'running');
    const known = { ids: held.map((r) => r.id), versions: held.map((r) => r.version) };
    const moved = async () =>
      (await repo.liveChanges(known))
        .filter((r) => r.status !== 'waiting')
        .map((r) => ({ id: r.id, running: r.status === 'running' }));
    expect(await moved()).toEqual([]);

    const c = await ownGridRobot(); // new
    await repo.update(t.db, b.id, { profit_share_pct: 20 }); // changed (version moved on)
    await a.trader.call('/api/user/openquan', { robot_id: a.id, action: 'stop' }); // ended
    const rows = await moved();
    expect(rows).toHaveLength(3);
    expect(rows).toEqual(
      expect.arrayContaining([
        { id: c.id, running: true },
        { id: b.id, running: true },
        { id: a.id, running: false },
      ]),
    );
    // A fresh engine holds nothing: every running robot is new to it.
    const all = await repo.liveChanges({ ids: [], versions: [] });
    expect(all.filter((r) => r.status === 'running')).toHaveLength(held.length);
  });
});
