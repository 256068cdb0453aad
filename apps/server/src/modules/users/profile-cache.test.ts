// userinfo's profile cache as an investor would notice it (decision 121): a nickname or a
// saved address changed through the app shows on the very next call; one changed by
// another process, or by hand in SQL, within moments; a profile that did not change is
// answered from memory.
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { register } from '../../../test/accounts.ts';
import { until, withCachingPair } from '../../../test/caches.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let other: TestApp;
withCachingPair((pair) => ({ t, other } = pair));

interface Info {
  nickname: string;
  language: string;
  addresses: { erc20: string; bep20: string; trc20: string };
}
const info = async (app: TestApp, headers: Record<string, string>) =>
  (await app.call<Info>('/api/user/userinfo', { lang: 'en' }, headers)).data!;

const ERC20 = '0x00000000000000000000000000000000000c0ffe';

describe('profile cache', () => {
  it('listens once the app is built, and only with a connection string', async () => {
    expect(t.app.services.profileCache.active).toBe(true);
    const plain = await createTestApp({ database: { db: t.db, url: t.databaseUrl } as never });
    expect(plain.app.services.profileCache.active).toBe(false);
    await plain.close();
  });

  it('shows a nickname and an address saved through the app on the very next call', async () => {
    const user = await register(t, { fund_password: '246810' });
    expect((await info(t, user.headers)).addresses.erc20).toBe('');
    const named = await t.call('/api/user/setname', { nickname: 'Olive grower' }, user.headers);
    expect(named.code, named.msg).toBe(1);
    expect((await info(t, user.headers)).nickname).toBe('Olive grower');

    const saved = await t.call(
      '/api/user/setaddress',
      { network: 'erc20', address: ERC20, fund_password: '246810' },
      user.headers,
    );
    expect(saved.code, saved.msg).toBe(1);
    expect((await info(t, user.headers)).addresses.erc20).toBe(ERC20);
  });

  it('shows a change made by another process or by hand in SQL within moments', async () => {
    const user = await register(t);
    await info(t, user.headers);
    const renamed = await other.call('/api/user/setname', { nickname: 'Elsewhere' }, user.headers);
    expect(renamed.code, renamed.msg).toBe(1);
    expect(
      await until(async () => (await info(t, user.headers)).nickname, 'Elsewhere'),
    ).toBeLessThan(1_000);

    // An operator's edit in SQL: no process of ours made it, the trigger announces it.
    await sql`update users set lang = 'ar' where id = ${user.userId}`.execute(t.db);
    await until(async () => (await info(t, user.headers)).language, 'ar');
    await sql`
      insert into withdrawal_addresses (user_id, network, address)
      values (${user.userId}, 'bep20', ${ERC20})
    `.execute(t.db);
    await until(async () => (await info(t, user.headers)).addresses.bep20, ERC20);
    await sql`delete from withdrawal_addresses where user_id = ${user.userId}`.execute(t.db);
    await until(async () => (await info(t, user.headers)).addresses.bep20, '');
  });

  it('answers a profile that did not change from memory', async () => {
    const cached = await register(t);
    const fresh = await register(t);
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // past the touch window
    expect((await info(t, cached.headers)).nickname).toBeTruthy(); // read, and kept

    const locker = new pg.Client({ connectionString: t.databaseUrl });
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query('lock table withdrawal_addresses in access exclusive mode');
      const timeout = (ms: number) =>
        new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), ms));
      // The cached investor is answered although the saved addresses are locked...
      const answered = await Promise.race([info(t, cached.headers), timeout(1_500)]);
      expect(answered).not.toBe('blocked');
      // ...an investor whose profile was never read waits for the lock.
      const waiting = info(t, fresh.headers);
      expect(await Promise.race([waiting, timeout(300)])).toBe('blocked');
      await locker.query('rollback');
      expect((await waiting).addresses.erc20).toBe('');
    } finally {
      await locker.end();
    }
  });

  it('announces nothing for a change userinfo does not show', async () => {
    const user = await register(t);
    const listener = new pg.Client({ connectionString: t.databaseUrl });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    try {
      await listener.query('listen user_changed');
      await sql`update users set fund_password_failures = 1 where id = ${user.userId}`.execute(
        t.db,
      );
      await sql`update users set nickname = 'Heard' where id = ${user.userId}`.execute(t.db);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toEqual([user.userId]);
    } finally {
      await listener.end();
    }
  });

  it("clears Home's unread-notice badge in every process when the list is opened in one", async () => {
    const notice = async (title: string) => {
      const { rows } = await sql<{ id: string }>`
        insert into content_items (kind, published_at, created_at, updated_at)
        values ('notice', now(), now(), now()) returning id
      `.execute(t.db);
      await sql`
        insert into content_translations (item_id, lang, title, updated_at)
        values (${rows[0]!.id}, 'en', ${title}, now())
      `.execute(t.db);
    };
    const user = await register(t);
    const unread = async (app: TestApp) =>
      (await app.call<{ unread_notices: number }>('/api/main/maininfo', {}, user.headers)).data!
        .unread_notices;
    await notice('Cached badge');
    const before = await unread(t);
    expect(before).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // past the touch window
    expect(await unread(t)).toBe(before); // read, and kept

    // Opened in another process: this one drops what it kept once the write commits.
    const opened = await other.call('/api/main/notice', {}, user.headers);
    expect(opened.code, opened.msg).toBe(1);
    expect(await until(async () => String(await unread(t)), '0')).toBeLessThan(1_000);
    // A notice published afterwards counts at once (the notices' times are not per user).
    await notice('After the badge');
    expect(await unread(t)).toBe(1);
  });
});
