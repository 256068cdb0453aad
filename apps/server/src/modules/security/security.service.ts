// Password reset (a code sent to the account's e-mail or phone: the captcha is asked when
// the code is requested), and binding a second identifier (a phone to an e-mail account
// or the reverse) so either signs in.
import { normalizeLanguage } from '@olive/protocol';
import { AppError, fieldError } from '../../errors.ts';
import { translatorFor, type Translate } from '../../i18n/index.ts';
import type { Clock } from '../../ports/clock.ts';
import type { CodeService } from '../auth/codes.ts';
import { hashPassword } from '../auth/password.ts';
import type { SessionService } from '../auth/session.service.ts';
import type { Mailer } from '../messaging/mailer.ts';
import type { SmsSender } from '../messaging/sms.ts';
import { normalizeAccount } from '../users/account.ts';
import { checkPassword, type RegistrationService } from '../users/registration.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { RECENT_CHANGE_MS } from '../wallet/withdrawal.service.ts';
import { formatUntil } from './fund-password.service.ts';
import type { SecurityRepository } from './security.repository.ts';
import type { SecondFactor } from './two-factor.service.ts';

export function accountSecurityService(deps: {
  repo: SecurityRepository;
  users: UsersService;
  sessions: SessionService;
  codes: CodeService;
  registration: RegistrationService;
  secondFactor: SecondFactor;
  mailer: Mailer;
  sms: SmsSender;
  clock: Clock;
}) {
  const { repo, users, sessions, codes, registration, secondFactor, mailer, sms, clock } = deps;

  /**
   * Tells the owner, in their language, on the channel the reset came through: when, and
   * until when withdrawals are paused.
   */
  async function notifyReset(target: string, kind: 'email' | 'phone', lang: string, at: Date) {
    const t = translatorFor(normalizeLanguage(lang));
    const when = formatUntil(at);
    const until = formatUntil(new Date(at.getTime() + RECENT_CHANGE_MS));
    try {
      if (kind === 'email') {
        await mailer.send({
          to: target,
          subject: t('security.reset_mail_subject'),
          text: t('security.reset_mail_body', { when, until }),
        });
      } else {
        await sms.send(target, t('security.reset_sms_body', { when, until }));
      }
    } catch {
      // The password is changed either way; a lost notice must not undo it.
    }
  }

  return {
    /**
     * A new login password with a reset code; every session ends; the owner is told.
     * Withdrawals pause for 24 hours (reason `password_reset`): returns until when.
     */
    async resetPassword(input: { account: string; code: string; password: string; otp?: string }) {
      const parsed = normalizeAccount(input.account);
      if (!parsed) throw fieldError('account', 'auth.account_invalid');
      checkPassword(input.password);
      // The code first: without one, an unknown account and a known one look the same.
      await codes.consume(parsed.account, 'reset_password', input.code.trim());
      const user = await users.findByAccount(parsed.account);
      if (!user) throw new AppError('auth.code_expired', {}, { field: 'code' });
      await secondFactor.check(user.id, input.otp);
      const at = clock.now();
      await users.resetPassword(user.id, await hashPassword(input.password), at);
      await sessions.revokeAll(user.id);
      await notifyReset(parsed.account, parsed.kind, user.lang, at);
      return { withdrawals_paused_until: new Date(at.getTime() + RECENT_CHANGE_MS) };
    },

    /** The code for binding: to the new identifier, which must be of the other kind and free. */
    async sendBindCode(
      userId: string,
      account: string,
      expect: 'email' | 'phone',
      t: Translate,
      ip: string,
    ) {
      const user = await users.findById(userId);
      if (!user) throw new AppError('error.not_signed_in');
      const parsed = normalizeAccount(account);
      if (!parsed || parsed.kind !== expect) {
        throw fieldError(expect, expect === 'email' ? 'auth.email_invalid' : 'auth.phone_invalid');
      }
      if (parsed.kind === user.account_kind) throw fieldError(expect, 'security.bind_same_kind');
      if ((await repo.aliases(userId)).some((a) => a.kind === parsed.kind)) {
        throw fieldError(expect, 'security.bind_already');
      }
      // Whether the identifier belongs to another account is decided after the answer,
      // which is the same either way (decision 137): a taken one gets no code, so only
      // the holder of a code ever hears "taken" (setphone, a race with a registration).
      const target = parsed.account;
      await registration.requestBlind({
        kind: parsed.kind,
        target,
        scene: 'bind',
        ip,
        decide: async (code) => {
          if (await users.findByAccount(target)) return;
          await registration.deliverCode({ kind: parsed.kind, target, scene: 'bind', code, t });
        },
      });
    },

    /** `setphone`: binds the phone (or e-mail) the code was sent to. */
    async bind(userId: string, input: { account: string; code: string }) {
      const user = await users.findById(userId);
      if (!user) throw new AppError('error.not_signed_in');
      const parsed = normalizeAccount(input.account);
      if (!parsed) throw fieldError('account', 'auth.account_invalid');
      if (parsed.kind === user.account_kind) throw fieldError('account', 'security.bind_same_kind');
      await codes.consume(parsed.account, 'bind', input.code.trim());
      if (await users.findByAccount(parsed.account))
        throw fieldError('account', 'security.bind_taken');
      if (!(await repo.addAlias(userId, parsed.account, parsed.kind))) {
        throw fieldError('account', 'security.bind_already');
      }
      return { account: parsed.account, kind: parsed.kind };
    },

    async identifiers(userId: string) {
      const user = await users.findById(userId);
      if (!user) throw new AppError('error.not_signed_in');
      const aliases = await repo.aliases(userId);
      const of = (kind: 'email' | 'phone') =>
        user.account_kind === kind
          ? user.account
          : (aliases.find((a) => a.kind === kind)?.account ?? '');
      return { email: of('email'), phone: of('phone') };
    },
  };
}

export type AccountSecurityService = ReturnType<typeof accountSecurityService>;
