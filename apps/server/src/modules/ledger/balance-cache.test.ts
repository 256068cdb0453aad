// The balance cache as an investor would notice it: a balance that moved shows at once
// (moved by this process or by another), a balance that did not move is answered from
// memory, and without its listening connection nothing is served from memory.
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { parseAmount } from '@olive/protocol';
import { listenTo, until, withCachingPair } from '../../../test/caches.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { insertUser } from '../../../test/users.ts';
import type { Db } from '../../db/database.ts';
import { BALANCE_CHANNEL } from '../../db/user-cache.ts';
import { platformAccount, userAccount } from './ledger.service.ts';

let t: TestApp;
let other: TestApp;
withCachingPair((pair) => ({ t, other } = pair));

async function investor() {
  const user = await insertUser(t.db);
  const { token } = await t.app.services.sessions.issue(user.id);
  return { id: user.id, headers: { authorization: `Bearer ${token}`, userid: user.id } };
}

/** A deposit posted by `app`, in a transaction of its own or in the caller's `trx`. */
const deposit = (app: TestApp, userId: string, amount: string, key: string, trx?: Db) =>
  app.app.services.ledger.post(
    {
      kind: 'deposit',
      idempotencyKey: key,
      postings: [
        { account: platformAccount('custody', 'trc20'), amount: -parseAmount(amount) },
        { account: userAccount(userId, 'available'), amount: parseAmount(amount) },
      ],
    },
    trx,
  );

const balanceOf = async (headers: Record<string, string>) =>
  (await t.call<{ balance: string }>('/api/user/userinfo', { lang: 'en' }, headers)).data!.balance;
const homeTotal = async (headers: Record<string, string>) =>
  (
    await t.call<{ assets: { total_assets: string } }>(
      '/api/main/maininfo',
      { lang: 'en' },
      headers,
    )
  ).data!.assets.total_assets;

const settled = () => new Promise((resolve) => setTimeout(resolve, 1_100));
const timeout = (ms: number) =>
  new Promise<string>((resolve) => setTimeout(() => resolve('blocked'), ms));

/**
 * Runs `during` while another connection holds the balances table locked: what answers
 * then was served from memory. What `during` returns runs after the lock is released.
 */
async function whileLocked(during: () => Promise<(() => Promise<void>) | void>) {
  const locker = new pg.Client({ connectionString: t.databaseUrl });
  await locker.connect();
  try {
    await locker.query('begin');
    await locker.query('lock table accounts in access exclusive mode');
    const after = await during();
    await locker.query('rollback');
    await after?.();
  } finally {
    await locker.end();
  }
}

