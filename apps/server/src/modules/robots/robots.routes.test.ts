// The Trade calls as a client makes them: shapes of every answer, and each refusal a
// clear translated code-0 message that changes nothing (no robot, no ledger entry).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount, parseAmount } from '@olive/protocol';
import { register } from '../../../test/accounts.ts';
import { runCli } from '../../../test/cli.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { translate } from '../../i18n/index.ts';
import { ManualClock } from '../../ports/clock.ts';
import { platformAccount, userAccount } from '../ledger/ledger.service.ts';

let t: TestApp;
const clock = new ManualClock(new Date('2026-02-01T00:00:00Z'));
beforeAll(async () => {
  t = await createTestApp({ clock, env: { MARKET_EPOCH: '2026-01-01T00:00:00Z' } });
});
afterAll(() => t.close());

async function investor(amount: string) {
  const user = await register(t);
  await t.app.services.ledger.post({
    kind: 'deposit',
    idempotencyKey: `test-deposit:${user.userId}`,
    postings: [
      { account: platformAccount('custody', 'trc20'), amount: -parseAmount(amount) },
      { account: userAccount(user.userId, 'available'), amount: parseAmount(amount) },
    ],
  });
  const call = <T>(path: string, body: Record<string, string> = {}) =>
    t.call<T>(path, body, user.headers);
  return { user, call };
}

/** What must not move when a call is refused. */
async function footprint() {
  const count = async (table: 'robots' | 'journal_entries' | 'robot_trades') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    robots: await count('robots'),
    entries: await count('journal_entries'),
    trades: await count('robot_trades'),
  };
}

describe('market calls', () => {
  it('lists every market with its price and 24-hour figures, and serves candles', async () => {
    const markets = await t.call<{
      source: string;
      markets: { market: string; price: string; min_principal: string }[];
    }>('/api/main/markets');
    expect(markets.code).toBe(1);
    expect(markets.data!.source).toBe('simulated');
    expect(markets.data!.markets.map((m) => m.market)).toEqual([
      'BTC/USDT',
      'ETH/USDT',
      'BNB/USDT',
      'SOL/USDT',
      'TRX/USDT',
    ]);
    expect(markets.data!.markets[3]).toMatchObject({
      market: 'SOL/USDT',
      price: expect.stringMatching(/^\d+(\.\d+)?$/),
      change_24h: expect.stringMatching(/^-?\d+(\.\d+)?$/),
      min_principal: '50',
    });

    const candles = await t.call<{ interval: string; candles: { t: string; o: string }[] }>(
      '/api/main/candles',
      { market: 'sol/usdt', interval: '1h', limit: '24' },
    );
    expect(candles.code).toBe(1);
    expect(candles.data!.interval).toBe('1h');
    expect(candles.data!.candles).toHaveLength(24);
    expect(candles.data!.candles[23]!.t).toBe('2026-01-31T23:00:00.000Z');
    const fifteen = await t.call<{ candles: unknown[] }>('/api/main/candles', {
      market: 'BTC/USDT',
    });
    expect(fifteen.data!.candles).toHaveLength(96);

    const unknown = await t.call('/api/main/candles', { market: 'DOGE/USDT', lang: 'fr' });
    expect(unknown).toMatchObject({
      code: 0,
      msg: translate('fr', 'market.unknown', {
        markets: 'BTC/USDT, ETH/USDT, BNB/USDT, SOL/USDT, TRX/USDT',
      }),
    });
  });
});

