// Copy trading and track records (issue 32): publishing with a profit share, copying a
// public running robot at the copier's own price, the share of profit above the copy's
// high-water mark paid once per settlement through the ledger (parallel settles too) and
// audited, demo robots copied for nothing, the leader's and the copier's figures, and the
// leaderboard of robots run at least a day. Prices are driven on a fixed path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETS, parseGrid, type MarketId, type Tick } from '@olive/market';
import { formatAmount, parseAmount } from '@olive/protocol';
import { register } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { translate } from '../../i18n/index.ts';
import { ManualClock } from '../../ports/clock.ts';
import { auditRepository } from '../ledger/audit.repository.ts';
import { auditService } from '../ledger/audit.service.ts';
import { platformAccount, userAccount } from '../ledger/ledger.service.ts';
import { robotsAudit } from './audit.ts';
import { copyRequestOf, profitShare } from './robot.copying.ts';
import { robotEngine } from './robot.engine.ts';
import { dailyReturns, sharpeOf } from './robot.records.ts';

const EPOCH = '2026-01-01T00:00:00Z';
const T0 = Date.parse('2026-02-02T12:00:00Z');
const STEP_MS = 30_000;
const DAY_MS = 86_400_000;
const MARKET: MarketId = 'BNB/USDT';
const clock = new ManualClock(new Date(T0));
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { MARKET_EPOCH: EPOCH } });
});
afterAll(() => t.close());

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
  const call = <T = Record<string, unknown>>(path: string, body: Record<string, string> = {}) =>
    t.call<T>(path, body, user.headers);
  return { user, call };
}
type Investor = Awaited<ReturnType<typeof investor>>;

const balanceOf = async (u: Investor) =>
  parseAmount((await u.call<{ balance: string }>('/api/user/userinfo')).data!.balance);
const robotRow = (id: string) =>
  t.db.selectFrom('robots').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const shareRows = (copyId: string) =>
  t.db
    .selectFrom('robot_profit_shares')
    .selectAll()
    .where('copier_robot_id', '=', copyId)
    .orderBy('seq')
    .execute();
const audits = async () => {
  const [ledger, robots] = await Promise.all([
    auditService(auditRepository(t.db)).run(),
    robotsAudit(t.db).run(),
  ]);
  return { ok: ledger.ok && robots.every((c) => c.ok), robots };
};
const price = async () => (await t.app.services.marketData.tick(MARKET)).price;
/** `ratio` times `p`, on BNB's tick (0.01). */
const at = (p: bigint, ratio: number) =>
  (BigInt(Math.round(Number(p) * ratio)) / 1_000_000n) * 1_000_000n;

/** A started robot on its owner's grid: 10 steps over ±2% around the price now. */
async function leaderRobot(owner: Investor) {
  const p0 = await price();
  const created = await owner.call<{ robot_id: string }>('/api/user/quancreate', {
    market: MARKET,
    direction: 'neutral',
    principal: '500',
    range_low: formatAmount(at(p0, 0.98)),
    range_high: formatAmount(at(p0, 1.02)),
    grids: '10',
  });
  const id = created.data!.robot_id;
  expect((await owner.call('/api/user/openquan', { robot_id: id, action: 'start' })).code).toBe(1);
  return id;
}

/** An engine whose BNB price follows `path` (ratios of `p`), one step per tick. */
function driver(p: bigint, path: number[]) {
  const { marketData, robotRepo, ledger } = t.app.services;
  let step = 0;
  const feed = {
    ...marketData,
    latest: (m: MarketId): Tick =>
      m === MARKET
        ? { market: MARKET, ts: clock.now().getTime(), price: at(p, path[step]!) }
        : marketData.latest(m),
  };
  const engine = robotEngine({ repo: robotRepo, ledger, marketData: feed, clock, log: quiet });
  return async (count: number) => {
    for (let i = 0; i < count; i++, step++) {
      clock.advance(STEP_MS);
      await engine.tick();
    }
  };
}

