// The living demo (issue 11) on a real database: the seed makes the labelled demo
// investors and their robots once; every fill is the one the pure grid strategy makes on
// the same simulator samples; the leaderboard shows them marked as demo; the ledger audit
// is clean; proof of reserves leaves them out; nobody can sign in as one; and anyone may
// look at their robots, read-only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_FEE_RATE,
  DEFAULT_MAKER_FEE_RATE,
  MINUTE_MS,
  createGrid,
  onPrice,
  parseGrid,
  serializeGrid,
  type Fill,
  type MarketId,
} from '@olive/market';
import { formatAmount, parseAmount } from '@olive/protocol';
import { register } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { translate } from '../../i18n/index.ts';
import { loadConfig } from '../../config.ts';
import { ManualClock } from '../../ports/clock.ts';
import { auditRepository } from '../ledger/audit.repository.ts';
import { auditService } from '../ledger/audit.service.ts';
import { platformAccount, userAccount } from '../ledger/ledger.service.ts';
import { createFeed } from '../market/market-data.service.ts';
import {
  DEMO_MINING_KEY,
  DEMO_MINING_PLAN,
  DEMO_PLAN,
  DEMO_SEED_KEY,
  DEMO_STEP_MS,
  type DemoSeedReport,
} from './demo.service.ts';
import { DEMO_NAMES } from '../users/demo-names.ts';

const NOW = Date.parse('2026-03-01T12:00:30Z');
const DAY_MS = 86_400_000;
const clock = new ManualClock(new Date(NOW));
let t: TestApp;
let first: DemoSeedReport;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { DEMO_INVESTORS: 'true' } });
  first = await t.app.services.demo.seed();
}, 180_000);
afterAll(() => t.close());

const demoUsers = () =>
  t.db.selectFrom('users').selectAll().where('demo', '=', true).orderBy('id').execute();
const demoRobots = () =>
  t.db
    .selectFrom('robots')
    .innerJoin('users', 'users.id', 'robots.user_id')
    .selectAll('robots')
    .where('users.demo', '=', true)
    .orderBy('robots.id')
    .execute();

