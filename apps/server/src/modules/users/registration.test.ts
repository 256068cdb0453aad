// Registration as an investor meets it: captcha, a code read from the real SMTP sink,
// and a clear translated refusal that changes nothing for every bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../ports/clock.ts';
import { LANGUAGE_CODES } from '@olive/protocol';
import { translate } from '../../i18n/index.ts';
import { CODE_SCENES, type CodeScene } from '../auth/codes.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { aMinuteLater, captcha, newEmail, register } from '../../../test/accounts.ts';
import { RECENT_CHANGE_MS } from '../wallet/withdrawal.service.ts';

const clock = new ManualClock(new Date('2026-05-01T08:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const userCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function sendCode(email: string, lang = 'en') {
  return t.call('/api/user/emailcode', { email, scene: 'register', lang, ...(await captcha(t)) });
}

async function regist(fields: Record<string, string>) {
  return t.call('/api/user/regist', {
    password: 'olive-tree-42',
    fund_password: '135790',
    agree: '1',
    lang: 'en',
    ...(await captcha(t)),
    ...fields,
  });
}

describe('registration by e-mail', () => {
  it('creates the account with the code from the mail and signs the user in', async () => {
    const email = newEmail();
    expect((await sendCode(email)).code).toBe(1);
    const mail = t.inbox.list(email)[0]!;
    expect(mail.subject).toBe('Your Olive registration code');
    const reply = await regist({
      account: email,
      code: await t.codeFor(email),
      telegram: '@olive_fan',
    });
    expect(reply).toMatchObject({ code: 1, msg: 'Your account has been created.' });
    const { token, user_id } = reply.data as { token: string; user_id: string };
    const info = await t.call(
      '/api/user/userinfo',
      {},
      { authorization: `Bearer ${token}`, userid: user_id },
    );
    expect(info.data).toMatchObject({
      account: email,
      nickname: email.split('@')[0],
      telegram: 'olive_fan',
      balance: '0',
    });
    const stored = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user_id)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored.fund_password_hash).not.toContain('135790');
  });

  it('mails the code in the language of the call', async () => {
    const email = newEmail();
    await sendCode(email, 'de');
    expect(t.inbox.list(email)[0]!.subject).toBe(translate('de', 'mail.code.register.subject'));
  });

  it('sets the upline permanently from a valid invitation code', async () => {
    const upline = await register(t);
    const info = await t.call<{ invite_code: string }>('/api/user/userinfo', {}, upline.headers);
    const invited = await register(t, { invite_code: info.data!.invite_code.toLowerCase() });
    const row = await t.db
      .selectFrom('users')
      .select('inviter_id')
      .where('id', '=', invited.userId)
      .executeTakeFirstOrThrow();
    expect(row.inviter_id).toBe(upline.userId);
  });

  it('registers by phone with the code sent by SMS', async () => {
    const phone = `13${String(Date.now()).slice(-9)}`;
    const user = await register(t, { account: phone });
    expect(user.userId).toMatch(/^\d+$/);
    expect(t.inbox.list(phone)[0]!.channel).toBe('sms');
  });
});

