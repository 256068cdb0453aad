// The one way Olive reads a number typed by someone: an amount (USDT or a rate, up to 8
// decimals) or a count (days, page, limit, grids...). Written plainly or refused: no
// whitespace, no sign unless the field is signed, no leading zeros ("0" and "0.5" are
// fine, "015" and "00.5" are not), no exponent, no separators, ASCII digits only, and
// never above the field's bound. The server, the apps and the command line all read
// numbers here, so a value one of them accepts is a value every one accepts (decision 139).
import { formatAmount, MAX_AMOUNT_UNITS, USDT_DECIMALS } from './money.ts';

const SCALE = 10n ** BigInt(USDT_DECIMALS);

/** An amount in its plain form, as the wire carries it: "25", "0.5", "1234.12345678". */
export const AMOUNT_REGEX = '^(0|[1-9][0-9]{0,9})(\\.[0-9]{1,8})?$';
/** The same, where a debit is written with a leading minus (an operator's adjustment). */
export const SIGNED_AMOUNT_REGEX = '^-?(0|[1-9][0-9]{0,9})(\\.[0-9]{1,8})?$';
/** The longest amount string: 10 digits, a point and 8 decimals (a minus where signed). */
export const AMOUNT_MAX_LENGTH = 19;
/** A whole number in its plain form: "0", "30", "100". */
export const COUNT_REGEX = '^(0|[1-9][0-9]*)$';

/** The plain form, loose on length and decimals so that the refusal can say which is wrong. */
const PLAIN = /^(-?)(0|[1-9][0-9]*)(?:\.([0-9]+))?$/;
const PLAIN_COUNT = /^(0|[1-9][0-9]*)$/;
/** A count whose range goes below zero (an ordering): "-5" is its plain form. */
const PLAIN_SIGNED_COUNT = /^(0|-?[1-9][0-9]*)$/;

/** Why a text is not an acceptable number; `limit` is written as the field expects it. */
export type NumberRefusal =
  | { reason: 'format' }
  | { reason: 'decimals'; decimals: number }
  | { reason: 'too_small'; limit: string }
  | { reason: 'too_large'; limit: string };

export interface AmountRules {
  /** A leading "-" is allowed (a debit). Default false. */
  signed?: boolean;
  /** At most this many decimals (a network whose USDT has fewer). Default 8. */
  decimals?: number;
  /** In 10^-8 units. */
  min?: bigint;
  /** In 10^-8 units; null: no bound (figures Olive itself wrote). Default MAX_AMOUNT_UNITS. */
  max?: bigint | null;
}

export interface CountRules {
  min?: number;
  max: number;
}

/** Thrown by parseAmount and parseCount; `refusal` says why. */
export class NumberError extends RangeError {
  constructor(
    readonly text: string,
    readonly refusal: NumberRefusal,
  ) {
    super(`not an acceptable number (${refusal.reason}): ${text}`);
    this.name = 'NumberError';
  }
}

function readAmount(
  text: unknown,
  rules: AmountRules,
): { units: bigint; refusal: null } | { units: null; refusal: NumberRefusal } {
  const refuse = (refusal: NumberRefusal) => ({ units: null, refusal }) as const;
  if (typeof text !== 'string') return refuse({ reason: 'format' });
  const match = PLAIN.exec(text);
  if (!match) return refuse({ reason: 'format' });
  const [, sign = '', whole = '0', fraction = ''] = match;
  if (sign && !rules.signed) return refuse({ reason: 'format' });
  const decimals = Math.min(rules.decimals ?? USDT_DECIMALS, USDT_DECIMALS);
  if (fraction.length > decimals) return refuse({ reason: 'decimals', decimals });
  const max = rules.max === undefined ? MAX_AMOUNT_UNITS : rules.max;
  // Before BigInt: a 100,000-digit text is refused without being converted.
  if (max !== null && whole.length > 19)
    return refuse({ reason: 'too_large', limit: formatAmount(max) });
  const magnitude = BigInt(whole) * SCALE + BigInt(fraction.padEnd(USDT_DECIMALS, '0'));
  const units = sign ? -magnitude : magnitude;
  if (max !== null && units > max) return refuse({ reason: 'too_large', limit: formatAmount(max) });
  if (rules.signed && max !== null && units < -max) {
    return refuse({ reason: 'too_small', limit: formatAmount(-max) });
  }
  if (rules.min !== undefined && units < rules.min) {
    return refuse({ reason: 'too_small', limit: formatAmount(rules.min) });
  }
  return { units, refusal: null };
}

/** Why `text` is not an amount under `rules`, or null when it is one. */
export function amountRefusal(text: unknown, rules: AmountRules = {}): NumberRefusal | null {
  return readAmount(text, rules).refusal;
}

/**
 * "25.5" -> 2_550_000_000n, under `rules` (by default: not signed, at most 8 decimals, at
 * most MAX_AMOUNT_UNITS). Throws NumberError for anything else.
 */
export function parseAmount(text: string, rules: AmountRules = {}): bigint {
  const read = readAmount(text, rules);
  if (read.refusal) throw new NumberError(text, read.refusal);
  return read.units!;
}

/**
 * A figure Olive itself wrote (formatAmount's output: signed, unbounded) -> units, for
 * display. The same parser, so a figure that is not in the plain form is refused too.
 */
export function amountUnits(text: string): bigint {
  return parseAmount(text, { signed: true, max: null });
}

/** Why `text` is not a count from `min` (default 0) to `max`, or null when it is one. */
export function countRefusal(text: unknown, rules: CountRules): NumberRefusal | null {
  const min = rules.min ?? 0;
  if (typeof text === 'number') {
    // A JSON body's number: already a number, so only its range and wholeness matter.
    if (!Number.isInteger(text)) return { reason: 'format' };
  } else if (typeof text !== 'string' || !(min < 0 ? PLAIN_SIGNED_COUNT : PLAIN_COUNT).test(text)) {
    return { reason: 'format' };
  } else if (text.replace('-', '').length > 16) {
    // Beyond what a double holds exactly: refused before it is converted.
    return text.startsWith('-')
      ? { reason: 'too_small', limit: String(min) }
      : { reason: 'too_large', limit: String(rules.max) };
  }
  const value = Number(text);
  if (value > rules.max) return { reason: 'too_large', limit: String(rules.max) };
  if (value < min) return { reason: 'too_small', limit: String(min) };
  return null;
}

/** "30" -> 30 when it is a count from `min` (default 0) to `max`; throws NumberError. */
export function parseCount(text: string, rules: CountRules): number {
  const refusal = countRefusal(text, rules);
  if (refusal) throw new NumberError(text, refusal);
  return Number(text);
}
