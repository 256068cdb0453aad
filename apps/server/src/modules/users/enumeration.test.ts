// Asking for a registration or reset code never tells whether an account exists: the
// answer, its limits and its waits are the same; only the owner of an existing account
// hears about it, by a notice instead of a code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../i18n/index.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { aMinuteLater, captcha, newEmail, register } from '../../../test/accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ask = async (channel: 'email' | 'phone', account: string, scene: string, lang = 'en') =>
  t.call(channel === 'email' ? '/api/user/emailcode' : '/api/user/getphonecode', {
    [channel]: account,
    scene,
    lang,
    ...(await captcha(t)),
  });
/** What a caller can see of an answer: everything but nothing that identifies the call. */
// The same shape and words; a captcha proof is a fresh random id on every answer, so only
// its presence and form are compared.
const visible = (reply: { code: number; msg: string; data?: unknown }) => {
  const data = { ...(reply.data as Record<string, unknown> | undefined) };
  if (typeof data.captcha_proof === 'string') {
    data.captcha_proof = /^[0-9a-f-]{36}$/.test(data.captcha_proof) ? 'a proof' : 'malformed';
  }
  return { code: reply.code, msg: reply.msg, data };
};

describe('registration code', () => {
  it('answers the same for a taken e-mail and mails its owner a notice, in their language', async () => {
    const owner = await register(t, { lang: 'fr' });
    await aMinuteLater(t, owner.account);
    const fresh = newEmail();
    const taken = await ask('email', owner.account, 'register', 'es');
    const free = await ask('email', fresh, 'register', 'es');
    expect(visible(taken)).toEqual(visible(free));
    expect(taken.code).toBe(1);
    const notice = t.inbox.list(owner.account)[0]!;
    expect(notice.subject).toBe(translate('fr', 'mail.register_attempt_subject'));
    expect(notice.text.replace(/\s+/g, ' ').trim()).toBe(
      translate('fr', 'mail.register_attempt_body'),
    );
    expect(notice.text).not.toMatch(/\b\d{6}\b/);
    expect(await t.codeFor(fresh)).toMatch(/^\d{6}$/);
  });

  it('waits 60 seconds between two asks for a taken account, as for a new one', async () => {
    const owner = await register(t);
    await aMinuteLater(t, owner.account);
    const fresh = newEmail();
    await ask('email', owner.account, 'register');
    await ask('email', fresh, 'register');
    const takenAgain = await ask('email', owner.account, 'register');
    const freshAgain = await ask('email', fresh, 'register');
    expect(takenAgain.code).toBe(0);
    expect(takenAgain.msg).toMatch(/60|59/);
    expect(freshAgain.code).toBe(0);
    expect(visible(takenAgain).data).toEqual(visible(freshAgain).data);
  });

  it('answers the same for a taken phone and texts its owner', async () => {
    const phone = `13${String(Date.now()).slice(-9)}`;
    await register(t, { account: phone });
    await aMinuteLater(t, phone);
    const taken = await ask('phone', phone, 'register');
    const free = await ask('phone', `15${String(Date.now()).slice(-9)}`, 'register');
    expect(visible(taken)).toEqual(visible(free));
    expect(t.inbox.list(phone)[0]!.text).toBe(translate('en', 'sms.register_attempt_body'));
  });

  it('a taken account cannot be registered again even through the code step', async () => {
    const owner = await register(t);
    await ask('email', owner.account, 'register');
    const reply = await t.call('/api/user/regist', {
      account: owner.account,
      password: 'olive-tree-42',
      fund_password: '135790',
      code: '123456',
      agree: '1',
      ...(await captcha(t)),
    });
    expect(reply).toMatchObject({ code: 0, data: { field: 'code' } });
  });
});

describe('reset code', () => {
  it('answers the same for an unknown account and sends nothing', async () => {
    const owner = await register(t);
    const unknown = newEmail();
    const known = await ask('email', owner.account, 'reset_password');
    const missing = await ask('email', unknown, 'reset_password');
    expect(visible(missing)).toEqual(visible(known));
    expect(known.code).toBe(1);
    expect(t.inbox.list(unknown)).toHaveLength(0);
    expect(await t.codeFor(owner.account)).toMatch(/^\d{6}$/);
  });
});