describe('registration refuses bad input clearly and changes nothing', () => {
  async function expectRefused(fields: Record<string, string>, key: string, field?: string) {
    const before = await userCount();
    const reply = await regist(fields);
    expect(reply.code, reply.msg).toBe(0);
    expect(reply.msg).toBe(translate('en', key, field ? { field } : {}));
    if (field) expect(reply.data).toMatchObject({ field });
    expect(await userCount()).toBe(before);
  }

  it('a wrong code', async () => {
    const email = newEmail();
    await sendCode(email);
    const right = await t.codeFor(email);
    const wrong = right === '000000' ? '111111' : '000000';
    await expectRefused({ account: email, code: wrong }, 'auth.code_wrong');
    // The right code still works afterwards: a refusal changed nothing.
    expect((await regist({ account: email, code: right })).code).toBe(1);
  });

  it('an expired code', async () => {
    const email = newEmail();
    await sendCode(email);
    const code = await t.codeFor(email);
    clock.advance(10 * 60_000 + 1000);
    await expectRefused({ account: email, code }, 'auth.code_expired');
  });

  it('a reused code', async () => {
    const email = newEmail();
    await sendCode(email);
    const code = await t.codeFor(email);
    expect((await regist({ account: email, code })).code).toBe(1);
    const other = await regist({ account: email, code });
    expect(other.code).toBe(0);
    // Spent: the code step answers first, so only a code's holder could learn more.
    expect(other.msg).toBe(translate('en', 'auth.code_expired'));
  });

  it('a code for another account or another purpose', async () => {
    const email = newEmail();
    await sendCode(email);
    const code = await t.codeFor(email);
    await expectRefused({ account: newEmail(), code }, 'auth.code_expired');
  });

  it('five wrong tries end the code', async () => {
    const email = newEmail();
    await sendCode(email);
    const right = await t.codeFor(email);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) await regist({ account: email, code: wrong });
    await expectRefused({ account: email, code: wrong }, 'auth.code_too_many_attempts');
    await expectRefused({ account: email, code: right }, 'auth.code_too_many_attempts');
  });

  it('a wrong or reused captcha', async () => {
    const email = newEmail();
    await sendCode(email);
    const code = await t.codeFor(email);
    const fresh = await captcha(t);
    await expectRefused(
      { account: email, code, captcha_id: fresh.captcha_id, captcha: 'NOPE' },
      'auth.captcha_wrong',
    );
    // Spent by the wrong answer: the right one no longer works with it.
    await expectRefused(
      { account: email, code, captcha_id: fresh.captcha_id, captcha: 'TEST' },
      'auth.captcha_wrong',
    );
  });

  it('a duplicate account: the same answer as a new one, and no code', async () => {
    const existing = await register(t);
    await aMinuteLater(t, existing.account);
    const before = t.inbox.list(existing.account).length;
    const reply = await sendCode(existing.account);
    expect(reply).toMatchObject({ code: 1, msg: translate('en', 'auth.code_sent') });
    const mails = t.inbox.list(existing.account);
    expect(mails.length).toBe(before + 1);
    expect(mails[0]!.subject).toBe(translate('en', 'mail.register_attempt_subject'));
    expect(mails[0]!.text).not.toMatch(/\b\d{6}\b/);
  });

  it('a weak password', async () => {
    const email = newEmail();
    await expectRefused(
      { account: email, code: '123456', password: 'short7!' },
      'auth.password_too_short',
    );
    await expectRefused(
      { account: email, code: '123456', password: 'password123' },
      'auth.password_common',
    );
    await expectRefused(
      { account: email, code: '123456', password: 'Qwertyuiop' },
      'auth.password_common',
    );
  });

  it('a fund password that is not 6 digits', async () => {
    await expectRefused(
      { account: newEmail(), code: '123456', fund_password: '12a456' },
      'auth.fund_password_invalid',
    );
  });

  it('no agreement to the terms', async () => {
    await expectRefused({ account: newEmail(), code: '123456', agree: '0' }, 'auth.agree_required');
  });

  it('a malformed e-mail or phone', async () => {
    await expectRefused({ account: 'not-an-email', code: '123456' }, 'auth.account_invalid');
    await expectRefused({ account: '10345678901', code: '123456' }, 'auth.account_invalid');
    const phone = await t.call('/api/user/getphonecode', {
      phone: '1234',
      scene: 'register',
      ...(await captcha(t)),
    });
    expect(phone).toMatchObject({
      code: 0,
      msg: translate('en', 'auth.phone_invalid'),
      data: { field: 'phone' },
    });
    const mail = await t.call('/api/user/emailcode', {
      email: 'a@b',
      scene: 'register',
      ...(await captcha(t)),
    });
    expect(mail).toMatchObject({ code: 0, msg: translate('en', 'auth.email_invalid') });
  });

  it('an invitation code that does not exist', async () => {
    const email = newEmail();
    await sendCode(email);
    await expectRefused(
      { account: email, code: await t.codeFor(email), invite_code: 'ZZZZ9999' },
      'auth.invite_unknown',
    );
  });

  it('answers in the language of the call', async () => {
    const reply = await regist({ account: newEmail(), code: '123456', agree: '0', lang: 'ar' });
    expect(reply.msg).toBe(translate('ar', 'auth.agree_required'));
  });
});

