// Registration by e-mail or phone: image captcha, a code sent to the account, password,
// 6-digit fund password, optional invitation code (sets the upline for good), optional
// Telegram name, agreement to the terms. Every check runs before anything is written, so
// a refused registration leaves no account and keeps the code usable.
import { randomInt } from 'node:crypto';
import { AppError, fieldError } from '../../errors.ts';
import type { Translate } from '../../i18n/index.ts';
import type { CaptchaService } from '../auth/captcha.ts';
import type { AfterReply } from '../auth/after-reply.ts';
import type { CodeScene, CodeService } from '../auth/codes.ts';
import { translatorFor } from '../../i18n/index.ts';
import { normalizeLanguage } from '@olive/protocol';
import type { CounterStore } from '../auth/counters.ts';
import { hashPassword, passwordProblem } from '../auth/password.ts';
import type { SessionService } from '../auth/session.service.ts';
import type { Mailer } from '../messaging/mailer.ts';
import type { SmsSender } from '../messaging/sms.ts';
import { defaultNickname, normalizeAccount, type AccountKind } from './account.ts';
import type { UserRepository } from './user.repository.ts';

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const HOUR = 3_600_000;
export const FUND_PASSWORD_PATTERN = /^\d{6}$/;

export function checkPassword(password: string, field = 'password') {
  const problem = passwordProblem(password);
  if (problem === 'too_short') throw fieldError(field, 'auth.password_too_short');
  if (problem === 'too_long') throw fieldError(field, 'auth.password_too_long');
  if (problem === 'common') throw fieldError(field, 'auth.password_common');
}

export function checkFundPassword(value: string, field = 'fund_password') {
  if (!FUND_PASSWORD_PATTERN.test(value)) throw fieldError(field, 'auth.fund_password_invalid');
}

/**
 * Writes a new account with hashed passwords and a fresh invitation code. Checks of the
 * input are the caller's; a taken account is an `auth.account_taken` field error.
 */
export async function createAccount(
  users: UserRepository,
  input: {
    account: string;
    kind: AccountKind;
    password: string;
    fund_password: string;
    inviter_id?: string | null;
    telegram?: string | null;
    lang?: string;
  },
) {
  const [passwordHash, fundHash] = await Promise.all([
    hashPassword(input.password),
    hashPassword(input.fund_password),
  ]);
  for (let attempt = 0; attempt < 5; attempt++) {
    const created = await users.insert({
      account: input.account,
      account_kind: input.kind,
      password_hash: passwordHash,
      fund_password_hash: fundHash,
      nickname: defaultNickname(input.account, input.kind),
      invite_code: Array.from(
        { length: 8 },
        () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)],
      ).join(''),
      inviter_id: input.inviter_id ?? null,
      telegram: input.telegram ?? null,
      lang: input.lang ?? 'en',
      avatar: null,
    });
    if (created) return created;
    // A conflict: the account was registered a moment ago, or the invite code collided.
    if (await users.findByAccount(input.account)) throw fieldError('account', 'auth.account_taken');
  }
  throw new Error('could not allocate an invite code');
}

