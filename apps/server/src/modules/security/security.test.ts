// The security-centre features as an investor meets them: password reset by code,
// two-factor with an authenticator app, and binding a phone to an e-mail account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { translate } from '../../i18n/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { captcha, register } from '../../../test/accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const totp = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

async function resetCode(account: string) {
  const channel = account.includes('@') ? 'email' : 'phone';
  const sent = await t.call(
    channel === 'email' ? '/api/user/emailcode' : '/api/user/getphonecode',
    {
      [channel]: account,
      scene: 'reset_password',
      ...(await captcha(t)),
    },
  );
  expect(sent.code).toBe(1);
  return t.codeFor(account);
}

const drawInfo = async (headers: Record<string, string>) =>
  (
    await t.call<{ locked_until: string; locked_reason: string }>(
      '/api/user/drawinfo',
      { network: 'bep20' },
      headers,
    )
  ).data!;
const hoursAhead = (iso: string) => (new Date(iso).getTime() - Date.now()) / 3_600_000;

describe('why withdrawals are held (drawinfo locked_reason)', () => {
  it('none on a new account', async () => {
    const user = await register(t);
    expect(await drawInfo(user.headers)).toMatchObject({ locked_until: '', locked_reason: '' });
  });

  it('a password reset: 24 hours, said in the reply, the mail and on drawinfo', async () => {
    const user = await register(t);
    const code = await resetCode(user.account);
    const reply = await t.call<{ withdrawals_paused_until: string }>('/api/user/resetpwd', {
      account: user.account,
      code,
      password: 'new-olive-grove-7',
    });
    expect(reply.code).toBe(1);
    const until = reply.data!.withdrawals_paused_until;
    expect(hoursAhead(until)).toBeGreaterThan(23.9);
    const shown = `${until.slice(0, 16).replace('T', ' ')} UTC`;
    expect(reply.msg).toContain(shown);
    expect(t.inbox.list(user.account)[0]!.text).toContain(`until ${shown}`);
    const login = await t.call<{ token: string; user_id: string }>('/api/user/login', {
      account: user.account,
      password: 'new-olive-grove-7',
    });
    const headers = {
      authorization: `Bearer ${login.data!.token}`,
      userid: login.data!.user_id,
    };
    expect(await drawInfo(headers)).toEqual(
      expect.objectContaining({ locked_until: until, locked_reason: 'password_reset' }),
    );
  });

  it('a login-password change from Me', async () => {
    const user = await register(t);
    const changed = await t.call(
      '/api/user/loginpwd',
      { old_password: user.password, new_password: 'olive-tree-43' },
      user.headers,
    );
    expect(changed.code).toBe(1);
    const info = await drawInfo(user.headers);
    expect(info.locked_reason).toBe('password_changed');
    expect(hoursAhead(info.locked_until)).toBeGreaterThan(23.9);
  });

  it('a fund-password change', async () => {
    const user = await register(t);
    await t.call('/api/user/emailcode', { scene: 'fund_password' }, user.headers);
    const changed = await t.call(
      '/api/user/setfundpassword',
      { password: user.password, code: await t.codeFor(user.account), fund_password: '975310' },
      user.headers,
    );
    expect(changed.code).toBe(1);
    expect((await drawInfo(user.headers)).locked_reason).toBe('fund_password_changed');
  });

  it('5 wrong fund passwords; of two holds, the one ending last is said', async () => {
    const user = await register(t);
    await t.call(
      '/api/user/loginpwd',
      { old_password: user.password, new_password: 'olive-tree-43' },
      user.headers,
    );
    const changedUntil = (await drawInfo(user.headers)).locked_until;
    for (let i = 0; i < 5; i++) {
      const wrong = await t.call(
        '/api/user/setaddress',
        { network: 'bep20', address: `0x${'ab'.repeat(20)}`, fund_password: '135790' },
        user.headers,
      );
      expect(wrong.code).toBe(0);
    }
    const info = await drawInfo(user.headers);
    expect(info.locked_reason).toBe('fund_password_tries');
    expect(new Date(info.locked_until).getTime()).toBeGreaterThan(new Date(changedUntil).getTime());
  });
});

