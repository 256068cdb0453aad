// Sign-in, sign-out and password changes as a user meets them, including brute force.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../i18n/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { captcha, register } from '../../../test/accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(() => t.close());

let ipCounter = 0;
const fromIp = () => ({ 'x-forwarded-for': `192.0.2.${++ipCounter}` });

describe('login', () => {
  it('signs in with account and password and answers a working token', async () => {
    const user = await register(t);
    const reply = await t.call<{ token: string; user_id: string }>('/api/user/login', {
      account: user.account.toUpperCase(),
      password: user.password,
    });
    expect(reply).toMatchObject({ code: 1, data: { user_id: user.userId } });
    const info = await t.call(
      '/api/user/userinfo',
      {},
      { authorization: `Bearer ${reply.data!.token}` },
    );
    expect(info.code).toBe(1);
  });

  it('gives the same answer for a wrong password and an unknown account', async () => {
    const user = await register(t);
    const headers = fromIp();
    const wrong = await t.call(
      '/api/user/login',
      { account: user.account, password: 'not-my-password' },
      headers,
    );
    const unknown = await t.call(
      '/api/user/login',
      { account: 'nobody@example.com', password: 'whatever-123' },
      fromIp(),
    );
    expect(wrong).toMatchObject({ code: 0, msg: translate('en', 'auth.login_failed') });
    expect(unknown.msg).toBe(wrong.msg);
  });

  it('asks for the image captcha after 3 failures, then accepts a solved one', async () => {
    const user = await register(t);
    for (let i = 0; i < 3; i++) {
      await t.call(
        '/api/user/login',
        { account: user.account, password: 'wrong-password' },
        fromIp(),
      );
    }
    const blocked = await t.call(
      '/api/user/login',
      { account: user.account, password: user.password },
      fromIp(),
    );
    expect(blocked).toMatchObject({
      code: 0,
      msg: translate('en', 'auth.login_captcha'),
      data: { captcha_required: true },
    });
    const ok = await t.call(
      '/api/user/login',
      { account: user.account, password: user.password, ...(await captcha(t)) },
      fromIp(),
    );
    expect(ok.code).toBe(1);
  });

  it('counts failures per IP too, across accounts', async () => {
    const headers = fromIp();
    for (let i = 0; i < 3; i++) {
      await t.call(
        '/api/user/login',
        { account: `probe${i}@example.com`, password: 'guess-123' },
        headers,
      );
    }
    const user = await register(t);
    const reply = await t.call(
      '/api/user/login',
      { account: user.account, password: user.password },
      headers,
    );
    expect(reply.data).toMatchObject({ captcha_required: true });
  });

  it('locks the account after 10 failures even with solved captchas', async () => {
    const user = await register(t);
    for (let i = 0; i < 10; i++) {
      await t.call(
        '/api/user/login',
        { account: user.account, password: 'wrong-password', ...(await captcha(t)) },
        fromIp(),
      );
    }
    const reply = await t.call(
      '/api/user/login',
      { account: user.account, password: user.password, ...(await captcha(t)) },
      fromIp(),
    );
    expect(reply).toMatchObject({
      code: 0,
      msg: translate('en', 'auth.login_locked', { minutes: 15 }),
    });
  });

  it('logout ends the session', async () => {
    const user = await register(t);
    expect((await t.call('/api/user/logout', {}, user.headers)).code).toBe(1);
    expect((await t.call('/api/user/userinfo', {}, user.headers)).code).toBe(10000);
  });

  it('refuses a userid header of another user', async () => {
    const alice = await register(t);
    const bob = await register(t);
    const reply = await t.call(
      '/api/user/userinfo',
      { lang: 'ja' },
      { ...alice.headers, userid: bob.userId },
    );
    expect(reply).toMatchObject({
      code: 10000,
      tologin: 1,
      msg: translate('ja', 'error.session_mismatch'),
    });
  });
});

