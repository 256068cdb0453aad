// Failures a caller should see: each carries a message key (translated per request),
// its parameters and, for validation, the offending field.
import type { NumberRefusal } from '@olive/protocol';
import type { Params } from './i18n/index.ts';

/** Code 0: the call was understood and refused; `key` names the translated message. */
export class AppError extends Error {
  constructor(
    readonly key: string,
    readonly params: Params = {},
    readonly data?: Record<string, unknown>,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

/** Code 10000 with tologin 1: the caller must sign in (again). */
export class NotSignedInError extends Error {
  constructor(readonly key = 'error.not_signed_in') {
    super(key);
    this.name = 'NotSignedInError';
  }
}

/** Code 0 naming the field, for rules a schema cannot express. */
export function fieldError(field: string, key = 'validation.invalid', params: Params = {}) {
  return new AppError(key, { ...params, field }, { field });
}

/** The kinds of number a field holds (protocol's numbers.ts), each with its own wording. */
export type NumberKind = 'amount' | 'signed_amount' | 'count';

/** Code 0 naming the field and saying what is wrong with the number written in it. */
export function numberError(field: string, kind: NumberKind, refusal: NumberRefusal) {
  switch (refusal.reason) {
    case 'format':
      return fieldError(field, `validation.${kind}_format`);
    case 'decimals':
      return fieldError(field, 'validation.decimals', { decimals: refusal.decimals });
    case 'too_small':
      return fieldError(field, 'validation.at_least', { limit: refusal.limit });
    case 'too_large':
      return fieldError(field, 'validation.at_most', { limit: refusal.limit });
  }
}
