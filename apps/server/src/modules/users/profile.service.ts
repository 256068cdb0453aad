// The signed-in user's own profile and security centre: nickname, avatar, language,
// login password (old password; other sessions end), fund password (login password plus
// a code sent to the account).
import { isLanguage } from '@olive/protocol';
import { AppError, fieldError } from '../../errors.ts';
import type { Translate } from '../../i18n/index.ts';
import type { Clock } from '../../ports/clock.ts';
import type { CodeService } from '../auth/codes.ts';
import { hashPassword, verifyPassword } from '../auth/password.ts';
import type { SessionService } from '../auth/session.service.ts';
import { reencodeAvatar } from './avatar.ts';
import {
  checkFundPassword,
  checkPassword,
  type RegistrationService,
} from './registration.service.ts';
import type { UserRepository } from './user.repository.ts';

export const NICKNAME_MAX = 20;

export function profileService(deps: {
  users: UserRepository;
  sessions: SessionService;
  codes: CodeService;
  registration: RegistrationService;
  clock: Clock;
  /** Two-factor: asked for password changes once enabled (security module). */
  secondFactor?: { check(userId: string, otp: string | undefined): Promise<void> };
}) {
  const { users, sessions, codes, registration, clock, secondFactor } = deps;

  async function load(userId: string) {
    const user = await users.findById(userId);
    if (!user) throw new AppError('error.not_signed_in');
    return user;
  }

  return {
    load,

    async setNickname(userId: string, raw: string) {
      // Control and invisible formatting characters would let a name impersonate another.
      const nickname = raw
        .normalize('NFC')
        .replace(/[\p{Cc}\p{Cf}]/gu, '')
        .trim();
      if (!nickname) throw fieldError('nickname', 'validation.required');
      if ([...nickname].length > NICKNAME_MAX) {
        throw fieldError('nickname', 'validation.too_long', { limit: NICKNAME_MAX });
      }
      await users.update(userId, { nickname });
      return { nickname };
    },

    async setAvatar(userId: string, upload: Buffer) {
      const { image, etag } = await reencodeAvatar(upload);
      const url = `/media/avatars/${userId}.webp?v=${etag}`;
      await users.saveAvatar(userId, image, etag, url);
      return { avatar: url };
    },

    async setLanguage(userId: string, language: string) {
      if (!isLanguage(language)) throw fieldError('language');
      await users.update(userId, { lang: language });
      return { language };
    },

    async changePassword(
      caller: { userId: string; sessionId: string },
      input: { old_password: string; new_password: string; otp?: string | undefined },
    ) {
      const user = await load(caller.userId);
      if (!(await verifyPassword(user.password_hash, input.old_password))) {
        throw fieldError('old_password', 'user.old_password_wrong');
      }
      await secondFactor?.check(user.id, input.otp);
      checkPassword(input.new_password, 'new_password');
      if (input.new_password === input.old_password) {
        throw fieldError('new_password', 'user.same_password');
      }
      await users.update(user.id, {
        password_hash: await hashPassword(input.new_password),
        password_changed_at: clock.now(),
        password_change_kind: 'change',
      });
      await sessions.revokeOthers(user.id, caller.sessionId);
    },

    async sendFundPasswordCode(userId: string, t: Translate, ip: string) {
      const user = await load(userId);
      await registration.sendCode({
        kind: user.account_kind,
        target: user.account,
        scene: 'fund_password',
        t,
        ip,
      });
      return { sent_to: maskAccount(user.account) };
    },

    async changeFundPassword(
      userId: string,
      input: { password: string; code: string; fund_password: string; otp?: string | undefined },
    ) {
      const user = await load(userId);
      checkFundPassword(input.fund_password);
      if (!(await verifyPassword(user.password_hash, input.password))) {
        throw fieldError('password', 'user.old_password_wrong');
      }
      await secondFactor?.check(user.id, input.otp);
      await codes.consume(user.account, 'fund_password', input.code.trim());
      await users.update(user.id, {
        fund_password_hash: await hashPassword(input.fund_password),
        fund_password_changed_at: clock.now(),
      });
    },
  };
}

export function maskAccount(account: string) {
  if (account.includes('@')) {
    const [name, domain] = account.split('@') as [string, string];
    return `${name.slice(0, 2)}***@${domain}`;
  }
  return `${account.slice(0, 3)}****${account.slice(-4)}`;
}

export type ProfileService = ReturnType<typeof profileService>;
