// Money is an exact count of 10^-8 USDT held in a bigint; on the wire it is a decimal
// string with at most 8 decimals (PRODUCT.md, Money). No floating point anywhere.
export const USDT_DECIMALS = 8;
const SCALE = 10n ** BigInt(USDT_DECIMALS);
const AMOUNT_PATTERN = /^(-)?(\d{1,20})(?:\.(\d{1,8}))?$/;
/**
 * The largest amount anything on the wire may carry: 10^10 USDT minus one unit
 * (10^18 - 1 units), so any sum of a few of them still fits PostgreSQL's BIGINT
 * (2^63 - 1 ~ 9.2 * 10^18). A larger number is refused before it reaches SQL.
 */
export const MAX_AMOUNT_UNITS = 10n ** 18n - 1n;
/** At most 10 integer digits (see MAX_AMOUNT_UNITS). */
export const MAX_AMOUNT_DIGITS = 10;

/** A decimal amount with at most 8 decimals, as typed by a person: "25", "0.5", "1234.12345678". */
export const AMOUNT_REGEX = '^\\d{1,10}(\\.\\d{1,8})?$';
/** The longest amount string a request may carry: 10 digits, a point and 8 decimals. */
export const AMOUNT_MAX_LENGTH = 19;

/**
 * "25.5" -> 2_550_000_000n. Refuses (RangeError) anything that is not an amount and, unless
 * `max` is null (display of figures the server computed), anything above `max`.
 */
export function parseAmount(text: string, max: bigint | null = MAX_AMOUNT_UNITS): bigint {
  const match = AMOUNT_PATTERN.exec(text.trim());
  if (!match) throw new RangeError(`not an amount: ${text}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const units = BigInt(whole) * SCALE + BigInt(fraction.padEnd(USDT_DECIMALS, '0'));
  if (max !== null && units > max) throw new RangeError(`amount too large: ${text}`);
  return sign ? -units : units;
}

/** 2_550_000_000n -> "25.5"; trailing zeros dropped, no exponent, no separators. */
export function formatAmount(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / SCALE;
  const fraction = (abs % SCALE).toString().padStart(USDT_DECIMALS, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
