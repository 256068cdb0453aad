// Registration and sign-in the way a client does them, for tests that need real accounts.
import { sql } from 'kysely';
import type { TestApp } from './harness.ts';
import { TEST_CAPTCHA } from './harness.ts';

export async function captcha(t: TestApp) {
  const reply = await t.call<{ captcha_id: string }>('/api/main/captcha');
  return { captcha_id: reply.data!.captcha_id, captcha: TEST_CAPTCHA };
}

let counter = 0;
export function newEmail() {
  counter += 1;
  return `investor${Date.now().toString(36)}${counter}@example.com`;
}

export async function register(
  t: TestApp,
  options: {
    account?: string;
    password?: string;
    fund_password?: string;
    invite_code?: string;
    lang?: string;
  } = {},
) {
  const account = options.account ?? newEmail();
  const password = options.password ?? 'olive-tree-42';
  const isPhone = /^\d+$/.test(account);
  const sent = await t.call(isPhone ? '/api/user/getphonecode' : '/api/user/emailcode', {
    ...(isPhone ? { phone: account } : { email: account }),
    scene: 'register',
    ...(await captcha(t)),
  });
  if (sent.code !== 1) throw new Error(`code not sent: ${sent.msg}`);
  const reply = await t.call<{ token: string; user_id: string }>('/api/user/regist', {
    account,
    password,
    fund_password: options.fund_password ?? '246810',
    code: await t.codeFor(account),
    ...(await captcha(t)),
    agree: '1',
    lang: options.lang ?? 'en',
    ...(options.invite_code ? { invite_code: options.invite_code } : {}),
  });
  if (reply.code !== 1) throw new Error(`registration refused: ${reply.msg}`);
  const { token, user_id } = reply.data!;
  return {
    account,
    password,
    token,
    userId: user_id,
    headers: { authorization: `Bearer ${token}`, userid: user_id },
  };
}

/**
 * Moves the codes sent to `account` back past the 60-second wait, as if a minute had
 * passed: every code request waits that long after the last one for the same account and
 * scene, whether or not the account exists (decision 137).
 */
export async function aMinuteLater(t: TestApp, account: string) {
  await t.db
    .updateTable('verification_codes')
    .set((eb) => ({ created_at: sql`${eb.ref('created_at')} - interval '61 seconds'` }))
    .where('target', '=', account)
    .execute();
}
