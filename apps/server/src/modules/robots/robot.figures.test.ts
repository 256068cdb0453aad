// quaninfo's robot kept in memory (decision 198), as an investor would notice it: what did
// not change is answered from memory, and whatever changes the robot (an action in any
// process, a ledger post to its owner, a disable from the command line) shows on the next
// calls, within the announcement's few milliseconds.
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { parseAmount } from '@olive/protocol';
import { listenTo, until, withCachingPair } from '../../../test/caches.ts';
import type { TestApp } from '../../../test/harness.ts';
import { insertUser } from '../../../test/users.ts';
import type { Db } from '../../db/database.ts';
import { BALANCE_CHANNEL } from '../../db/user-cache.ts';
import { translate } from '../../i18n/index.ts';
import { platformAccount, userAccount } from '../ledger/ledger.service.ts';
import { robotRepository } from './robot.repository.ts';
import { Robot } from './routes.ts';

let t: TestApp;
let other: TestApp;
withCachingPair((pair) => ({ t, other } = pair));

/** A deposit posted by `app`, in a transaction of its own or in the caller's `trx`. */
const deposit = (app: TestApp, userId: string, amount: string, trx?: Db) =>
  app.app.services.ledger.post(
    {
      kind: 'deposit',
      idempotencyKey: `figures:${userId}:${amount}:${Math.random()}`,
      postings: [
        { account: platformAccount('custody', 'trc20'), amount: -parseAmount(amount) },
        { account: userAccount(userId, 'available'), amount: parseAmount(amount) },
      ],
    },
    trx,
  );

/** An investor with a running 100 USDT neutral grid, started through the API. */
async function runningRobot() {
  const user = await insertUser(t.db);
  const { token } = await t.app.services.sessions.issue(user.id);
  const headers = { authorization: `Bearer ${token}`, userid: user.id };
  await deposit(t, user.id, '500');
  const created = await t.call<{ robot_id: string }>(
    '/api/user/quancreate',
    { market: 'BTC/USDT', direction: 'neutral', principal: '100' },
    headers,
  );
  expect(created.code).toBe(1);
  const robotId = created.data!.robot_id;
  expect(
    (await t.call('/api/user/openquan', { robot_id: robotId, action: 'start' }, headers)).code,
  ).toBe(1);
  const info = async (app = t, lang = 'en') =>
    (
      await app.call<Record<string, string | number | boolean>>(
        '/api/user/quaninfo',
        { robot_id: robotId, lang },
        headers,
      )
    ).data!;
  await settled(); // the start is announced, and a second has passed since this process wrote it
  return { userId: user.id, robotId, headers, info };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 1_100));

/** A change no process announces: only a read of the database shows it. */
const shareByHand = (robotId: string, pct: number) =>
  sql`update robots set profit_share_pct = ${pct} where id = ${robotId}`.execute(t.ownerDb);