describe('balance cache', () => {
  it('listens once the app is built, and only with a connection string', async () => {
    expect(t.app.services.balances.active).toBe(true);
    expect(other.app.services.balances.active).toBe(true);
    const plain = await createTestApp({ database: { db: t.db, url: t.databaseUrl } as never });
    expect(plain.app.services.balances.active).toBe(false);
    await plain.close();
  });

  it('shows a deposit made by this process on the very next call', async () => {
    const user = await investor();
    expect(await balanceOf(user.headers)).toBe('0');
    expect(await homeTotal(user.headers)).toBe('0');
    await deposit(t, user.id, '12.5', `cache:own:${user.id}`);
    expect(await balanceOf(user.headers)).toBe('12.5');
    expect(await homeTotal(user.headers)).toBe('12.5');
  });

  it('shows a deposit or a batch made by another process within moments', async () => {
    const user = await investor();
    expect(await balanceOf(user.headers)).toBe('0');
    await deposit(other, user.id, '3', `cache:other:${user.id}`);
    expect(await until(() => balanceOf(user.headers), '3')).toBeLessThan(1_000);

    // A batch post (a payout) in the other process, for this user and another.
    const second = await investor();
    expect(await balanceOf(second.headers)).toBe('0');
    await other.app.services.ledger.postBatch(
      [user.id, second.id].map((id) => ({
        kind: 'deposit',
        idempotencyKey: `cache:batch:${id}`,
        postings: [
          { account: platformAccount('custody', 'trc20'), amount: -parseAmount('1') },
          { account: userAccount(id, 'available'), amount: parseAmount('1') },
        ],
      })),
    );
    await until(() => balanceOf(user.headers), '4');
    await until(() => balanceOf(second.headers), '1');
  });

  it("announces a post that committed once, and one in a caller's transaction again after it commits", async () => {
    const heard = await listenTo(t.databaseUrl, BALANCE_CHANNEL);
    try {
      // A post of its own (its transaction committed when it returned): one announcement.
      const user = await investor();
      expect(await balanceOf(user.headers)).toBe('0');
      await deposit(other, user.id, '2', `cache:once:${user.id}`);
      await until(() => balanceOf(user.headers), '2');
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      expect(heard.naming(user.id)).toHaveLength(1);

      // In a caller's transaction that commits later: the first announcement comes before
      // the commit, and the one a second later shows the post to a process that read the
      // balance in between.
      const late = await investor();
      expect(await balanceOf(late.headers)).toBe('0');
      let committedAt = 0;
      await other.db.transaction().execute(async (trx) => {
        await deposit(other, late.id, '5', `cache:late:${late.id}`, trx);
        // Read while the transaction is open, after the first announcement: kept in memory.
        await expect.poll(() => heard.naming(late.id).length).toBe(1);
        expect(await balanceOf(late.headers)).toBe('0');
      });
      committedAt = Date.now();
      await until(() => balanceOf(late.headers), '5');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const times = heard.naming(late.id);
      expect(times).toHaveLength(2);
      expect(times[0]!).toBeLessThan(committedAt);
      expect(times[1]!).toBeGreaterThanOrEqual(committedAt);
    } finally {
      await heard.close();
    }
  });

  it('shows a credits post (a day of mining payouts) from either process, though cached', async () => {
    const a = await investor();
    const b = await investor();
    const credit = (app: TestApp, key: string) =>
      app.db.transaction().execute((trx) =>
        app.app.services.ledger.postCredits(trx, {
          kind: 'mining_payout',
          idempotencyKey: key,
          from: platformAccount('mining_payout'),
          userKind: 'available',
          credits: sql`select id as user_id, 200000000::bigint as amount from users
                       where id in (${a.id}, ${b.id})`,
        }),
      );
    await deposit(t, a.id, '1', `cache:credits:${a.id}`);
    await settled();
    expect(await balanceOf(a.headers)).toBe('1'); // read, and kept
    expect(await balanceOf(b.headers)).toBe('0');
    await credit(t, `cache:credits:own:${a.id}`);
    expect(await balanceOf(a.headers)).toBe('3');
    expect(await balanceOf(b.headers)).toBe('2');
    await settled();
    expect(await balanceOf(a.headers)).toBe('3'); // kept again
    await credit(other, `cache:credits:other:${a.id}`);
    expect(await until(() => balanceOf(a.headers), '5')).toBeLessThan(1_000);
    await until(() => balanceOf(b.headers), '4');
  });

  it('answers a balance that did not move from memory', async () => {
    const cached = await investor();
    const fresh = await investor();
    await deposit(t, cached.id, '7', `cache:memory:${cached.id}`);
    await settled(); // past the touch window
    expect(await balanceOf(cached.headers)).toBe('7'); // read, and kept
    await whileLocked(async () => {
      // The cached investor is answered although the balances table is locked...
      expect(await Promise.race([balanceOf(cached.headers), timeout(1_500)])).toBe('7');
      // ...an investor whose balance was never read waits for the lock.
      const waiting = balanceOf(fresh.headers);
      expect(await Promise.race([waiting, timeout(300)])).toBe('blocked');
      return async () => expect(await waiting).toBe('0');
    });
  });

  it("keeps in memory the balances a payout did not credit (a crowd's calls stay cheap)", async () => {
    const renter = await investor();
    const bystander = await investor();
    await deposit(t, bystander.id, '4', `cache:bystander:${bystander.id}`);
    await settled();
    expect(await balanceOf(bystander.headers)).toBe('4'); // read, and kept
    expect(await balanceOf(renter.headers)).toBe('0');
    await t.db.transaction().execute((trx) =>
      t.app.services.ledger.postCredits(trx, {
        kind: 'mining_payout',
        idempotencyKey: `cache:payout:${renter.id}`,
        from: platformAccount('mining_payout'),
        userKind: 'available',
        credits: sql`select ${renter.id}::bigint as user_id, 100000000::bigint as amount`,
      }),
    );
    expect(await until(() => balanceOf(renter.headers), '1')).toBeLessThan(1_000);
    await whileLocked(async () => {
      // Not dropped: answered although the balances table is locked.
      expect(await Promise.race([balanceOf(bystander.headers), timeout(1_500)])).toBe('4');
    });
  });

  it('shows what a process posted without announcing it once that process listens again', async () => {
    const user = await investor();
    await deposit(t, user.id, '1', `cache:unannounced:${user.id}`);
    await settled();
    expect(await balanceOf(user.headers)).toBe('1'); // read, and kept
    // A process that posts and dies before its announcement: here one that never listens.
    const silent = await createTestApp({ database: { db: t.db, url: t.databaseUrl } as never });
    await deposit(silent, user.id, '1', `cache:unannounced2:${user.id}`);
    await silent.close();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await balanceOf(user.headers)).toBe('1'); // nobody was told
    // Started again (or any process starting or listening again), it tells everybody.
    const back = await createTestApp({
      database: { db: t.db, url: t.databaseUrl } as never,
      balanceCache: true,
    });
    try {
      expect(await until(() => balanceOf(user.headers), '2')).toBeLessThan(1_000);
    } finally {
      await back.close();
    }
  });

  it('serves nothing from memory while its connection is down, and listens again', async () => {
    const user = await investor();
    await deposit(t, user.id, '1', `cache:lost:${user.id}`);
    await settled();
    expect(await balanceOf(user.headers)).toBe('1');

    await sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'olive-cache-ledger_moved' and datname = current_database()
    `.execute(t.db);
    const started = Date.now();
    while (t.app.services.balances.active && Date.now() - started < 2_000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(t.app.services.balances.active).toBe(false);
    // Moved while nobody listens: the next call still reads it.
    await deposit(other, user.id, '1', `cache:lost2:${user.id}`);
    expect(await balanceOf(user.headers)).toBe('2');

    const both = () => t.app.services.balances.active && other.app.services.balances.active;
    while (!both() && Date.now() - started < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(both()).toBe(true);
    await deposit(other, user.id, '1', `cache:lost3:${user.id}`);
    await until(() => balanceOf(user.headers), '3');
  });
});