describe('password reset', () => {
  it('sets a new password with the mailed code, ends every session and tells the owner', async () => {
    const user = await register(t);
    const code = await resetCode(user.account);
    const reply = await t.call('/api/user/resetpwd', {
      account: user.account,
      code,
      password: 'new-olive-grove-7',
    });
    expect(reply).toMatchObject({ code: 1 });
    expect(reply.msg).toMatch(
      /^Your password has been reset\..* withdrawals are paused for 24 hours, until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\.$/,
    );
    const old = await t.call('/api/user/userinfo', {}, user.headers);
    expect(old.code).toBe(10000);
    const login = await t.call('/api/user/login', {
      account: user.account,
      password: 'new-olive-grove-7',
    });
    expect(login.code).toBe(1);
    expect(t.inbox.list(user.account)[0]!.subject).toBe(
      translate('en', 'security.reset_mail_subject'),
    );
  });

  it('refuses a wrong code, a weak password, and an account with no code alike', async () => {
    const user = await register(t);
    const code = await resetCode(user.account);
    const wrong = await t.call('/api/user/resetpwd', {
      account: user.account,
      code: code === '000000' ? '111111' : '000000',
      password: 'new-olive-grove-7',
    });
    expect(wrong).toMatchObject({ code: 0, data: { field: 'code' } });
    const weak = await t.call('/api/user/resetpwd', {
      account: user.account,
      code,
      password: 'short',
    });
    expect(weak).toMatchObject({ code: 0, data: { field: 'password' } });
    const unknown = await t.call('/api/user/resetpwd', {
      account: 'nobody-here@example.com',
      code: '123456',
      password: 'new-olive-grove-7',
    });
    expect(unknown).toMatchObject({
      code: 0,
      msg: translate('en', 'auth.code_expired'),
      data: { field: 'code' },
    });
  });
});

describe('two-factor', () => {
  async function enrolled() {
    const user = await register(t);
    const key = await t.call<{ secret: string; otpauth_url: string }>(
      '/api/user/getskey',
      {},
      user.headers,
    );
    expect(key.data!.otpauth_url).toMatch(/^otpauth:\/\/totp\/Olive:/);
    const on = await t.call<{ recovery_codes: string[] }>(
      '/api/user/skeyon',
      { otp: totp(key.data!.secret) },
      user.headers,
    );
    expect(on.code).toBe(1);
    expect(on.data!.recovery_codes).toHaveLength(10);
    return { user, secret: key.data!.secret, recovery: on.data!.recovery_codes };
  }

  it('asks for the code at sign-in once enabled, and refuses a replayed one', async () => {
    const { user, secret } = await enrolled();
    const first = await t.call('/api/user/login', {
      account: user.account,
      password: user.password,
    });
    expect(first).toMatchObject({
      code: 0,
      msg: translate('en', 'security.otp_required'),
      data: { field: 'otp', two_factor: true },
    });
    // The enabling code spent the current step: the next step's code signs in.
    const next = totp(secret, 1);
    const ok = await t.call('/api/user/login', {
      account: user.account,
      password: user.password,
      otp: next,
    });
    expect(ok.code).toBe(1);
    const replay = await t.call('/api/user/login', {
      account: user.account,
      password: user.password,
      otp: next,
    });
    expect(replay).toMatchObject({ code: 0, msg: translate('en', 'security.otp_wrong') });
  });

  it('signs in with a recovery code once', async () => {
    const { user, recovery } = await enrolled();
    const body = { account: user.account, password: user.password, otp: recovery[0]! };
    expect((await t.call('/api/user/login', body)).code).toBe(1);
    expect((await t.call('/api/user/login', body)).msg).toBe(translate('en', 'security.otp_wrong'));
  });

  it('asks for it to save an address, and needs a valid code to turn it off', async () => {
    const { user, secret, recovery } = await enrolled();
    const address = `0x${'9a'.repeat(20)}`;
    const without = await t.call(
      '/api/user/setaddress',
      { network: 'bep20', address, fund_password: '246810' },
      user.headers,
    );
    expect(without).toMatchObject({ code: 0, data: { field: 'otp' } });
    // One code, kept: recomputing it after a step boundary would give the next, unspent step.
    const code = totp(secret, 1);
    const withCode = await t.call(
      '/api/user/setaddress',
      { network: 'bep20', address, fund_password: '246810', otp: code },
      user.headers,
    );
    expect(withCode.code).toBe(1);
    const badOff = await t.call('/api/user/skeyoff', { otp: '000000' }, user.headers);
    expect(badOff).toMatchObject({ code: 0, data: { field: 'otp' } });
    // Steps up to the one just used are spent (no replay), so a recovery code turns it off.
    const replayed = await t.call('/api/user/skeyoff', { otp: code }, user.headers);
    expect(replayed.msg).toBe(translate('en', 'security.otp_wrong'));
    const off = await t.call('/api/user/skeyoff', { otp: recovery[1]! }, user.headers);
    expect(off.code).toBe(1);
    // Turning it off pauses withdrawals for 24 hours, and drawinfo says why.
    const held = await drawInfo(user.headers);
    expect(held.locked_reason).toBe('two_factor_off');
    expect(hoursAhead(held.locked_until)).toBeGreaterThan(23.9);
    const login = await t.call('/api/user/login', {
      account: user.account,
      password: user.password,
    });
    expect(login.code).toBe(1);
  });

  it('checks at most 5 wrong codes in a parallel burst', async () => {
    const { user } = await enrolled();
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.call('/api/user/skeyoff', { otp: String(100000 + i) }, user.headers),
      ),
    );
    const wrong = replies.filter((r) => r.msg === translate('en', 'security.otp_wrong'));
    expect(wrong.length).toBeLessThanOrEqual(5);
  });
});

