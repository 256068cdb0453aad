// The robot engine on a seeded market, driven by a ManualClock: exact reproducible PnL,
// a restart that neither loses nor repeats a fill, settle once, stop returning exactly
// what the robot holds, and a long robot losing on a falling market.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DAY_MS,
  SimulatedFeed,
  applyFills,
  autoGridParams,
  createGrid,
  onPrice,
  parseGrid,
  type Fill,
  type MarketId,
} from '@olive/market';
import { formatAmount, parseAmount } from '@olive/protocol';
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
const T0 = Date.parse('2026-02-01T00:00:00Z');
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
function reference(start: number, ticks: number, market: MarketId, principal: bigint) {
  let now = start;
  const feed = new SimulatedFeed({
    seed: t.config.MARKET_SEED,
    start: Date.parse(EPOCH),
    clock: { now: () => new Date(now) },
  });
  const candles = feed.history(market, now - 30 * DAY_MS, now);
  const first = feed.latest(market);
  const params = autoGridParams({
    market,
    direction: 'long',
    candles,
    price: first.price,
    principal,
  });
  const opened = createGrid(params, principal, first.price, 0.001, first.ts);
  let state = opened.state;
  const fills: Fill[] = [...opened.fills];
  for (let i = 0; i < ticks; i++) {
    now += STEP_MS;
    feed.sync();
    const tick = feed.latest(market);
    const step = onPrice(state, tick.price, 0.001, tick.ts);
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

    const expected = reference(T0, 720, 'SOL/USDT', parseAmount('1000'));
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
    expect(trades).toHaveLength(21);
    expect(info.data).toEqual({
      robot_id: robotId,
      name: 'SOL/USDT Long grid',
      market: 'SOL/USDT',
      direction: 'long',
      status: 'running',
      disabled: false,
      principal: '1000',
      current_principal: '1000',
      current_earnings: '2.64501767',
      realised: '0.76066702',
      unrealised: '1.88435065',
      settled_total: '0',
      fees: '0.76653233',
      cumulative_earnings: '2.64501767',
      cumulative_yield_rate: '0.00264501',
      profit_count: 10,
      trade_count: 21,
      expected_daily_yield: '-0.00659418',
      range_low: '134.64',
      range_high: '224.86',
      grids: 85,
      started_at: '2026-02-01T00:00:00.000Z',
      ended_at: '',
      duration_seconds: 21600,
      created_at: '2026-02-01T00:00:00.000Z',
    });
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
    // 0.76066702 realised: 20% (0.1521334, rounded down) to the platform, the rest paid.
    expect(settled).toMatchObject({
      code: 1,
      msg: translate('en', 'robot.settled'),
      data: {
        status: 'running',
        realised: '0.76066702',
        settled_total: '0.60853362',
        current_earnings: '1.88435065',
        cumulative_earnings: '2.49288427',
      },
    });
    expect(await balanceOf(owner)).toBe('1000.60853362');
    expect((await t.app.services.ledger.platformBalance('fee_revenue')) - fees).toBe(15_213_340n);
    const after = await robotRow(robotId);
    expect(parseGrid(after.grid_state!).cash).toBe(gridBefore.cash - 76_066_702n);
    expect(after.version).toBe(before.version + 1);

    const count = await entries();
    const again = await owner.call('/api/user/openquan', {
      robot_id: robotId,
      action: 'settle',
      lang: 'ja',
    });
    expect(again).toMatchObject({ code: 0, msg: translate('ja', 'robot.nothing_to_settle') });
    expect(await entries()).toBe(count);
    expect(await balanceOf(owner)).toBe('1000.60853362');

    // The engine notices the new version, reloads the robot and trades on.
    const engine = freshEngine();
    await run(engine, 120);
    const log = await owner.call<{ list: { kind: string; amount: string; fee: string }[] }>(
      '/api/user/quanlog',
      { robot_id: robotId, limit: '100' },
    );
    expect(log.data!.list.filter((r) => r.kind === 'settle')).toEqual([
      expect.objectContaining({ kind: 'settle', amount: '0.60853362', fee: '0.1521334' }),
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
    expect(detail.data!.pnl_series.length).toBeGreaterThan(400);
    expect(detail.data!.trades.length).toBeGreaterThan(21);
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
    clock.advance(T0 + 18 * 3_600_000 - clock.now().getTime());
    const loser = await investor('1000');
    const { data } = await loser.call<{ robot_id: string }>('/api/user/quancreate', {
      market: 'SOL/USDT',
      principal: '1000',
      direction: 'long',
    });
    const id = data!.robot_id;
    await loser.call('/api/user/openquan', { robot_id: id, action: 'start' });
    const { robotRepo, ledger, marketData } = t.app.services;
    await run(robotEngine({ repo: robotRepo, ledger, marketData, clock, log: quiet }), 720);
    const info = await loser.call<Record<string, string>>('/api/user/quaninfo', { robot_id: id });
    // SOL falls 3.7% in these 6 hours: a few round trips earned, the bought grid is under water.
    expect(info.data).toMatchObject({
      status: 'running',
      current_principal: '1000',
      realised: '0.43960588',
      unrealised: '-21.04736638',
      current_earnings: '-20.6077605',
      cumulative_earnings: '-20.6077605',
      cumulative_yield_rate: '-0.02060776',
      profit_count: 7,
      trade_count: 21,
    });
    const stopped = await loser.call<Record<string, string>>('/api/user/openquan', {
      robot_id: id,
      action: 'stop',
    });
    // Closing at market realises the loss; the robot returns less than it was given.
    expect(stopped.data).toMatchObject({
      status: 'ended',
      current_principal: '0',
      realised: '-21.17885106',
      unrealised: '0',
      cumulative_earnings: '-21.17885106',
      cumulative_yield_rate: '-0.02117885',
      trade_count: 69,
    });
    expect(await balanceOf(loser)).toBe('978.82114894');
    const losses = await t.db
      .selectFrom('journal_entries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('kind', '=', 'robot_loss')
      .where('reference', '=', `robot:${id}`)
      .executeTakeFirstOrThrow();
    expect(Number(losses.n)).toBeGreaterThan(0);
    const rank = await t.call<{ list: { robot_id: string; return_rate: string }[] }>(
      '/api/user/quanrank',
      { period: '7d' },
    );
    expect(rank.data!.list).toEqual([
      expect.objectContaining({ rank: 1, robot_id: robotId, return_rate: '-0.00017106' }),
      expect.objectContaining({
        rank: 2,
        robot_id: id,
        nickname: expect.stringMatching(/^.{2}\*\*\*$/),
        return_rate: '-0.02117885',
        runtime_seconds: 21600,
        principal: '1000',
      }),
    ]);
    expect((await audit()).ok).toBe(true);
  });
});
