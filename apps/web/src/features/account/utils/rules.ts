// The server's input rules, repeated here so a form can say what is wrong before a call
// (the server checks again and has the last word): accounts, passwords, codes.
import type { TFunction } from '../../../lib/translator.ts';

export const PHONE_PATTERN = /^1[2-9]\d{9}$/;
export const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]{1,189}\.[A-Za-z]{2,}$/;
export const CODE_PATTERN = /^\d{6}$/;
export const FUND_PASSWORD_PATTERN = /^\d{6}$/;
export const TELEGRAM_PATTERN = /^@?[A-Za-z0-9_]{5,32}$/;
export const PASSWORD_MIN = 8;

export type AccountKind = 'email' | 'phone';

export function accountKind(value: string): AccountKind | null {
  const trimmed = value.trim();
  if (PHONE_PATTERN.test(trimmed)) return 'phone';
  if (trimmed.length <= 254 && EMAIL_PATTERN.test(trimmed)) return 'email';
  return null;
}

type Check = (value: string) => string | null;

/** An antd-mobile Form rule from a check that answers an error message or null. */
export const rule = (check: Check) => ({
  validator: (_: unknown, value: unknown) => {
    const problem = check(typeof value === 'string' ? value : '');
    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
  },
});

export const checks = (t: TFunction) => ({
  account:
    (kind?: AccountKind): Check =>
    (value) => {
      if (!value.trim())
        return t(
          kind === 'phone'
            ? 'rules.phoneRequired'
            : kind === 'email'
              ? 'rules.emailRequired'
              : 'rules.accountRequired',
        );
      const found = accountKind(value);
      if (kind === 'email' && found !== 'email') return t('rules.emailInvalid');
      if (kind === 'phone' && found !== 'phone') return t('rules.phoneInvalid');
      if (!found) return t('rules.accountInvalid');
      return null;
    },
  password: (): Check => (value) => (value ? null : t('rules.passwordRequired')),
  newPassword: (): Check => (value) => {
    if (!value) return t('rules.passwordRequired');
    if (value.length < PASSWORD_MIN) return t('rules.passwordShort', { min: PASSWORD_MIN });
    return null;
  },
  captcha: (): Check => (value) => (value.trim() ? null : t('rules.captchaRequired')),
  code: (): Check => (value) => (CODE_PATTERN.test(value) ? null : t('rules.codeInvalid')),
  fundPassword: (): Check => (value) =>
    FUND_PASSWORD_PATTERN.test(value) ? null : t('rules.fundPasswordInvalid'),
  telegram: (): Check => (value) =>
    !value.trim() || TELEGRAM_PATTERN.test(value.trim()) ? null : t('rules.telegramInvalid'),
});
