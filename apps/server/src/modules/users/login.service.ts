// Sign-in with account and password. Failures are counted per account and per IP: after
// 3 the image captcha is required, after 10 (account) or 50 (IP) in 15 minutes sign-in is
// refused until the window passes. An unknown account costs the same time as a wrong
// password and gets the same message.
import { AppError } from '../../errors.ts';
import type { CaptchaService } from '../auth/captcha.ts';
import type { CounterStore } from '../auth/counters.ts';
import { verifyDecoy, verifyPassword } from '../auth/password.ts';
import type { SessionService } from '../auth/session.service.ts';
import type { UserRepository } from './user.repository.ts';
import { normalizeAccount } from './account.ts';

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const CAPTCHA_AFTER = 3;
export const ACCOUNT_LOCK_AFTER = 10;
export const IP_LOCK_AFTER = 50;

export function loginService(deps: {
  users: UserRepository;
  sessions: SessionService;
  captchas: CaptchaService;
  counters: CounterStore;
  /** Two-factor: the second step once the password is right (security module). */
  secondFactor?: { check(userId: string, otp: string | undefined): Promise<void> };
}) {
  const { users, sessions, captchas, counters, secondFactor } = deps;
  return {
    async login(input: {
      account: string;
      password: string;
      captcha_id?: string | undefined;
      captcha?: string | undefined;
      otp?: string | undefined;
      ip: string;
      userAgent?: string | undefined;
    }) {
      const account =
        normalizeAccount(input.account)?.account ?? input.account.trim().toLowerCase();
      const accountKey = `login:acct:${account}`;
      const ipKey = `login:ip:${input.ip}`;
      // Claim the try first (one atomic increment per counter), then decide on the counts
      // that include every try in flight: parallel requests cannot slip past a limit.
      const [accountTries, ipTries] = await Promise.all([
        counters.hit(accountKey, LOGIN_WINDOW_MS),
        counters.hit(ipKey, LOGIN_WINDOW_MS),
      ]);
      const before = { account: accountTries - 1, ip: ipTries - 1 };
      if (before.account >= ACCOUNT_LOCK_AFTER || before.ip >= IP_LOCK_AFTER) {
        throw new AppError('auth.login_locked', { minutes: LOGIN_WINDOW_MS / 60_000 });
      }
      if (before.account >= CAPTCHA_AFTER || before.ip >= CAPTCHA_AFTER) {
        if (!input.captcha_id || !input.captcha) {
          // Not a wrong password: the try is given back.
          await Promise.all([counters.undo(accountKey), counters.undo(ipKey)]);
          throw new AppError(
            'auth.login_captcha',
            {},
            { field: 'captcha', captcha_required: true },
          );
        }
        await captchas.check(input.captcha_id, input.captcha).catch(async (error: unknown) => {
          await Promise.all([counters.undo(accountKey), counters.undo(ipKey)]);
          throw error;
        });
      }
      const user = await users.findByAccount(account);
      const ok = user
        ? await verifyPassword(user.password_hash, input.password)
        : await verifyDecoy(input.password);
      if (!user || !ok || user.status !== 'active') {
        const needsCaptcha = accountTries >= CAPTCHA_AFTER || ipTries >= CAPTCHA_AFTER;
        throw new AppError(
          user && ok && user.status !== 'active' ? 'auth.account_frozen' : 'auth.login_failed',
          {},
          needsCaptcha ? { captcha_required: true } : undefined,
        );
      }
      if (secondFactor) {
        await secondFactor.check(user.id, input.otp).catch(async (error: unknown) => {
          // Asked for the code: not a failure. A wrong code stays counted.
          if (!input.otp?.trim()) {
            await Promise.all([counters.undo(accountKey), counters.undo(ipKey)]);
          }
          throw error;
        });
      }
      await counters.undo(ipKey);
      await counters.reset(accountKey);
      const { token } = await sessions.issue(user.id, {
        ip: input.ip,
        ...(input.userAgent ? { userAgent: input.userAgent } : {}),
      });
      return { token, user_id: user.id };
    },
  };
}