export function registrationService(deps: {
  users: UserRepository;
  sessions: SessionService;
  captchas: CaptchaService;
  codes: CodeService;
  counters: CounterStore;
  mailer: Mailer;
  sms: SmsSender;
  /** Where deliveries that depend on an account's existence run: after the answer. */
  later: AfterReply;
  /** Codes sent and registrations tried per IP per hour (codes per account: a third). */
  perHour: number;
}) {
  const { users, sessions, captchas, codes, counters, mailer, sms, later, perHour } = deps;

  async function limit(key: string, max: number, windowMs: number) {
    if ((await counters.hit(key, windowMs)) > max) {
      throw new AppError('error.rate_limited', { seconds: Math.ceil(windowMs / 1000) });
    }
  }

  /** Counts a code request against the per-IP and per-account hourly limits. */
  async function limitSends(ip: string, target: string) {
    await limit(`code:ip:${ip}`, perHour, HOUR);
    await limit(`code:acct:${target}`, Math.max(3, Math.ceil(perHour / 3)), HOUR);
  }

  /**
   * Delivers a code to an account's e-mail or phone, in the caller's language, with the
   * texts of its scene: each mail and SMS says what the code is for.
   */
  async function deliverCode(input: {
    kind: AccountKind;
    target: string;
    scene: CodeScene;
    code: string;
    t: Translate;
  }) {
    const { scene, code } = input;
    if (input.kind === 'email') {
      await mailer.send({
        to: input.target,
        subject: input.t(`mail.code.${scene}.subject`),
        text: input.t(`mail.code.${scene}.body`, { code }),
      });
    } else {
      await sms.send(input.target, input.t(`sms.code.${scene}`, { code }));
    }
  }

  /** Sends a code now (to a signed-in caller's own account: nothing to hide). */
  async function sendCode(input: {
    kind: AccountKind;
    target: string;
    scene: CodeScene;
    t: Translate;
    ip: string;
  }) {
    await limitSends(input.ip, input.target);
    await codes.send(input.kind, input.target, input.scene, (code) =>
      deliverCode({ ...input, code }),
    );
  }

  /**
   * A code request whose delivery depends on who holds `target` (an account that may or
   * may not exist): the call does the same work whoever that is (limits, the 60-second
   * wait, a stored code), answers, and only then `decide` looks the account up and
   * delivers the code, a notice or nothing (decision 137). A code nobody receives does
   * the same as one lost in the post: it is stored, counted and expires.
   */
  async function requestBlind(input: {
    kind: AccountKind;
    target: string;
    scene: CodeScene;
    ip: string;
    decide: (code: string) => Promise<void>;
  }) {
    await limitSends(input.ip, input.target);
    const code = await codes.create(input.kind, input.target, input.scene);
    later.run(() => input.decide(code));
  }

  return {
    sendCode,
    deliverCode,
    requestBlind,

    /** The code call of the registration and reset screens (captcha first). */
    async requestCode(input: {
      account: string;
      expect: AccountKind;
      scene: CodeScene;
      captcha_id?: string | undefined;
      captcha?: string | undefined;
      t: Translate;
      ip: string;
    }) {
      const field = input.expect === 'email' ? 'email' : 'phone';
      const parsed = normalizeAccount(input.account);
      if (!parsed || parsed.kind !== input.expect) {
        throw fieldError(
          field,
          input.expect === 'email' ? 'auth.email_invalid' : 'auth.phone_invalid',
        );
      }
      await captchas.check(input.captcha_id, input.captcha);
      // One solved picture for the whole registration: the proof stands in for it there.
      // Issued whether or not the account exists, so the answer tells nothing either way.
      const captcha_proof =
        input.scene === 'register' ? await captchas.issueProof(parsed.account) : undefined;
      const answer = captcha_proof ? { captcha_proof } : {};
      // The answer, and the work before it, are the same whether or not the account
      // exists (no enumeration, decisions 110b and 137): a registration code for a taken
      // account becomes a notice to its owner, a reset code for an unknown account is not
      // sent, and both are decided only after the answer.
      const target = parsed.account;
      const t = input.t;
      await requestBlind({
        kind: parsed.kind,
        target,
        scene: input.scene,
        ip: input.ip,
        decide: async (code) => {
          const existing = await users.findByAccount(target);
          if (input.scene === 'register' && existing) {
            const owner = translatorFor(normalizeLanguage(existing.lang));
            if (parsed.kind === 'email') {
              await mailer.send({
                to: target,
                subject: owner('mail.register_attempt_subject'),
                text: owner('mail.register_attempt_body'),
              });
            } else {
              await sms.send(target, owner('sms.register_attempt_body'));
            }
            return;
          }
          if (input.scene !== 'register' && !existing) return;
          await deliverCode({ kind: parsed.kind, target, scene: input.scene, code, t });
        },
      });
      return answer;
    },

    async register(input: {
      account: string;
      password: string;
      fund_password: string;
      code: string;
      captcha_id?: string | undefined;
      captcha?: string | undefined;
      captcha_proof?: string | undefined;
      invite_code?: string | undefined;
      telegram?: string | undefined;
      agree?: string | undefined;
      lang: string;
      ip: string;
      userAgent?: string | undefined;
    }) {
      if (input.agree !== '1') throw fieldError('agree', 'auth.agree_required');
      const parsed = normalizeAccount(input.account);
      if (!parsed) throw fieldError('account', 'auth.account_invalid');
      checkPassword(input.password);
      checkFundPassword(input.fund_password);
      const telegram = input.telegram?.trim().replace(/^@/, '') || null;
      if (telegram && !/^[A-Za-z0-9_]{5,32}$/.test(telegram)) throw fieldError('telegram');
      await limit(`register:ip:${input.ip}`, perHour, HOUR);
      const proof = input.captcha_proof;
      if (proof) await captchas.checkProof(proof, parsed.account);
      else await captchas.check(input.captcha_id, input.captcha);
      const inviteCode = input.invite_code?.trim().toUpperCase() || null;
      const inviter = inviteCode ? await users.findByInviteCode(inviteCode) : null;
      if (inviteCode && !inviter) throw fieldError('invite_code', 'auth.invite_unknown');
      // Only the holder of a registration code learns that an account is taken (no code is
      // ever sent to a taken account, so this is a race with another registration).
      await codes.consume(parsed.account, 'register', input.code.trim());
      if (proof) await captchas.spendProof(proof, parsed.account);

      const created = await createAccount(users, {
        account: parsed.account,
        kind: parsed.kind,
        password: input.password,
        fund_password: input.fund_password,
        inviter_id: inviter?.id ?? null,
        telegram,
        lang: input.lang,
      });
      const { token } = await sessions.issue(created.id, {
        ip: input.ip,
        ...(input.userAgent ? { userAgent: input.userAgent } : {}),
      });
      return { token, user_id: created.id };
    },
  };
}

export type RegistrationService = ReturnType<typeof registrationService>;