describe('changing the login password', () => {
  it('needs the current password and ends every other session', async () => {
    const user = await register(t);
    const other = await t.call<{ token: string }>('/api/user/login', {
      account: user.account,
      password: user.password,
    });
    const otherHeaders = { authorization: `Bearer ${other.data!.token}` };

    const wrongOld = await t.call(
      '/api/user/loginpwd',
      { old_password: 'nope-nope-1', new_password: 'fresh-olive-77' },
      user.headers,
    );
    expect(wrongOld).toMatchObject({ code: 0, msg: translate('en', 'user.old_password_wrong') });
    const weak = await t.call(
      '/api/user/loginpwd',
      { old_password: user.password, new_password: '12345678' },
      user.headers,
    );
    expect(weak).toMatchObject({ code: 0, msg: translate('en', 'auth.password_common') });

    const changed = await t.call(
      '/api/user/loginpwd',
      { old_password: user.password, new_password: 'fresh-olive-77' },
      user.headers,
    );
    expect(changed.code).toBe(1);
    expect((await t.call('/api/user/userinfo', {}, user.headers)).code).toBe(1);
    expect((await t.call('/api/user/userinfo', {}, otherHeaders)).code).toBe(10000);
    expect(
      (
        await t.call(
          '/api/user/login',
          { account: user.account, password: user.password },
          fromIp(),
        )
      ).code,
    ).toBe(0);
    expect(
      (
        await t.call(
          '/api/user/login',
          { account: user.account, password: 'fresh-olive-77' },
          fromIp(),
        )
      ).code,
    ).toBe(1);
  });
});

describe('changing the fund password', () => {
  it('needs the login password and a code sent to the account', async () => {
    const user = await register(t);
    const sent = await t.call<{ sent_to: string }>(
      '/api/user/emailcode',
      { scene: 'fund_password' },
      user.headers,
    );
    expect(sent.code).toBe(1);
    expect(sent.data!.sent_to).toContain('***@example.com');
    const code = await t.codeFor(user.account);

    const wrongPassword = await t.call(
      '/api/user/setfundpassword',
      { password: 'not-it-123', code, fund_password: '975310' },
      user.headers,
    );
    expect(wrongPassword).toMatchObject({
      code: 0,
      msg: translate('en', 'user.old_password_wrong'),
    });
    const badFormat = await t.call(
      '/api/user/setfundpassword',
      { password: user.password, code, fund_password: '97531' },
      user.headers,
    );
    expect(badFormat).toMatchObject({
      code: 0,
      msg: translate('en', 'auth.fund_password_invalid'),
    });

    const ok = await t.call(
      '/api/user/setfundpassword',
      { password: user.password, code, fund_password: '975310' },
      user.headers,
    );
    expect(ok).toMatchObject({ code: 1, msg: translate('en', 'user.fund_password_changed') });
    const row = await t.db
      .selectFrom('users')
      .select('fund_password_changed_at')
      .where('id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(row.fund_password_changed_at).not.toBeNull();

    const reused = await t.call(
      '/api/user/setfundpassword',
      { password: user.password, code, fund_password: '864200' },
      user.headers,
    );
    expect(reused).toMatchObject({ code: 0, msg: translate('en', 'auth.code_expired') });
  });

  it('sends the code by SMS to an account registered by phone', async () => {
    const phone = `13${String(Date.now()).slice(-9)}`;
    const user = await register(t, { account: phone });
    const sent = await t.call<{ sent_to: string }>(
      '/api/user/getphonecode',
      { scene: 'fund_password' },
      user.headers,
    );
    expect(sent.data!.sent_to).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
    const code = await t.codeFor(phone);
    expect(t.inbox.list(phone)[0]!.channel).toBe('sms');
    const ok = await t.call(
      '/api/user/setfundpassword',
      { password: user.password, code, fund_password: '975310' },
      user.headers,
    );
    expect(ok.code).toBe(1);
  });

  it('refuses a visitor', async () => {
    expect((await t.call('/api/user/emailcode', { scene: 'fund_password' })).code).toBe(10000);
  });
});
