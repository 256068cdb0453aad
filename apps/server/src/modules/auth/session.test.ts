// Token handling through a real call (logout): who calls is the token, the `userid`
// header is only checked, sessions expire and rotate.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../ports/clock.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { insertUser } from '../../../test/users.ts';
import { cachingPair } from '../../../test/caches.ts';
import { sessionRepository } from './session.repository.ts';
import { hashToken, SESSION_CACHE_MS } from './session.service.ts';

const clock = new ManualClock(new Date('2026-03-01T00:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: { SESSION_IDLE_HOURS: '2', SESSION_ABSOLUTE_HOURS: '48', SESSION_ROTATE_MINUTES: '60' },
  });
});
afterAll(() => t.close());

const bearer = (token: string, userId?: string) => ({
  authorization: `Bearer ${token}`,
  ...(userId ? { userid: userId } : {}),
});

describe('sessions', () => {
  it('refuses a signed-in call without a token, with tologin 1, translated', async () => {
    const reply = await t.call('/api/user/logout', { lang: 'fr' });
    expect(reply.code).toBe(10000);
    expect(reply.tologin).toBe(1);
    expect(reply.msg).not.toBe('Please log in first.');
  });

  it('refuses an unknown or malformed token', async () => {
    expect((await t.call('/api/user/logout', {}, bearer('x'.repeat(43)))).code).toBe(10000);
    expect((await t.call('/api/user/logout', {}, bearer('short'))).code).toBe(10000);
  });

  it('stores only a hash of the token', async () => {
    const user = await insertUser(t.db);
    const { token } = await t.app.services.sessions.issue(user.id);
    const rows = await t.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash.equals(hashToken(token)))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('lets the token decide who calls: a userid of another user is code 10000', async () => {
    const alice = await insertUser(t.db);
    const bob = await insertUser(t.db);
    const { token } = await t.app.services.sessions.issue(alice.id);
    const reply = await t.call('/api/user/logout', { lang: 'en' }, bearer(token, bob.id));
    expect(reply).toMatchObject({ code: 10000, tologin: 1 });
    // The mismatch changed nothing: Alice's session still works.
    expect((await t.call('/api/user/logout', {}, bearer(token, alice.id))).code).toBe(1);
  });

  it('honours a revocation made by another process within a second', async () => {
    const user = await insertUser(t.db);
    const { token } = await t.app.services.sessions.issue(user.id);
    expect((await t.call('/api/user/userinfo', {}, bearer(token))).code).toBe(1);
    // Another API process (or an operator) revokes it straight in the database.
    await t.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('user_id', '=', user.id)
      .execute();
    await new Promise((resolve) => setTimeout(resolve, SESSION_CACHE_MS + 100));
    expect((await t.call('/api/user/userinfo', {}, bearer(token))).code).toBe(10000);
  });

  it('logout revokes the session', async () => {
    const user = await insertUser(t.db);
    const { token } = await t.app.services.sessions.issue(user.id);
    expect((await t.call('/api/user/logout', {}, bearer(token))).code).toBe(1);
    expect((await t.call('/api/user/logout', {}, bearer(token))).code).toBe(10000);
  });

  it('ends an idle session', async () => {
    const user = await insertUser(t.db);
    const { token } = await t.app.services.sessions.issue(user.id);
    clock.advance(2 * 3_600_000 + 1);
    expect((await t.call('/api/user/logout', {}, bearer(token))).code).toBe(10000);
  });

  it('rotates an older token through the reply header and ends the old one after a grace', async () => {
    const user = await insertUser(t.db);
    const first = await t.app.services.sessions.issue(user.id);
    clock.advance(61 * 60_000);
    // Any signed-in call would do; use the session service the auth hook uses.
    const resolved = await t.app.services.sessions.resolve(first.token);
    expect(resolved?.rotatedToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rotated = resolved!.rotatedToken!;
    // Within the grace period the old token still works (requests in flight).
    expect((await t.app.services.sessions.resolve(first.token))?.userId).toBe(user.id);
    clock.advance(61_000);
    expect(await t.app.services.sessions.resolve(first.token)).toBeNull();
    expect((await t.call('/api/user/logout', {}, bearer(rotated, user.id))).code).toBe(1);
  });

  it('sends the rotated token in the Authorization reply header', async () => {
    const user = await insertUser(t.db);
    const { token } = await t.app.services.sessions.issue(user.id);
    clock.advance(61 * 60_000);
    const reply = await t.call('/api/user/logout', {}, bearer(token, user.id));
    expect(reply.code).toBe(1);
    expect(String(reply.headers.authorization)).toMatch(/^Bearer [A-Za-z0-9_-]{43}$/);
  });

  it('ends every session at its absolute expiry, rotated or not', async () => {
    const user = await insertUser(t.db);
    let { token } = await t.app.services.sessions.issue(user.id);
    for (let hour = 0; hour < 47; hour += 1) {
      clock.advance(3_600_000);
      const resolved = await t.app.services.sessions.resolve(token);
      expect(resolved, `hour ${hour}`).not.toBeNull();
      token = resolved?.rotatedToken ?? token;
    }
    clock.advance(3_600_000);
    expect(await t.app.services.sessions.resolve(token)).toBeNull();
  });

  it("writes the crowd's last active times behind the answers, in one statement, never back", async () => {
    const users = await Promise.all([insertUser(t.db), insertUser(t.db)]);
    const issued = await Promise.all(users.map((u) => t.app.services.sessions.issue(u.id)));
    const lastSeen = async () =>
      (
        await t.db
          .selectFrom('sessions')
          .select('last_seen_at')
          .where(
            'user_id',
            'in',
            users.map((u) => u.id),
          )
          .execute()
      ).map((r) => new Date(r.last_seen_at).getTime());
    const before = clock.now().getTime();
    clock.advance(6 * 60_000); // past the five minutes between writes
    for (const { token } of issued) {
      expect((await t.call('/api/user/userinfo', {}, bearer(token))).code).toBe(1);
    }
    await t.app.services.sessions.flushTouches();
    expect(await lastSeen()).toEqual([before + 6 * 60_000, before + 6 * 60_000]);
    // A write that arrives late (an earlier batch, another process) does not move it back.
    await sessionRepository(t.db).touch(
      issued.map((s) => ({ id: s.sessionId, at: new Date(before) })),
    );
    expect(await lastSeen()).toEqual([before + 6 * 60_000, before + 6 * 60_000]);
  });

  it('ends the sessions of a frozen user', async () => {
    const user = await insertUser(t.db);
    const { token } = await t.app.services.sessions.issue(user.id);
    await t.db.updateTable('users').set({ status: 'frozen' }).where('id', '=', user.id).execute();
    expect((await t.call('/api/user/logout', {}, bearer(token))).code).toBe(10000);
  });
});

describe('sessions kept while changes are announced (decision 156)', () => {
  let pair: { t: TestApp; other: TestApp };
  beforeAll(async () => {
    pair = await cachingPair();
  });
  afterAll(async () => {
    await pair.other.close();
    await pair.t.close();
  });
  const refused = (app: TestApp, token: string) =>
    vi.waitFor(
      async () =>
        expect((await app.call('/api/user/userinfo', {}, bearer(token))).code).toBe(10000),
      { timeout: SESSION_CACHE_MS * 0.9, interval: 20 },
    );

  it('honours a sign-out in another process as soon as it is announced', async () => {
    const { t: api, other } = pair;
    expect(api.app.services.sessionChanges.active).toBe(true);
    const user = await insertUser(api.db);
    const { token } = await api.app.services.sessions.issue(user.id);
    expect((await api.call('/api/user/userinfo', {}, bearer(token))).code).toBe(1);
    expect((await other.call('/api/user/logout', {}, bearer(token))).code).toBe(1);
    await refused(api, token);
  });

  it('honours a freeze made straight in the database as soon as it is announced', async () => {
    const { t: api } = pair;
    const user = await insertUser(api.db);
    const { token } = await api.app.services.sessions.issue(user.id);
    expect((await api.call('/api/user/userinfo', {}, bearer(token))).code).toBe(1);
    await api.db.updateTable('users').set({ status: 'frozen' }).where('id', '=', user.id).execute();
    await refused(api, token);
  });
});