describe('robot calls', () => {
  it('previews, creates and lists a robot with the exact shapes', async () => {
    const u = await investor('500');
    const preview = await u.call<Record<string, unknown>>('/api/user/quanpreview', {
      market: 'SOL/USDT',
      direction: 'neutral',
      principal: '200',
    });
    expect(preview.code).toBe(1);
    expect(preview.data).toEqual({
      market: 'SOL/USDT',
      direction: 'neutral',
      grid_type: 'geometric',
      range_low: expect.stringMatching(/^\d+(\.\d+)?$/),
      range_high: expect.stringMatching(/^\d+(\.\d+)?$/),
      grids: expect.any(Number),
      step: expect.stringMatching(/^0\.\d+$/),
      expected_daily_yield: expect.stringMatching(/^-?\d+(\.\d+)?$/),
      out_of_sample_days: 7,
      positive: expect.any(Boolean),
      held_out_return: expect.stringMatching(/^-?\d+(\.\d+)?$/),
      held_out_drawdown: expect.stringMatching(/^\d+(\.\d+)?$/),
      round_trips_per_day: expect.stringMatching(/^\d+\.\d$/),
      buy_and_hold_return: expect.stringMatching(/^-?\d+(\.\d+)?$/),
      estimate: true,
    });
    // "positive" is the held-out total return, what the investor would have got
    expect(preview.data!.positive).toBe(Number(preview.data!.held_out_return) > 0);
    // the automatic setting trades: at least one round trip an hour on the held-out days
    expect(Number(preview.data!.round_trips_per_day)).toBeGreaterThanOrEqual(24);

    const created = await u.call<{ robot_id: string }>('/api/user/quancreate', {
      market: 'SOL/USDT',
      direction: 'neutral',
      principal: '200',
    });
    expect(created).toMatchObject({ code: 1, data: { robot_id: expect.stringMatching(/^\d+$/) } });
    const id = created.data!.robot_id;
    const info = await u.call<Record<string, unknown>>('/api/user/quaninfo', { robot_id: id });
    expect(info.data).toEqual({
      robot_id: id,
      name: 'SOL/USDT Neutral grid',
      market: 'SOL/USDT',
      direction: 'neutral',
      status: 'not_started',
      disabled: false,
      principal: '200',
      current_principal: '200',
      current_earnings: '0',
      realised: '0',
      unrealised: '0',
      settled_total: '0',
      settleable: '0',
      fees: '0',
      cumulative_earnings: '0',
      cumulative_yield_rate: '0',
      profit_count: 0,
      trade_count: 0,
      expected_daily_yield: preview.data!.expected_daily_yield,
      range_low: preview.data!.range_low,
      range_high: preview.data!.range_high,
      grids: preview.data!.grids,
      grid_type: 'geometric',
      grid_profit: '0',
      floating_pnl: '0',
      annualised_return: '0',
      trades_per_day: '0',
      orders: [],
      started_at: '',
      ended_at: '',
      duration_seconds: 0,
      created_at: '2026-02-01T00:00:00.000Z',
      // no exits set (decision 148)
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
      // track record and copy trading (issue 32): nothing yet for a robot not started
      roi_7d: '0',
      roi_30d: '0',
      roi_90d: '0',
      max_drawdown: '0',
      sharpe: '',
      round_trips: 0,
      buy_and_hold_return: '0',
      public: false,
      profit_share_pct: 10,
      copiers: 0,
      shares_earned: '0',
      copied_from: '',
      copy_share_pct: 0,
      shares_paid: '0',
    });
    const user = await u.call<{ balance: string; trading_principal: string }>('/api/user/userinfo');
    expect(user.data).toMatchObject({ balance: '300', trading_principal: '200' });

    const mine = await u.call<{ list: { robot_id: string }[]; total: number }>('/api/user/quanmy', {
      status: 'not_started',
    });
    expect(mine.data).toMatchObject({ page: 1, limit: 20, total: 1, list: [{ robot_id: id }] });
    expect((await u.call('/api/user/quanmy', { status: 'running' })).data).toMatchObject({
      total: 0,
      list: [],
    });

    // Stopping a robot that never started gives the principal back, all of it.
    const stopped = await u.call<{ status: string }>('/api/user/openquan', {
      robot_id: id,
      action: 'stop',
    });
    expect(stopped).toMatchObject({ code: 1, data: { status: 'ended', current_principal: '0' } });
    expect((await u.call('/api/user/userinfo')).data).toMatchObject({
      balance: '500',
      trading_principal: '0',
    });
    const log = await u.call<{ list: { kind: string; amount: string }[]; total: number }>(
      '/api/user/quanlog',
      { robot_id: id },
    );
    expect(log.data).toMatchObject({ total: 1, list: [{ kind: 'stop', amount: '200' }] });
    const rank = await t.call<{ period: string; list: unknown[] }>('/api/user/quanrank', {
      period: '30d',
    });
    expect(rank).toMatchObject({ code: 1, data: { period: '30d', list: [] } });
  });

  it("previews and creates the investor's own range and grids; refuses a partial or bad one naming the field", async () => {
    const u = await investor('300');
    const own = { market: 'BNB/USDT', direction: 'neutral', principal: '200' };
    const auto = await u.call<{ range_low: string; range_high: string }>(
      '/api/user/quanpreview',
      own,
    );
    const price = (Number(auto.data!.range_low) + Number(auto.data!.range_high)) / 2;
    const custom = {
      range_low: (price * 0.9).toFixed(2),
      range_high: (price * 1.1).toFixed(2),
      grids: '12',
    };
    // answered in the wire's canonical form: "489.90" comes back as "489.9"
    const canonical = (text: string) => formatAmount(parseAmount(text));
    const preview = await u.call<Record<string, unknown>>('/api/user/quanpreview', {
      ...own,
      ...custom,
    });
    expect(preview.data).toMatchObject({
      range_low: canonical(custom.range_low),
      range_high: canonical(custom.range_high),
      grids: 12,
      out_of_sample_days: 7,
      positive: Number(preview.data?.expected_daily_yield) > 0,
    });
    const created = await u.call<{ robot_id: string }>('/api/user/quancreate', {
      ...own,
      ...custom,
    });
    const info = await u.call<Record<string, unknown>>('/api/user/quaninfo', {
      robot_id: created.data!.robot_id,
    });
    expect(info.data).toMatchObject({
      range_low: canonical(custom.range_low),
      range_high: canonical(custom.range_high),
      grids: 12,
      expected_daily_yield: preview.data!.expected_daily_yield,
    });
    const started = await u.call<{ orders: { side: string; price: string }[] }>(
      '/api/user/openquan',
      { robot_id: created.data!.robot_id, action: 'start' },
    );
    expect(started.data!.orders).toHaveLength(12);
    expect(started.data!.orders[0]).toMatchObject({
      side: 'buy',
      price: canonical(custom.range_low),
    });
    expect(started.data!.orders.at(-1)).toMatchObject({
      side: 'sell',
      price: canonical(custom.range_high),
    });

    const before = await footprint();
    const refusals: [Record<string, string>, string, string, Record<string, string>][] = [
      [{ range_low: custom.range_low }, 'range_high', 'robot.range_incomplete', {}],
      [
        { range_low: custom.range_low, range_high: custom.range_high },
        'grids',
        'robot.range_incomplete',
        {},
      ],
      [{ ...custom, range_high: custom.range_low }, 'range_high', 'robot.range_order', {}],
      [{ ...custom, grids: '1' }, 'grids', 'validation.at_least', { limit: '2' }],
      [{ ...custom, grids: '101' }, 'grids', 'validation.at_most', { limit: '100' }],
      [{ ...custom, range_low: '-5' }, 'range_low', 'validation.amount_format', {}],
      [{ ...custom, range_low: '05' }, 'range_low', 'validation.amount_format', {}],
      [{ ...custom, grids: ' 12' }, 'grids', 'validation.count_format', {}],
      [
        { ...custom, range_low: '1'.repeat(12) },
        'range_low',
        'validation.at_most',
        { limit: '9999999999.99999999' },
      ],
      [{ ...custom, range_low: (price * 0.1).toFixed(2) }, 'range_low', 'robot.range_too_wide', {}],
      [
        {
          ...custom,
          range_low: (price * 0.999).toFixed(2),
          range_high: (price * 1.001).toFixed(2),
          grids: '100',
        },
        'grids',
        'robot.grid_step_too_small',
        {},
      ],
    ];
    for (const [body, field, key, params] of refusals) {
      for (const path of ['/api/user/quanpreview', '/api/user/quancreate']) {
        const reply = await u.call(path, { ...own, ...body, lang: 'fr' });
        expect(reply, `${path} ${JSON.stringify(body)}`).toMatchObject({
          code: 0,
          data: { field },
        });
        // figures that depend on the price (bounds, steps) are checked for their words
        const marker = '\u0000';
        const words = translate('fr', key, {
          field,
          min: marker,
          max: marker,
          grids: marker,
          step: marker,
          ...params,
        }).split(marker);
        for (const part of words) expect(reply.msg).toContain(part);
      }
    }
    expect(await footprint()).toEqual(before);
  });

  it('answers the limits of every setting for a market and principal before anything is typed', async () => {
    const u = await investor('100');
    const small = await u.call<Record<string, unknown>>('/api/user/quanlimits', {
      market: 'BTC/USDT',
    });
    expect(small.code).toBe(1);
    const price = Number(small.data!.price);
    expect(small.data).toEqual({
      market: 'BTC/USDT',
      principal: '100',
      principal_min: '100',
      price: expect.stringMatching(/^\d+(\.\d+)?$/),
      grids_min: 2,
      // 100 USDT funds 16 orders of 5 USDT with the 25% headroom
      grids_max: 16,
      range_low_min: expect.stringMatching(/^\d+(\.\d+)?$/),
      range_high_max: expect.stringMatching(/^\d+(\.\d+)?$/),
      step_min_pct: '0.04',
      price_tick: '0.01',
      min_order: '5',
      grid_types: ['arithmetic', 'geometric'],
      maker_fee_rate: '0.0002',
      taker_fee_rate: '0.001',
    });
    expect(Number(small.data!.range_low_min)).toBeCloseTo(price / 5, 1);
    expect(Number(small.data!.range_high_max)).toBeCloseTo(price * 5, 1);
    const large = await u.call<{ grids_max: number }>('/api/user/quanlimits', {
      market: 'BTC/USDT',
      principal: '5000',
    });
    expect(large.data!.grids_max).toBe(100);

    // the limits are the ones the checks apply: one grid more is refused, the limit is not
    const setting = (grids: number) => ({
      market: 'BTC/USDT',
      direction: 'neutral',
      principal: '100',
      range_low: (price * 0.9).toFixed(2),
      range_high: (price * 1.1).toFixed(2),
      grids: String(grids),
    });
    expect((await u.call('/api/user/quanpreview', setting(16))).code).toBe(1);
    expect(await u.call('/api/user/quanpreview', setting(17))).toMatchObject({
      code: 0,
      msg: translate('en', 'robot.grids_above_max', {
        principal: '100',
        max: 16,
        market: 'BTC/USDT',
        min_order: '5',
      }),
    });

    const before = await footprint();
    expect(
      await u.call('/api/user/quanlimits', { market: 'BTC/USDT', principal: '99' }),
    ).toMatchObject({
      code: 0,
      msg: translate('en', 'robot.below_minimum', { market: 'BTC/USDT', min: '100' }),
    });
    expect(await u.call('/api/user/quanlimits', { market: 'DOGE/USDT' })).toMatchObject({
      code: 0,
      msg: expect.stringContaining('Market'),
    });
    expect(await footprint()).toEqual(before);
  });

  it('places arithmetic levels when asked, previews them, and trades at them', async () => {
    const u = await investor('1000');
    const body = { market: 'ETH/USDT', direction: 'neutral', principal: '1000' };
    const preview = await u.call<Record<string, string | number>>('/api/user/quanpreview', {
      ...body,
      grid_type: 'arithmetic',
    });
    expect(preview).toMatchObject({ code: 1, data: { grid_type: 'arithmetic' } });
    const created = await u.call<{ robot_id: string }>('/api/user/quancreate', {
      ...body,
      grid_type: 'arithmetic',
    });
    expect(created.code).toBe(1);
    const id = created.data!.robot_id;
    const started = await u.call<{
      grid_type: string;
      range_low: string;
      range_high: string;
      grids: number;
      orders: { price: string }[];
    }>('/api/user/openquan', { robot_id: id, action: 'start' });
    expect(started.data!.grid_type).toBe('arithmetic');
    const { orders, grids } = started.data!;
    // equal differences between the resting orders (within a tick), unlike equal ratios
    const prices = orders.map((o) => Number(o.price)).sort((a, b) => a - b);
    const low = Number(started.data!.range_low);
    const high = Number(started.data!.range_high);
    const distance = (high - low) / grids;
    for (let i = 1; i < prices.length; i++) {
      const gap = prices[i]! - prices[i - 1]!;
      expect(Math.abs(gap / distance - Math.round(gap / distance))).toBeLessThan(0.01);
    }
    // a refused type changes nothing
    const before = await footprint();
    const bad = await u.call('/api/user/quancreate', { ...body, grid_type: 'fibonacci' });
    expect(bad).toMatchObject({ code: 0, msg: expect.stringContaining('grid_type') });
    expect(await footprint()).toEqual(before);
  });

  it('refuses bad requests with a clear translated message and changes nothing', async () => {
    const u = await investor('100');
    const other = await investor('100');
    const mine = await u.call<{ robot_id: string }>('/api/user/quancreate', {
      market: 'TRX/USDT',
      direction: 'long',
      principal: '20',
    });
    expect(mine.code).toBe(1);
    const id = mine.data!.robot_id;
    await t.app.services.robots.setDisabled(id, true);
    const before = await footprint();
    const cases: [string, Record<string, string>, string, Record<string, string | number>][] = [
      [
        '/api/user/quancreate',
        { market: 'SOL/USDT', direction: 'long', principal: '80.5' },
        'robot.above_balance',
        {},
      ],
      [
        '/api/user/quancreate',
        { market: 'BTC/USDT', direction: 'long', principal: '99.99' },
        'robot.below_minimum',
        { market: 'BTC/USDT', min: '100' },
      ],
      [
        '/api/user/quancreate',
        { market: 'XRP/USDT', direction: 'long', principal: '50' },
        'validation.one_of',
        { field: 'market', values: 'BTC/USDT, ETH/USDT, BNB/USDT, SOL/USDT, TRX/USDT' },
      ],
      [
        '/api/user/quancreate',
        { market: 'SOL/USDT', direction: 'sideways', principal: '50' },
        'validation.one_of',
        { field: 'direction', values: 'long, short, neutral' },
      ],
      [
        '/api/user/quancreate',
        { market: 'SOL/USDT', direction: 'long', principal: '50.123456789' },
        'validation.decimals',
        { field: 'principal', decimals: 8 },
      ],
      [
        '/api/user/quancreate',
        { market: 'SOL/USDT', direction: 'long', principal: '050' },
        'validation.amount_format',
        { field: 'principal' },
      ],
      ['/api/user/openquan', { robot_id: id, action: 'start' }, 'robot.disabled', {}],
      ['/api/user/openquan', { robot_id: id, action: 'settle' }, 'robot.not_running', {}],
    ];
    for (const [path, body, key, params] of cases) {
      for (const lang of ['en', 'de']) {
        const reply = await u.call(path, { ...body, lang });
        expect(reply, `${path} ${JSON.stringify(body)}`).toMatchObject({
          code: 0,
          msg: translate(lang as 'en', key, params),
        });
      }
    }
    expect(translate('de', 'robot.disabled')).not.toBe(translate('en', 'robot.disabled'));

    // Someone else's robot does not exist for the caller, whatever the call.
    for (const [path, body] of [
      ['/api/user/quaninfo', { robot_id: id }],
      ['/api/user/quandetail', { robot_id: id }],
      ['/api/user/quanlog', { robot_id: id }],
      ['/api/user/openquan', { robot_id: id, action: 'stop' }],
      ['/api/user/openquan', { robot_id: '999999', action: 'start' }],
    ] as const) {
      expect(await other.call(path, body)).toMatchObject({
        code: 0,
        msg: translate('en', 'robot.not_found'),
      });
    }
    expect(await other.call('/api/user/openquan', { robot_id: id, action: 'sell' })).toMatchObject({
      code: 0,
      msg: 'Action is not valid.',
    });
    expect(await t.call('/api/user/quaninfo', { robot_id: id })).toMatchObject({
      code: 10000,
      tologin: 1,
    });
    expect(await footprint()).toEqual(before);
    expect((await u.call('/api/user/userinfo')).data).toMatchObject({
      balance: '80',
      trading_principal: '20',
    });
    expect((await other.call('/api/user/userinfo')).data).toMatchObject({ balance: '100' });
  });

  it('lets an operator disable and enable robots and set the performance fee', async () => {
    const u = await investor('100');
    const { data } = await u.call<{ robot_id: string }>('/api/user/quancreate', {
      market: 'TRX/USDT',
      direction: 'short',
      principal: '25',
    });
    const id = data!.robot_id;
    expect(await runCli(t.databaseUrl, ['robots:disable', '--id', id])).toMatchObject({
      exitCode: 0,
      json: { robot_id: id, disabled: true },
    });
    expect(await u.call('/api/user/openquan', { robot_id: id, action: 'start' })).toMatchObject({
      code: 0,
      msg: translate('en', 'robot.disabled'),
    });
    expect((await runCli(t.databaseUrl, ['robots:enable', '--id', id])).exitCode).toBe(0);
    const started = await u.call('/api/user/openquan', { robot_id: id, action: 'start' });
    expect(started).toMatchObject({
      code: 1,
      msg: translate('en', 'robot.started'),
      data: { status: 'running', started_at: '2026-02-01T00:00:00.000Z' },
    });
    expect(await u.call('/api/user/openquan', { robot_id: id, action: 'start' })).toMatchObject({
      code: 0,
      msg: translate('en', 'robot.already_running'),
    });
    expect(await runCli(t.databaseUrl, ['robots:performance-fee', '--rate', '0.15'])).toMatchObject(
      { exitCode: 0, json: { robot_performance_fee: '0.15' } },
    );
    expect(await t.app.services.robots.performanceFeeRate()).toBe(15_000_000n);
    expect(
      (await runCli(t.databaseUrl, ['robots:performance-fee', '--rate', '1.5'])).exitCode,
    ).toBe(2);
    await u.call('/api/user/openquan', { robot_id: id, action: 'stop' });
  }, 60_000);
});