describe('the demo seed', () => {
  it('is on by default outside tests and off in tests unless asked for', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).DEMO_INVESTORS).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).DEMO_INVESTORS).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', DEMO_INVESTORS: 'true' }).DEMO_INVESTORS).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', DEMO_INVESTORS: 'false' }).DEMO_INVESTORS).toBe(
      false,
    );
  });

  it('makes the labelled demo investors and their running robots, started 2 to 7 days ago', async () => {
    const robotsPlanned = DEMO_PLAN.reduce((n, robots) => n + robots.length, 0);
    expect(first).toMatchObject({ status: 'seeded', investors: 5, robots: robotsPlanned });
    const users = await demoUsers();
    expect(users.map((u) => u.nickname)).toEqual([1, 2, 3, 4, 5].map((i) => `Demo investor ${i}`));
    const robots = await demoRobots();
    expect(robots).toHaveLength(robotsPlanned);
    expect(new Set(robots.map((r) => r.market)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(robots.map((r) => r.direction))).toEqual(new Set(['long', 'short', 'neutral']));
    for (const robot of robots) {
      expect(robot.status).toBe('running');
      const age = NOW - new Date(robot.started_at!).getTime();
      expect(age).toBeGreaterThanOrEqual(2 * DAY_MS - MINUTE_MS);
      expect(age).toBeLessThanOrEqual(7 * DAY_MS + MINUTE_MS); // start floored to the minute
      // The automatic (walk-forward) choice, stored at creation: a real range and count.
      expect(BigInt(robot.range_high)).toBeGreaterThan(BigInt(robot.range_low));
      expect(robot.grid_count).toBeGreaterThan(1);
    }
    // History to show: fills and a PnL series of many points for every robot.
    const snapshots = await t.db
      .selectFrom('robot_pnl_snapshots')
      .select(['robot_id', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('robot_id')
      .execute();
    expect(snapshots).toHaveLength(robotsPlanned);
    for (const s of snapshots) expect(Number(s.n)).toBeGreaterThan(40);
  });

  it('runs once per database: a second seed does nothing', async () => {
    const before = await demoRobots();
    const trades = await t.db.selectFrom('robot_trades').select('id').execute();
    const again = await t.app.services.demo.seed();
    expect(again.status).toBe('done_before');
    expect(await demoRobots()).toEqual(before);
    expect(await t.db.selectFrom('robot_trades').select('id').execute()).toHaveLength(
      trades.length,
    );
    expect((await demoUsers()).length).toBe(5);
    const record = await t.app.services.settings.get<{ done: boolean }>(DEMO_SEED_KEY);
    expect(record?.done).toBe(true);
  });

  it('every fill is what the pure grid strategy makes on the same simulator samples', async () => {
    const feed = createFeed(t.config, clock).feed as ReturnType<typeof createFeed>['feed'] & {
      tickAt(market: MarketId, ts: number): { price: bigint; ts: number };
    };
    const robots = await demoRobots();
    let fillsCompared = 0;
    for (const robot of robots) {
      const market = robot.market as MarketId;
      const start = new Date(robot.started_at!).getTime();
      const opening = feed.tickAt(market, start);
      let step = createGrid(
        {
          market,
          direction: robot.direction,
          lower: BigInt(robot.range_low),
          upper: BigInt(robot.range_high),
          gridCount: robot.grid_count,
          gridType: robot.grid_type,
        },
        BigInt(robot.principal),
        opening.price,
        DEFAULT_FEE_RATE,
        opening.ts,
      );
      const expected: Fill[] = [...step.fills];
      // The engine's samples: every DEMO_STEP_MS from the robot's start up to the seed's now.
      for (let at = start; at <= NOW; at += DEMO_STEP_MS) {
        const tick = feed.tickAt(market, at);
        step = onPrice(step.state, tick.price, DEFAULT_MAKER_FEE_RATE, tick.ts);
        expected.push(...step.fills);
      }
      const trades = await t.db
        .selectFrom('robot_trades')
        .selectAll()
        .where('robot_id', '=', robot.id)
        .orderBy('seq')
        .execute();
      expect(trades.length).toBe(expected.length);
      trades.forEach((trade, i) => {
        const fill = expected[i]!;
        expect({
          kind: trade.kind,
          price: BigInt(trade.price),
          quantity: BigInt(trade.quantity),
          amount: BigInt(trade.amount),
          fee: BigInt(trade.fee),
          at: new Date(trade.created_at).getTime(),
        }).toEqual({
          kind: fill.side,
          price: fill.price,
          quantity: fill.quantity,
          amount: fill.quote,
          fee: fill.fee,
          at: fill.ts,
        });
      });
      fillsCompared += trades.length;
      // The figures the detail shows are the strategy's state after the same samples.
      const info = await t.app.services.robots.info(robot.user_id, robot.id, (k) => k);
      const row = await t.db
        .selectFrom('robots')
        .select('grid_state')
        .where('id', '=', robot.id)
        .executeTakeFirstOrThrow();
      expect(serializeGrid(parseGrid(row.grid_state!))).toBe(serializeGrid(step.state));
      expect(info.realised).toBe(formatAmount(step.state.realised));
    }
    expect(fillsCompared).toBeGreaterThan(robots.length * 2);
  });

  it('the leaderboard lists them with the demo mark, named in the reader’s language', async () => {
    for (const lang of ['en', 'ar', 'ja'] as const) {
      const reply = await t.call<{
        list: { nickname: string; demo: boolean; me: boolean; return_rate: string }[];
      }>('/api/user/quanrank', { lang, period: '7d' });
      expect(reply.code).toBe(1);
      const list = reply.data!.list;
      expect(list).toHaveLength((await demoRobots()).length);
      for (const entry of list) {
        expect(entry.demo).toBe(true);
        expect(entry.me).toBe(false);
        expect(DEMO_NAMES[lang]).toContain(entry.nickname);
      }
    }
  });

  it('rents machines for them days ago, paid by the formula from the stored days, ranked as demo', async () => {
    const rentals = await t.db
      .selectFrom('mining_rentals')
      .innerJoin('users', 'users.id', 'mining_rentals.user_id')
      .innerJoin('mining_models', 'mining_models.id', 'mining_rentals.model_id')
      .select([
        'mining_rentals.id',
        'mining_rentals.starts_on',
        'mining_rentals.days',
        'mining_rentals.hash_rate_ghs',
        'mining_rentals.electricity_per_day',
        'mining_models.name',
        'users.account',
      ])
      .where('users.demo', '=', true)
      .orderBy('mining_rentals.id')
      .execute();
    expect(rentals.map((r) => r.name)).toEqual(DEMO_MINING_PLAN.map((p) => p.model));
    const today = new Date(NOW).toISOString().slice(0, 10);
    for (const [i, rental] of rentals.entries()) {
      const startsOn = new Date(rental.starts_on).toISOString().slice(0, 10);
      expect(startsOn).toBe(
        new Date(NOW - DEMO_MINING_PLAN[i]!.daysAgo * DAY_MS).toISOString().slice(0, 10),
      );
      // Every day from its start to yesterday paid, each by the formula from that day's
      // stored inputs: hashes a day x reward / (difficulty x 2^32), at the day's price.
      const payouts = await t.db
        .selectFrom('mining_payouts')
        .innerJoin('mining_days', 'mining_days.day', 'mining_payouts.day')
        .select([
          'mining_payouts.amount',
          'mining_days.difficulty',
          'mining_days.block_reward_sat',
          'mining_days.btc_price',
        ])
        .where('mining_payouts.rental_id', '=', rental.id)
        .orderBy('mining_payouts.day')
        .execute();
      expect(payouts).toHaveLength(DEMO_MINING_PLAN[i]!.daysAgo);
      for (const p of payouts) {
        const hashes = BigInt(rental.hash_rate_ghs) * 1_000_000_000n * 86_400n;
        const gross =
          (hashes * BigInt(p.block_reward_sat) * BigInt(p.btc_price)) /
          (BigInt(p.difficulty) * 4_294_967_296n * 100_000_000n);
        const net = gross - BigInt(rental.electricity_per_day);
        expect(BigInt(p.amount)).toBe(net > 0n ? net : 0n);
      }
    }
    expect(today > '2026-02-01').toBe(true);
    const record = await t.app.services.settings.get<{ done: boolean; rentals: number }>(
      DEMO_MINING_KEY,
    );
    expect(record).toMatchObject({ done: true, rentals: DEMO_MINING_PLAN.length });

    // The mining leaderboard of a fresh installation is not empty, and says who is demo.
    // Named in the reader's language (issue 34).
    for (const lang of ['en', 'ru'] as const) {
      const rank = await t.call<{ list: { nickname: string; demo: boolean; me: boolean }[] }>(
        '/api/user/minerrank',
        { lang },
      );
      expect(rank.code).toBe(1);
      expect(rank.data!.list.length).toBeGreaterThan(0);
      for (const entry of rank.data!.list) {
        expect(entry).toMatchObject({ demo: true, me: false });
        expect(DEMO_NAMES[lang]).toContain(entry.nickname);
      }
    }
  });

  it('keeps the ledger audit clean', async () => {
    const report = await auditService(auditRepository(t.db)).run();
    expect(report.checks.filter((c) => !c.ok)).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('leaves demo balances out of the proof of reserves, and says how much', async () => {
    const users = await demoUsers();
    const held = await t.db
      .selectFrom('accounts')
      .select((eb) => eb.fn.sum<string>('balance').as('total'))
      .where(
        'user_id',
        'in',
        users.map((u) => u.id),
      )
      .executeTakeFirstOrThrow();
    expect(BigInt(held.total)).toBeGreaterThan(0n);
    const snapshot = await t.app.services.reserves.reserves.takeSnapshot();
    expect(snapshot.liabilities).toBe('0');
    const excluded = await t.db
      .selectFrom('reserve_demo_exclusions')
      .selectAll()
      .where('snapshot_id', '=', snapshot.snapshot_id)
      .executeTakeFirstOrThrow();
    expect({ users: excluded.demo_users, amount: BigInt(excluded.amount) }).toEqual({
      users: 5,
      amount: BigInt(held.total),
    });
  });

  it('nobody can sign in as a demo investor', async () => {
    const [user] = await demoUsers();
    for (const password of ['', 'password', user!.password_hash, '!demo']) {
      const reply = await t.call('/api/user/login', {
        lang: 'en',
        account: user!.account,
        password: password || 'x',
      });
      expect(reply.code).toBe(0);
    }
    // Whatever path asks for a session, the database refuses one to a demo investor.
    await expect(t.app.services.sessions.issue(user!.id)).rejects.toThrow(/demo investors/);
    // ...while a real user's session is still issued (the rule is not "no sessions").
    const real = await t.db
      .insertInto('users')
      .values({
        account: 'real-investor@example.com',
        account_kind: 'email',
        password_hash: 'x',
        fund_password_hash: 'x',
        nickname: 'Real',
        invite_code: 'REALCODE',
        lang: 'en',
        inviter_id: null,
        avatar: null,
        telegram: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(t.app.services.sessions.issue(real.id)).resolves.toHaveProperty('token');
  });

  it("shows anyone a demo robot, read-only, and nobody else's robot that way", async () => {
    const [robot] = await demoRobots();
    const reply = await t.call<{
      robot: Record<string, unknown>;
      pnl_series: unknown[];
      trades: unknown[];
      log: { list: { robot_id: string }[]; total: number };
    }>('/api/main/quandemo', { robot_id: robot!.id, lang: 'en' });
    expect(reply.code).toBe(1);
    // the owner's own figures, to the unit, with no token at all
    const own = await t.app.services.robots.detail(robot!.user_id, robot!.id, (k) => k);
    expect(reply.data!.robot).toEqual({ ...own.robot, name: expect.any(String) });
    expect(reply.data!.trades).toEqual(own.trades);
    expect(reply.data!.pnl_series.length).toBeGreaterThan(0);
    expect(reply.data!.log.total).toBe(
      (
        await t.db
          .selectFrom('robot_trades')
          .select('id')
          .where('robot_id', '=', robot!.id)
          .execute()
      ).length,
    );
    expect(reply.data!.log.list.every((r) => r.robot_id === robot!.id)).toBe(true);
    // a customer's robot is "not found" there, exactly as a robot that does not exist
    const customer = await register(t);
    await t.app.services.ledger.post({
      kind: 'deposit',
      idempotencyKey: `test-deposit:${customer.userId}`,
      postings: [
        { account: platformAccount('custody', 'erc20'), amount: -parseAmount('500') },
        { account: userAccount(customer.userId, 'available'), amount: parseAmount('500') },
      ],
    });
    const created = await t.call<{ robot_id: string }>(
      '/api/user/quancreate',
      { market: 'BTC/USDT', principal: '200', direction: 'long' },
      customer.headers,
    );
    const hidden = await t.call('/api/main/quandemo', { robot_id: created.data!.robot_id });
    const missing = await t.call('/api/main/quandemo', { robot_id: '999999' });
    expect(hidden).toMatchObject({ code: 0, msg: translate('en', 'robot.not_found') });
    expect(missing.msg).toBe(hidden.msg);
    // and nothing on that call acts: Start, Settle and Stop stay the owner's
    const act = await t.call(
      '/api/user/openquan',
      { robot_id: robot!.id, action: 'stop' },
      customer.headers,
    );
    expect(act).toMatchObject({ code: 0, msg: translate('en', 'robot.not_found') });
  });
});
