// What counts as an account: an e-mail address or a phone number in the spec's format
// (1, then 2-9, then 9 digits). Accounts are stored normalised (e-mail lower-cased).
export const PHONE_PATTERN = /^1[2-9]\d{9}$/;
const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]{1,189}\.[A-Za-z]{2,}$/;

export type AccountKind = 'email' | 'phone';

export function normalizeAccount(raw: string): { account: string; kind: AccountKind } | null {
  const value = raw.trim();
  if (PHONE_PATTERN.test(value)) return { account: value, kind: 'phone' };
  if (value.length <= 254 && EMAIL_PATTERN.test(value)) {
    return { account: value.toLowerCase(), kind: 'email' };
  }
  return null;
}

export function isEmail(raw: string) {
  return normalizeAccount(raw)?.kind === 'email';
}

/** The nickname a new account starts with: the e-mail's name or a masked phone number. */
export function defaultNickname(account: string, kind: AccountKind): string {
  if (kind === 'phone') return `${account.slice(0, 3)}****${account.slice(-4)}`;
  return account.split('@')[0]!.slice(0, 20);
}