describe('the profit share above the high-water mark', () => {
  it('charges only profit above the mark, and only as far as it is paid out', () => {
    // 100 paid: 20% of it
    let s = profitShare({ cumulative: 100n, highWater: 0n, paid: 100n, pct: 20 });
    expect(s).toEqual({ base: 100n, amount: 20n, highWater: 100n });
    // a loss takes the profit to 60: nothing is due while it is below the mark
    s = profitShare({ cumulative: 60n, highWater: s.highWater, paid: 30n, pct: 20 });
    expect(s).toEqual({ base: 0n, amount: 0n, highWater: 100n });
    // back to 130: only the 30 above the old peak is charged
    s = profitShare({ cumulative: 130n, highWater: s.highWater, paid: 70n, pct: 20 });
    expect(s).toEqual({ base: 30n, amount: 6n, highWater: 130n });
    // profit not yet paid out is charged when it is
    s = profitShare({ cumulative: 200n, highWater: s.highWater, paid: 50n, pct: 30 });
    expect(s).toEqual({ base: 50n, amount: 15n, highWater: 180n });
    s = profitShare({ cumulative: 200n, highWater: s.highWater, paid: 20n, pct: 30 });
    expect(s).toEqual({ base: 20n, amount: 6n, highWater: 200n });
    // rounded down for the leader; a 0% share charges nothing but still moves the mark
    expect(profitShare({ cumulative: 9n, highWater: 0n, paid: 9n, pct: 10 }).amount).toBe(0n);
    expect(profitShare({ cumulative: 50n, highWater: 0n, paid: 50n, pct: 0 })).toEqual({
      base: 50n,
      amount: 0n,
      highWater: 50n,
    });
  });

  it('computes Sharpe from complete days only', () => {
    const day = (n: number, pnl: string) => ({ day: new Date(T0 + n * DAY_MS), pnl });
    const returns = dailyReturns(
      [day(-3, '100'), day(-2, '300'), day(-1, '200'), day(0, '900')],
      10_000n,
      new Date(T0),
    );
    expect(returns).toEqual([0.01, 0.02, -0.01]);
    expect(sharpeOf(returns)).toBeCloseTo((0.02 / 3 / 0.015275252) * Math.sqrt(365), 4);
    expect(sharpeOf([0.01])).toBeNull();
  });
});

