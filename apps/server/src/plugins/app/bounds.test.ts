// Numbers too large for the database and over-long `lang` values, across modules: each
// bad number is a code 0 naming its field (never "Something went wrong"), and any `lang`
// that is not one of the 16 codes means English, whatever its length.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmount } from '@olive/protocol';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { register } from '../../../test/accounts.ts';
import { translate } from '../../i18n/index.ts';
import { platformAccount, userAccount } from '../../modules/ledger/ledger.service.ts';

let t: TestApp;
let user: Awaited<ReturnType<typeof register>>;
beforeAll(async () => {
  t = await createTestApp();
  user = await register(t);
  await t.app.services.ledger.post({
    kind: 'deposit',
    idempotencyKey: `test-deposit:${user.userId}`,
    postings: [
      { account: platformAccount('custody', 'trc20'), amount: -parseAmount('1000') },
      { account: userAccount(user.userId, 'available'), amount: parseAmount('1000') },
    ],
  });
});
afterAll(() => t.close());

const call = (path: string, body: Record<string, string>) => t.call(path, body, user.headers);
const refusedNaming = (field: string) => ({ code: 0, data: { field } });

describe('robot numbers', () => {
  it.each(['10000000000000000000', '99999999999999999999', '1'.repeat(30), '1'.repeat(40)])(
    'refuses a principal of %s naming the field',
    async (principal) => {
      for (const path of ['/api/user/quancreate', '/api/user/quanpreview']) {
        const reply = await call(path, { market: 'BTC/USDT', direction: 'long', principal });
        expect(reply, path).toMatchObject(refusedNaming('principal'));
        expect(reply.msg).not.toMatch(/went wrong/);
      }
    },
  );

  it.each([
    '9223372036854775808',
    '9999999999999999999',
    '9300000000000000000',
    '1000000000000000000',
  ])('refuses a robot id of %s naming the field', async (robotId) => {
    for (const [path, extra] of [
      ['/api/user/quaninfo', {}],
      ['/api/user/openquan', { action: 'start' }],
    ] as const) {
      const reply = await call(path, { robot_id: robotId, ...extra });
      expect(reply, path).toMatchObject(refusedNaming('robot_id'));
      expect(reply.msg).not.toMatch(/went wrong/);
    }
  });
});

describe('lang', () => {
  const long = 'en_GB-oxendict-x-private';
  it('signs in with a lang longer than 10 characters, answered in English', async () => {
    const reply = await t.call('/api/user/login', {
      account: user.account,
      password: user.password,
      lang: long,
    });
    expect(reply).toMatchObject({ code: 1, msg: translate('en', 'auth.logged_in') });
  });

  it('reads a long lang as English on a refusal too', async () => {
    const reply = await t.call('/api/user/login', {
      account: user.account,
      password: 'wrong-password',
      lang: 'x'.repeat(300),
    });
    expect(reply.msg).toBe(translate('en', 'auth.login_failed'));
  });

  it('reads a long lang as English on a signed-in call', async () => {
    const reply = await call('/api/user/setname', { nickname: '', lang: long });
    expect(reply.msg).toBe(translate('en', 'validation.required', { field: 'nickname' }));
  });
});
