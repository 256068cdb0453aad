// Sign-in with account and password. Failures are counted per account and per IP: after
// 3 the image captcha is required, after 10 (account) or 50 (IP) in 15 minutes sign-in is
// refused until the window passes. An unknown account costs the same time as a wrong
// password and gets the same message.
import { AppError } from '../../errors.ts';
import type { CaptchaService } from './captcha.ts';
import type { CounterStore } from './counters.ts';
import { verifyDecoy, verifyPassword } from './password.ts';
import type { SessionService } from './session.service.ts';
import type { UserRepository } from '../users/user.repository.ts';
import { normalizeAccount } from '../users/account.ts';

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const CAPTCHA_AFTER = 3;
export const ACCOUNT_LOCK_AFTER = 10;
export const IP_LOCK_AFTER = 50;

export function loginService(deps: {
  users: UserRepository;
  sessions: SessionService;
  captchas: CaptchaService;
  counters: CounterStore;
}) {
  const { users, sessions, captchas, counters } = deps;
  return {
    async login(input: {
      account: string;
      password: string;
      captcha_id?: string | undefined;
      captcha?: string | undefined;
      ip: string;
      userAgent?: string | undefined;
    }) {
      const account =
        normalizeAccount(input.account)?.account ?? input.account.trim().toLowerCase();
      const accountKey = `login:acct:${account}`;
      const ipKey = `login:ip:${input.ip}`;
      const [accountFailures, ipFailures] = await Promise.all([
        counters.get(accountKey),
        counters.get(ipKey),
      ]);
      if (accountFailures >= ACCOUNT_LOCK_AFTER || ipFailures >= IP_LOCK_AFTER) {
        throw new AppError('auth.login_locked', { minutes: LOGIN_WINDOW_MS / 60_000 });
      }
      if (accountFailures >= CAPTCHA_AFTER || ipFailures >= CAPTCHA_AFTER) {
        if (!input.captcha_id || !input.captcha) {
          throw new AppError(
            'auth.login_captcha',
            {},
            { field: 'captcha', captcha_required: true },
          );
        }
        await captchas.check(input.captcha_id, input.captcha);
      }
      const user = await users.findByAccount(account);
      const ok = user
        ? await verifyPassword(user.password_hash, input.password)
        : await verifyDecoy(input.password);
      if (!user || !ok || user.status !== 'active') {
        const [a, i] = await Promise.all([
          counters.hit(accountKey, LOGIN_WINDOW_MS),
          counters.hit(ipKey, LOGIN_WINDOW_MS),
        ]);
        const needsCaptcha = a >= CAPTCHA_AFTER || i >= CAPTCHA_AFTER;
        throw new AppError(
          user && ok && user.status !== 'active' ? 'auth.account_frozen' : 'auth.login_failed',
          {},
          needsCaptcha ? { captcha_required: true } : undefined,
        );
      }
      await counters.reset(accountKey);
      const { token } = await sessions.issue(user.id, {
        ip: input.ip,
        ...(input.userAgent ? { userAgent: input.userAgent } : {}),
      });
      return { token, user_id: user.id };
    },
  };
}