describe('binding a phone', () => {
  it('binds a phone to an e-mail account with an SMS code; either then signs in', async () => {
    const user = await register(t);
    const phone = `17${String(Date.now()).slice(-9)}`;
    const sent = await t.call('/api/user/bindcode', { phone }, user.headers);
    expect(sent.code).toBe(1);
    const bound = await t.call(
      '/api/user/setphone',
      { account: phone, code: await t.codeFor(phone) },
      user.headers,
    );
    expect(bound).toMatchObject({ code: 1, data: { account: phone, kind: 'phone' } });
    expect((await drawInfo(user.headers)).locked_reason).toBe('contact_bound');
    const byPhone = await t.call<{ user_id: string }>('/api/user/login', {
      account: phone,
      password: user.password,
    });
    expect(byPhone.data?.user_id).toBe(user.userId);
    const info = await t.call('/api/user/securityinfo', {}, user.headers);
    expect(info.data).toMatchObject({ email: user.account, phone, two_factor: false });
    // And a reset code can go to the bound phone.
    const code = await resetCode(phone);
    expect(
      (await t.call('/api/user/resetpwd', { account: phone, code, password: 'phone-reset-99' }))
        .code,
    ).toBe(1);
  });

  it('never binds a phone that belongs to another account, nor says that it does', async () => {
    const phone = `16${String(Date.now()).slice(-9)}`;
    await register(t, { account: phone });
    const free = `18${String(Date.now()).slice(-9)}`;
    const user = await register(t);
    const taken = await t.call('/api/user/bindcode', { phone }, user.headers);
    const other = await t.call('/api/user/bindcode', { phone: free }, user.headers);
    // The same answer as for a free phone (decision 137); the taken one gets no code.
    expect(taken).toMatchObject({ code: 1, msg: translate('en', 'auth.code_sent') });
    expect({ code: taken.code, msg: taken.msg, data: taken.data }).toEqual({
      code: other.code,
      msg: other.msg,
      data: other.data,
    });
    await t.app.services.modules.signIn.later.drain();
    expect(await t.codeFor(free)).toMatch(/^\d{6}$/);
    expect(t.inbox.list(phone).filter((m) => /\b\d{6}\b/.test(m.text))).toHaveLength(1);
    const guessed = await t.call(
      '/api/user/setphone',
      { account: phone, code: '000000' },
      user.headers,
    );
    expect(guessed).toMatchObject({ code: 0, data: { field: 'code' } });
    const info = await t.call<{ phone: string }>('/api/user/securityinfo', {}, user.headers);
    expect(info.data!.phone).toBe('');
  });
});