describe('copy trading', () => {
  let leader: Investor;
  let copier: Investor;
  let leaderId = '';
  let copyId = '';

  it('publishes only with a share from the list, naming the field; unpublishes', async () => {
    leader = await investor('1000');
    leaderId = await leaderRobot(leader);
    const bad = await leader.call('/api/user/openquan', {
      robot_id: leaderId,
      action: 'publish',
      profit_share_pct: '15',
    });
    expect(bad).toMatchObject({ code: 0, data: { field: 'profit_share_pct' } });
    expect(bad.msg).toContain(translate('en', 'field.profit_share_pct'));
    expect((await robotRow(leaderId)).public).toBe(false);

    const published = await leader.call<Record<string, unknown>>('/api/user/openquan', {
      robot_id: leaderId,
      action: 'publish',
    });
    expect(published).toMatchObject({
      code: 1,
      msg: translate('en', 'robot.published'),
      data: { public: true, profit_share_pct: 10, copiers: 0 },
    });
    const off = await leader.call('/api/user/openquan', {
      robot_id: leaderId,
      action: 'unpublish',
    });
    expect(off).toMatchObject({ code: 1, data: { public: false } });
    expect(
      (
        await leader.call('/api/user/openquan', {
          robot_id: leaderId,
          action: 'publish',
          profit_share_pct: '20',
        })
      ).data,
    ).toMatchObject({ public: true, profit_share_pct: 20 });
  });

  it('refuses to copy a private robot, one of your own, a principal below the minimum or a wrong fund password, changing nothing', async () => {
    copier = await investor('1000');
    const privateOwner = await investor('1000');
    const privateId = await leaderRobot(privateOwner);
    const before = await balanceOf(copier);
    const robotsBefore = await t.db
      .selectFrom('robots')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const body = { principal: '300', fund_password: '246810' };

    const refusals = [
      [copier, { robot_id: privateId, ...body }, 'robot.copy_unavailable', 'robot_id'],
      [leader, { robot_id: leaderId, ...body }, 'robot.copy_own', 'robot_id'],
      [copier, { robot_id: leaderId, ...body, principal: '1' }, null, 'principal'],
      [copier, { robot_id: leaderId, ...body, fund_password: '135790' }, null, 'fund_password'],
    ] as const;
    for (const [who, request, key, field] of refusals) {
      const reply = await who.call('/api/user/quancopy', request);
      expect(reply.code, field).toBe(0);
      if (key) expect(reply.msg).toBe(translate('en', key, { field }));
      expect(reply.data).toEqual({ field });
    }
    expect(await balanceOf(copier)).toBe(before);
    const robotsAfter = await t.db
      .selectFrom('robots')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(robotsAfter.n).toBe(robotsBefore.n);
  });

  it("refuses a principal too small for the leader's grid count, saying what is enough", async () => {
    const grids = (await robotRow(leaderId)).grid_count;
    await t.db.updateTable('robots').set({ grid_count: 100 }).where('id', '=', leaderId).execute();
    try {
      const spec = MARKETS[MARKET];
      // Every order at least the market's minimum with a quarter of headroom, as for a robot.
      const enough = Math.ceil((Number(spec.minOrder) * 1.25 * 100) / 1e8);
      expect(enough - 1).toBeGreaterThan(Number(spec.minPrincipal) / 1e8);
      const reply = await copier.call('/api/user/quancopy', {
        robot_id: leaderId,
        principal: String(enough - 1),
        fund_password: '246810',
      });
      expect(reply).toMatchObject({ code: 0, data: { field: 'principal' } });
      expect(reply.msg).toBe(
        translate('en', 'robot.copy_principal_below', { grids: 100, min: String(enough) }),
      );
    } finally {
      await t.db
        .updateTable('robots')
        .set({ grid_count: grids })
        .where('id', '=', leaderId)
        .execute();
    }
  });

  it("copies the leader's settings with the range scaled to the copier's price, running at once", async () => {
    const leaderRow = await robotRow(leaderId);
    clock.advance(45 * 60_000); // the price has moved since the leader started
    const now = await price();
    expect(now).not.toBe(BigInt(leaderRow.start_price!));
    const before = await balanceOf(copier);
    const reply = await copier.call<{ robot_id: string }>('/api/user/quancopy', {
      robot_id: leaderId,
      principal: '300',
      fund_password: '246810',
    });
    expect(reply).toMatchObject({ code: 1, msg: translate('en', 'robot.copied') });
    copyId = reply.data!.robot_id;
    expect(await balanceOf(copier)).toBe(before - parseAmount('300'));

    const copy = await robotRow(copyId);
    expect(copy).toMatchObject({
      market: MARKET,
      direction: 'neutral',
      grid_count: 10,
      status: 'running',
      copied_from: leaderId,
      copy_share_pct: 20,
      principal: parseAmount('300').toString(),
    });
    // the same ratios to the price each started at, to the tick
    const ratio = (row: typeof copy, end: 'range_low' | 'range_high') =>
      Number(row[end]) / Number(row.start_price);
    for (const end of ['range_low', 'range_high'] as const) {
      expect(Math.abs(ratio(copy, end) - ratio(leaderRow, end))).toBeLessThan(1e-4);
    }
    expect(copy.range_low).not.toBe(leaderRow.range_low);

    const info = await copier.call<Record<string, unknown>>('/api/user/quaninfo', {
      robot_id: copyId,
    });
    expect(info.data).toMatchObject({
      copied_from: leaderId,
      copy_share_pct: 20,
      shares_paid: '0',
    });
    const mine = await leader.call<Record<string, unknown>>('/api/user/quaninfo', {
      robot_id: leaderId,
    });
    expect(mine.data).toMatchObject({ copiers: 1, shares_earned: '0', public: true });
    // the one function that carries every creation setting
    expect(copyRequestOf(leaderRow, BigInt(leaderRow.start_price!), '300')).toMatchObject({
      market: MARKET,
      direction: 'neutral',
      grid_type: leaderRow.grid_type,
      custom: { grids: 10, range_low: formatAmount(BigInt(leaderRow.range_low)) },
    });
    // Its exits come along, prices scaled to the copier's price; not its trigger, which
    // the running leader has passed (the copy starts at once).
    const start = BigInt(leaderRow.start_price!);
    const withExits = {
      ...leaderRow,
      take_profit_price: ((start * 12n) / 10n).toString(),
      stop_loss_pct: '15',
      trigger_price: ((start * 9n) / 10n).toString(),
      trailing_up: true,
      trailing_limit_high: ((start * 15n) / 10n).toString(),
    };
    const doubled = copyRequestOf(withExits, start * 2n, '300').exits;
    expect(doubled).toEqual({
      take_profit_price: formatAmount((start * 24n) / 10n),
      stop_loss_pct: '15',
      trailing_up: 1,
      trailing_limit_high: formatAmount((start * 30n) / 10n),
    });
  });

  it('pays the leader 20% of the settled profit once, whichever of two parallel settles wins; the audit holds', async () => {
    const start = BigInt((await robotRow(copyId)).start_price!);
    const drive = driver(start, [0.985, 1.015, 0.985, 1.015, 0.985, 1.0]);
    await drive(4);
    const copy = await robotRow(copyId);
    const realised = parseGrid(copy.grid_state!).realised;
    expect(realised).toBeGreaterThan(0n);

    const copierBefore = await balanceOf(copier);
    const leaderBefore = await balanceOf(leader);
    const replies = await Promise.all(
      [0, 1].map(() => copier.call('/api/user/openquan', { robot_id: copyId, action: 'settle' })),
    );
    expect(replies.map((r) => r.code).sort()).toEqual([0, 1]);

    // the settlement paid net = gross - 20% performance fee; the share is 20% of that
    const after = await robotRow(copyId);
    const net = BigInt(after.settled_net);
    const share = (net * 20n) / 100n;
    expect(share).toBeGreaterThan(0n);
    expect((await balanceOf(leader)) - leaderBefore).toBe(share);
    expect((await balanceOf(copier)) - copierBefore).toBe(net - share);
    expect(after.shares_paid).toBe(share.toString());
    expect(after.share_high_water).toBe(net.toString());
    const rows = await shareRows(copyId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amount: share.toString(),
      base: net.toString(),
      share_pct: 20,
    });
    const entries = await t.db
      .selectFrom('journal_entries')
      .select('id')
      .where('kind', '=', 'robot_profit_share')
      .where('reference', '=', `robot:${copyId}`)
      .execute();
    expect(entries).toHaveLength(1);

    // each side sees it: the copier what it paid, the leader what it earned and from whom
    expect((await copier.call('/api/user/quaninfo', { robot_id: copyId })).data).toMatchObject({
      shares_paid: formatAmount(share),
    });
    expect((await leader.call('/api/user/quaninfo', { robot_id: leaderId })).data).toMatchObject({
      shares_earned: formatAmount(share),
      copiers: 1,
    });
    const copiers = await leader.call<{ list: Record<string, unknown>[]; total: number }>(
      '/api/user/quancopiers',
      { robot_id: leaderId },
    );
    expect(copiers.data!.total).toBe(1);
    expect(copiers.data!.list[0]).toEqual({
      nickname: expect.stringMatching(/^.{2}\*\*\*$/),
      status: 'running',
      share_pct: 20,
      shares_paid: formatAmount(share),
      started_at: expect.any(String),
    });
    // nobody else sees a robot's copiers
    expect((await copier.call('/api/user/quancopiers', { robot_id: leaderId })).code).toBe(0);
    const fundLog = await leader.call<{ list: { kind: string; amount: string }[] }>(
      '/api/user/usdtlog',
      { page: '1', limit: '5' },
    );
    expect(fundLog.data!.list[0]).toMatchObject({
      kind: 'robot_profit_share',
      amount: formatAmount(share),
    });
    expect((await audits()).ok).toBe(true);
  });

  it('at stop, charges only profit above the mark that the stop pays out', async () => {
    const start = BigInt((await robotRow(copyId)).start_price!);
    await driver(start, [1.015, 0.985, 1.015, 1.0])(4);
    const before = await robotRow(copyId);
    const held = await t.app.services.robotRepo.balances(t.db, copier.user.userId, copyId);
    const leaderBefore = await balanceOf(leader);
    expect(
      (await copier.call('/api/user/openquan', { robot_id: copyId, action: 'stop' })).code,
    ).toBe(1);
    const after = await robotRow(copyId);
    const cumulative = parseGrid(after.grid_state!).realised - BigInt(after.performance_fees);
    const expected = profitShare({
      cumulative,
      highWater: BigInt(before.share_high_water),
      paid: held.pnl,
      pct: 20,
    });
    expect((await balanceOf(leader)) - leaderBefore).toBe(expected.amount);
    expect(after.share_high_water).toBe(expected.highWater.toString());
    expect(await shareRows(copyId)).toHaveLength(2);
    expect((await leader.call('/api/user/quaninfo', { robot_id: leaderId })).data).toMatchObject({
      copiers: 0,
    });
    expect((await audits()).ok).toBe(true);
  });

  it("copies a demo investor's robot for nothing: the share goes to nobody", async () => {
    const demoOwner = await investor('1000');
    const demoId = await leaderRobot(demoOwner);
    await t.ownerDb
      .updateTable('users')
      .set({ demo: true })
      .where('id', '=', demoOwner.user.userId)
      .execute();
    const follower = await investor('1000');
    const preview = await t.call<Record<string, unknown>>('/api/main/quanpublic', {
      robot_id: demoId,
    });
    expect(preview.data).toMatchObject({ demo: true, profit_share_pct: 0 });
    const reply = await follower.call<{ robot_id: string }>('/api/user/quancopy', {
      robot_id: demoId,
      principal: '300',
      fund_password: '246810',
    });
    expect(reply.code).toBe(1);
    const id = reply.data!.robot_id;
    expect((await robotRow(id)).copy_share_pct).toBe(0);
    const start = BigInt((await robotRow(id)).start_price!);
    await driver(start, [0.985, 1.015, 0.985, 1.015])(4);
    const before = await balanceOf(follower);
    expect(
      (await follower.call('/api/user/openquan', { robot_id: id, action: 'settle' })).code,
    ).toBe(1);
    const row = await robotRow(id);
    expect((await balanceOf(follower)) - before).toBe(BigInt(row.settled_net));
    expect(await shareRows(id)).toEqual([
      expect.objectContaining({ amount: '0', share_pct: 0, leader_user_id: null, entry_id: null }),
    ]);
    expect((await audits()).ok).toBe(true);
  });

  it('ranks only robots run at least a day, by ROI, drawdown or copiers, with the copy terms', async () => {
    const young = await t.call<{ list: { robot_id: string }[] }>('/api/user/quanrank', {
      period: '7d',
    });
    expect(young.data!.list.map((r) => r.robot_id)).not.toContain(leaderId);
    // a day on: the leader's robot (and the others) have now run longer than a day
    clock.advance(DAY_MS + 3_600_000);
    const byCopiers = await t.call<{
      sort: string;
      list: {
        robot_id: string;
        copiers: number;
        public: boolean;
        profit_share_pct: number;
        me: boolean;
      }[];
    }>('/api/user/quanrank', { period: '30d', sort: 'copiers' });
    expect(byCopiers.data!.sort).toBe('copiers');
    // the copy stopped after minutes: it never ran a day, however long ago it started
    expect(byCopiers.data!.list.map((r) => r.robot_id)).not.toContain(copyId);
    const entry = byCopiers.data!.list.find((r) => r.robot_id === leaderId);
    expect(entry).toMatchObject({ public: true, profit_share_pct: 20, copiers: 0, me: false });
    // The leader reading the board finds their own robot marked, and nobody else's.
    const asLeader = await leader.call<{ list: { robot_id: string; me: boolean }[] }>(
      '/api/user/quanrank',
      { period: '30d', sort: 'copiers' },
    );
    const leaderRows = await t.db
      .selectFrom('robots')
      .select('id')
      .where('user_id', '=', leader.user.userId)
      .execute();
    const own = leaderRows.map((r) => String(r.id));
    const marked = asLeader.data!.list.filter((r) => r.me).map((r) => r.robot_id);
    expect(marked).toContain(leaderId);
    for (const id of marked) expect(own).toContain(id);
    const demoFirst = byCopiers.data!.list[0]!;
    expect(demoFirst.copiers).toBe(1); // the demo robot still has its running copy
    const byDrawdown = await t.call<{ list: { max_drawdown: string }[] }>('/api/user/quanrank', {
      period: '90d',
      sort: 'drawdown',
    });
    const drawdowns = byDrawdown.data!.list.map((r) => Number(r.max_drawdown));
    expect(drawdowns.length).toBeGreaterThan(1);
    expect([...drawdowns].sort((a, b) => a - b)).toEqual(drawdowns);
    const bad = await t.call('/api/user/quanrank', { sort: 'luck' });
    expect(bad).toMatchObject({ code: 0, data: { field: 'sort' } });
    expect(bad.msg).toContain(translate('en', 'field.sort'));
  });

  it('gives each robot a track record from its own fills', async () => {
    const info = await leader.call<Record<string, string | number>>('/api/user/quaninfo', {
      robot_id: leaderId,
    });
    const data = info.data!;
    const row = await robotRow(leaderId);
    const p = await price();
    const bh = (Number(p) - Number(row.start_price)) / Number(row.start_price);
    expect(Number(data.buy_and_hold_return)).toBeCloseTo(bh, 6);
    expect(Number(data.max_drawdown)).toBeGreaterThanOrEqual(0);
    expect(data.roi_7d).toBe(data.roi_30d); // younger than a week: both since its start
    expect(data.round_trips).toBe(parseGrid(row.grid_state!).roundTrips);
    expect(data.sharpe).not.toBe(undefined);
  });

  it('the audit finds a profit share no settlement accounts for', async () => {
    await t.app.services.ledger.post({
      kind: 'robot_profit_share',
      idempotencyKey: `test-forged-share`,
      postings: [
        { account: userAccount(copier.user.userId, 'available'), amount: -1n },
        { account: userAccount(leader.user.userId, 'available'), amount: 1n },
      ],
    });
    const { ok, robots } = await audits();
    expect(ok).toBe(false);
    expect(robots[0]).toMatchObject({ name: 'robot_profit_shares_match_ledger', ok: false });
  });
});
