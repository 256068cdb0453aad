// Wrong-try limits under real parallel bursts: every limit is claimed before the check,
// so requests in flight at the same moment cannot check more than the limit allows.
// Requests come over real HTTP from several loopback addresses (127.0.0.x), so a per-IP
// limit never decides where the per-account one is tested.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../i18n/index.ts';
import { startTestServer } from '../../../test/harness.ts';
import { captcha, newEmail, register } from '../../../test/accounts.ts';
import { loopback, postFrom } from '../../../test/parallel.ts';
import { ACCOUNT_LOCK_AFTER, IP_LOCK_AFTER } from '../users/login.service.ts';
import { MAX_WRONG_TRIES } from './codes.ts';

let s: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const captchas = (n: number) => Promise.all(Array.from({ length: n }, () => captcha(s)));
const count = (replies: { msg: string }[], key: string, params = {}) =>
  replies.filter((r) => r.msg === translate('en', key, params)).length;

describe('6-digit codes', () => {
  it('checks at most 5 of 60 parallel wrong codes, then refuses the right one', async () => {
    const email = newEmail();
    const sent = await s.call('/api/user/emailcode', {
      email,
      scene: 'register',
      ...(await captcha(s)),
    });
    expect(sent.code).toBe(1);
    const right = await s.codeFor(email);
    const wrong = right === '000000' ? '111111' : '000000';
    const solved = await captchas(60);
    const replies = await Promise.all(
      solved.map((c, i) =>
        postFrom(
          s.url,
          '/api/user/regist',
          {
            account: email,
            password: 'olive-tree-42',
            fund_password: '246810',
            code: wrong,
            agree: '1',
            ...c,
          },
          { from: loopback(i) },
        ),
      ),
    );
    expect(replies.every((r) => r.code === 0)).toBe(true);
    // Checked and wrong: "wrong" for tries 1-4, "too many" for the fifth; the rest were
    // refused without a check.
    expect(count(replies, 'auth.code_wrong')).toBe(MAX_WRONG_TRIES - 1);
    const row = await s.db
      .selectFrom('verification_codes')
      .select('attempts')
      .where('target', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(MAX_WRONG_TRIES);
    const late = await s.call('/api/user/regist', {
      account: email,
      password: 'olive-tree-42',
      fund_password: '246810',
      code: right,
      agree: '1',
      ...(await captcha(s)),
    });
    expect(late.msg).toBe(translate('en', 'auth.code_too_many_attempts'));
  });
});

describe('sign-in failures', () => {
  it('checks at most 10 passwords of one account in a burst of 40 from 40 addresses', async () => {
    const user = await register(s);
    const solved = await captchas(41);
    const replies = await Promise.all(
      solved.map((c, i) =>
        postFrom(
          s.url,
          '/api/user/login',
          { account: user.account, password: i === 20 ? user.password : `wrong-${i}-pass`, ...c },
          { from: loopback(100 + i) },
        ),
      ),
    );
    const failed = count(replies, 'auth.login_failed');
    const signedIn = replies.filter((r) => r.code === 1).length;
    expect(failed + signedIn).toBeLessThanOrEqual(ACCOUNT_LOCK_AFTER);
    expect(count(replies, 'auth.login_locked', { minutes: 15 })).toBeGreaterThanOrEqual(
      41 - ACCOUNT_LOCK_AFTER,
    );
  });

  it('checks at most 50 sign-ins from one address in a burst of 70', async () => {
    const solved = await captchas(70);
    const replies = await Promise.all(
      solved.map((c, i) =>
        postFrom(
          s.url,
          '/api/user/login',
          { account: `probe${i}-${Date.now()}@example.com`, password: 'guess-1234', ...c },
          { from: '127.0.0.250' },
        ),
      ),
    );
    expect(count(replies, 'auth.login_failed')).toBeLessThanOrEqual(IP_LOCK_AFTER);
    expect(count(replies, 'auth.login_locked', { minutes: 15 })).toBeGreaterThanOrEqual(
      70 - IP_LOCK_AFTER,
    );
  });
});