describe('verification codes', () => {
  it('refuses a new code within 60 seconds and allows it after', async () => {
    const email = newEmail();
    expect((await sendCode(email)).code).toBe(1);
    const again = await sendCode(email);
    expect(again.code).toBe(0);
    expect(again.msg).toMatch(/wait \d+ seconds/);
    clock.advance(60_000);
    expect((await sendCode(email)).code).toBe(1);
  });

  it('makes a new code replace the old one', async () => {
    const email = newEmail();
    await sendCode(email);
    const first = await t.codeFor(email);
    clock.advance(61_000);
    await sendCode(email);
    const second = await t.codeFor(email);
    if (first !== second) {
      const reply = await regist({ account: email, code: first });
      expect(reply.msg).toBe(translate('en', 'auth.code_wrong'));
    }
    expect((await regist({ account: email, code: second })).code).toBe(1);
  });

  it('draws codes of 6 digits', async () => {
    const email = newEmail();
    await sendCode(email);
    expect(await t.codeFor(email)).toMatch(/^\d{6}$/);
  });
});

describe('each code mail says what it is for (issue 34)', () => {
  const hold = `${RECENT_CHANGE_MS / 3_600_000}`;
  // What each scene's mail must name, in English and in French.
  const purposes = {
    en: {
      register: ['Your Olive registration code', 'to create your Olive account'],
      reset_password: ['Your Olive password reset code', 'to reset your Olive password'],
      bind: [
        'Your code to add this address to your Olive account',
        'to add this address to your Olive account',
      ],
    },
    fr: {
      register: ["Votre code d'inscription Olive", 'pour créer votre compte Olive'],
      reset_password: [
        'Votre code de réinitialisation du mot de passe Olive',
        'pour réinitialiser votre mot de passe Olive',
      ],
      bind: [
        'Votre code pour ajouter cette adresse à votre compte Olive',
        'pour ajouter cette adresse à votre compte Olive',
      ],
    },
  } as const;

  /** Asks for a code of `scene` in `lang` and returns the mail that arrived for it. */
  async function mailFor(scene: 'register' | 'reset_password' | 'bind', lang: string) {
    let email = newEmail();
    if (scene === 'bind') {
      const owner = await register(t, { account: `15${String(Date.now()).slice(-9)}` });
      const sent = await t.call('/api/user/bindcode', { email, lang }, owner.headers);
      expect(sent.code).toBe(1);
    } else {
      if (scene === 'reset_password') email = (await register(t)).account;
      const sent = await t.call('/api/user/emailcode', {
        email,
        scene,
        lang,
        ...(await captcha(t)),
      });
      expect(sent.code).toBe(1);
    }
    const code = await t.codeFor(email);
    const mail = t.inbox.list(email)[0]!;
    expect(mail.text).toContain(code);
    return mail;
  }

  it.each(['en', 'fr'] as const)('in %s', async (lang) => {
    const subjects = new Set<string>();
    for (const scene of ['register', 'reset_password', 'bind'] as const) {
      const mail = await mailFor(scene, lang);
      const [subject, purpose] = purposes[lang][scene];
      expect(mail.subject).toBe(subject);
      expect(mail.subject).toBe(translate(lang, `mail.code.${scene}.subject`));
      expect(mail.text).toContain(purpose);
      subjects.add(mail.subject);
      // A reset tells the real withdrawal hold that follows it.
      if (scene === 'reset_password') expect(mail.text).toContain(`${hold} h`);
    }
    expect(subjects.size).toBe(3);
  });

  it('has a subject, a body and an SMS for every scene in every language', () => {
    for (const lang of LANGUAGE_CODES) {
      for (const scene of [...CODE_SCENES, 'bind'] satisfies CodeScene[]) {
        for (const key of [
          `mail.code.${scene}.subject`,
          `mail.code.${scene}.body`,
          `sms.code.${scene}`,
        ]) {
          expect(translate(lang, key, { code: '123456' })).not.toBe(key);
        }
        expect(translate(lang, `mail.code.${scene}.body`, { code: '123456' })).toContain('123456');
        expect(translate(lang, `sms.code.${scene}`, { code: '123456' })).toContain('123456');
      }
    }
  });
});