describe('quaninfo with the robot kept in memory', () => {
  it('answers a robot nothing changed from memory', async () => {
    const r = await runningRobot();
    expect((await r.info()).profit_share_pct).toBe(10);
    await shareByHand(r.robotId, 30);
    // Unannounced, so unseen: the answer came from memory, not from the row.
    expect((await r.info()).profit_share_pct).toBe(10);
    expect((await r.info(other)).profit_share_pct).toBe(30); // read afresh there
    // Kept in memory, and still only its owner's: another investor naming it is refused.
    const stranger = await insertUser(t.db);
    const { token } = await t.app.services.sessions.issue(stranger.id);
    const refused = await t.call(
      '/api/user/quaninfo',
      { robot_id: r.robotId, lang: 'en' },
      { authorization: `Bearer ${token}`, userid: stranger.id },
    );
    expect(refused.code).toBe(0);
    expect(refused.msg).toBe(translate('en', 'robot.not_found'));
    expect(JSON.stringify(refused)).not.toContain('profit_share_pct');
  });

  it('writes what moves on every answer from memory: the age, and the name in the language asked', async () => {
    const r = await runningRobot();
    const first = await r.info();
    // Exactly the documented fields, of the documented types: the reply is JSON text
    // (decision 203), which no schema serialiser trims.
    expect(Value.Check(Type.Object(Robot.properties, { additionalProperties: false }), first)).toBe(
      true,
    );
    await shareByHand(r.robotId, 30);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const later = await r.info();
    expect(later.profit_share_pct).toBe(10); // from memory
    expect(Number(later.duration_seconds)).toBeGreaterThan(Number(first.duration_seconds));
    expect(Date.parse(String(later.started_at))).toBe(Date.parse(String(first.started_at)));
    const arabic = await r.info(t, 'ar');
    expect(arabic.name).not.toBe(first.name);
    expect(arabic.profit_share_pct).toBe(10); // the same figures, written in Arabic
    expect((await r.info()).name).toBe(first.name);
  });

  it("shows an action taken in another process at once, and a post to the owner's balances", async () => {
    const r = await runningRobot();
    expect((await r.info()).public).toBe(false);
    const published = await other.call(
      '/api/user/openquan',
      { robot_id: r.robotId, action: 'publish', profit_share_pct: '20' },
      r.headers,
    );
    expect(published.code).toBe(1);
    await until(async () => String((await r.info()).public), 'true');
    expect((await r.info()).profit_share_pct).toBe(20);

    // A post to the owner (a fill's fee, a deposit) drops their robots too.
    await settled();
    expect((await r.info()).profit_share_pct).toBe(20);
    await shareByHand(r.robotId, 30);
    expect((await r.info()).profit_share_pct).toBe(20);
    await deposit(other, r.userId, '1');
    await until(async () => String((await r.info()).profit_share_pct), '30');

    const stopped = await other.call(
      '/api/user/openquan',
      { robot_id: r.robotId, action: 'stop' },
      r.headers,
    );
    expect(stopped.code).toBe(1);
    await until(async () => String((await r.info()).status), 'ended');
    expect((await r.info()).current_principal).toBe('0');
  });

  it("announces a robot's transaction in another process once, after it commits, with the ledger's posts in it", async () => {
    const r = await runningRobot();
    expect((await r.info()).profit_share_pct).toBe(10);
    const heard = await listenTo(t.databaseUrl, BALANCE_CHANNEL);
    try {
      // As a fill books itself: a post to the owner and a write of the row, in the robot
      // repository's transaction, in the engine's process; and a post to someone whose
      // robot is not written (a leader paid a copy's profit share), named by the post alone.
      const payee = await insertUser(t.db);
      const repo = other.app.services.robotRepo;
      await repo.transaction(async (trx) => {
        await deposit(other, r.userId, '1', trx);
        await deposit(other, payee.id, '1', trx);
        await repo.update(trx, r.robotId, { profit_share_pct: 30 });
        await new Promise((resolve) => setTimeout(resolve, 400));
        // Nothing was announced while it was open: the kept figures still serve.
        expect(heard.naming(r.userId)).toEqual([]);
        expect(heard.naming(payee.id)).toEqual([]);
        expect((await r.info()).profit_share_pct).toBe(10);
      });
      const committedAt = Date.now();
      await until(async () => String((await r.info()).profit_share_pct), '30');
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      for (const userId of [r.userId, payee.id]) {
        const times = heard.naming(userId);
        expect(times).toHaveLength(1);
        expect(times[0]!).toBeGreaterThanOrEqual(committedAt);
      }
    } finally {
      await heard.close();
    }
  });

  it('shows an action of this process on its own answer, with nothing stale after it', async () => {
    const r = await runningRobot();
    expect((await r.info()).status).toBe('running');
    const stopped = await t.call<{ status: string }>(
      '/api/user/openquan',
      { robot_id: r.robotId, action: 'stop' },
      r.headers,
    );
    expect(stopped.data!.status).toBe('ended');
    expect((await r.info()).status).toBe('ended');
  });

  it('shows a robot disabled from the command line, which keeps no cache', async () => {
    const r = await runningRobot();
    expect((await r.info()).disabled).toBe(false);
    expect((await r.info(other)).disabled).toBe(false);
    // The command line's repository, as `olive robots disable` builds it: no cache to tell.
    await robotRepository(t.db).setDisabled(r.robotId, true, new Date());
    await until(async () => String((await r.info()).disabled), 'true');
    await until(async () => String((await r.info(other)).disabled), 'true');
  });
});
