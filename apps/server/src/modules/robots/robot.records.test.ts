// A running robot's track record kept in memory and moved on by its new snapshots (issue
// 33, decision 199) must read exactly what a fresh read of all its snapshots gives: over
// minutes with and without snapshots, a new peak, deeper drawdowns, new UTC days, the
// hourly thinning, and the robot's first week ending (when its 7-day ROI starts to slide).
// And it must really be kept: one full read an hour while nothing but time moves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmount } from '@olive/protocol';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { insertUser } from '../../../test/users.ts';
import { ManualClock } from '../../ports/clock.ts';
import { platformAccount, userAccount } from '../ledger/ledger.service.ts';
import { robotRecords } from './robot.records.ts';
import type { RobotRepository } from './robot.repository.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// Late in a UTC day, so the first hours cross midnight.
const clock = new ManualClock(new Date('2026-03-01T21:37:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

async function runningRobot() {
  const user = await insertUser(t.db);
  const { token } = await t.app.services.sessions.issue(user.id);
  const headers = { authorization: `Bearer ${token}`, userid: user.id };
  await t.app.services.ledger.post({
    kind: 'deposit',
    idempotencyKey: `records:${user.id}`,
    postings: [
      { account: platformAccount('custody', 'trc20'), amount: -parseAmount('500') },
      { account: userAccount(user.id, 'available'), amount: parseAmount('500') },
    ],
  });
  const created = await t.call<{ robot_id: string }>(
    '/api/user/quancreate',
    { market: 'BTC/USDT', direction: 'neutral', principal: '100' },
    headers,
  );
  const robotId = created.data!.robot_id;
  const started = await t.call(
    '/api/user/openquan',
    { robot_id: robotId, action: 'start' },
    headers,
  );
  expect(started.code).toBe(1);
  return robotId;
}

describe('a running robot’s record kept in memory', () => {
  it('moves on by its new snapshots to exactly what a fresh read gives, with one full read an hour', async () => {
    const repo = t.app.services.robotRepo;
    const robotId = await runningRobot();
    const row = (await repo.byId(robotId))!;
    let fullReads = 0;
    const counted: RobotRepository = {
      ...repo,
      history: (options) => {
        fullReads += 1;
        return repo.history(options);
      },
    };
    const kept = robotRecords({ repo: counted, clock });
    const price = () => parseAmount('64000');
    let answeredNow = 0;
    const compare = async () => {
      const fresh = await robotRecords({ repo, clock }).recordOf(row, price);
      // Not moved on to this minute yet: the answer without waiting declines.
      expect(kept.liveRecordNow(row, price)).toBeUndefined();
      expect(await kept.recordOf(row, price)).toEqual(fresh);
      // Moved on: the same fields without waiting, as the waiting call gives them.
      const now = kept.liveRecordNow(row, price);
      expect(now).toEqual(await kept.liveRecord(row, price));
      if (now) answeredNow += 1;
      return fresh;
    };

    // PnL in units of 10^-8 USDT: a walk with a new peak, drawdowns deeper than the last.
    let pnl = 0n;
    const walk = [3, 5, -2, -9, 4, 12, -15, -1, 6, 20, -30, 2];
    let step = 0;
    const snapshot = async (at: Date) => {
      pnl += BigInt(walk[step++ % walk.length]!) * 1_000_000n;
      await repo.insertSnapshots([{ robot_id: robotId, t: at, pnl }]);
    };
    const minuteNow = () => new Date(Math.floor(clock.now().getTime() / MINUTE) * MINUTE);

    await compare(); // no snapshot yet
    // Minute by minute for three hours (past midnight), some minutes with no snapshot (a
    // worker restarting), some calls skipping minutes.
    for (let i = 0; i < 180; i += 1) {
      clock.advance(MINUTE);
      if (i % 17 !== 5) await snapshot(minuteNow());
      if (i % 3 === 0) await compare();
    }
    // Read whole once, then again at each new hour (22:00, 23:00, 00:00): 60 calls, 4 reads.
    expect(fullReads).toBe(4);
    expect(answeredNow).toBe(61);

    // Then hour by hour to the tenth day, three snapshots an hour (one on the hour), thinned
    // to that one as they pass two days old (the engine's thinning, each new hour).
    let last: Awaited<ReturnType<typeof compare>> | undefined;
    for (let h = 0; h < 9 * 24; h += 1) {
      clock.advance(HOUR);
      const hour = Math.floor(clock.now().getTime() / HOUR) * HOUR;
      for (const at of [hour, hour + 20 * MINUTE, minuteNow().getTime()]) {
        await snapshot(new Date(at));
      }
      await repo.thinSnapshots(new Date(clock.now().getTime() - 48 * HOUR));
      last = await compare();
    }
    // A week on, the 7-day ROI slides with the hour; the rest moves on by the minute.
    expect(last!.roi_7d).not.toBe(last!.roi_30d);
    expect(last!.sharpe).not.toBe('');
    expect(Number(last!.max_drawdown)).toBeGreaterThan(0);
    // One read an hour.
    expect(fullReads).toBe(4 + 9 * 24);
  });

  it("answers from the minute before while the minute's read is in flight, not queued behind it", async () => {
    const repo = t.app.services.robotRepo;
    const robotId = await runningRobot();
    const row = (await repo.byId(robotId))!;
    await repo.insertSnapshots([{ robot_id: robotId, t: clock.now(), pnl: 5_000_000n }]);
    let release = () => {};
    const held: RobotRepository = {
      ...repo,
      snapshotsSince: async (...args) => {
        await new Promise<void>((resolve) => (release = resolve));
        return repo.snapshotsSince(...args);
      },
    };
    const kept = robotRecords({ repo: held, clock });
    const price = () => parseAmount('64000');
    const before = await kept.recordOf(row, price);
    clock.advance(MINUTE);
    await repo.insertSnapshots([{ robot_id: robotId, t: clock.now(), pnl: 9_000_000n }]);
    const first = kept.recordOf(row, price); // moves every kept record on: waits for the read
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await kept.recordOf(row, price)).toEqual(before); // meanwhile: the minute before
    expect(kept.liveRecordNow(row, price)).toEqual(await kept.liveRecord(row, price));
    // Another row object (the robot read again) is checked again first: no answer now.
    expect(kept.liveRecordNow({ ...row }, price)).toBeUndefined();
    release();
    const moved = await first;
    expect(moved).toEqual(await robotRecords({ repo, clock }).recordOf(row, price));
    expect(moved.roi_7d).not.toBe(before.roi_7d);
    expect(await kept.recordOf(row, price)).toEqual(moved);
  });
});
