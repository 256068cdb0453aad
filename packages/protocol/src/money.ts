// Money is an exact count of 10^-8 USDT held in a bigint; on the wire it is a decimal
// string with at most 8 decimals (PRODUCT.md, Money). No floating point anywhere. Reading
// an amount: numbers.ts.
export const USDT_DECIMALS = 8;
const SCALE = 10n ** BigInt(USDT_DECIMALS);
/**
 * The largest amount anything on the wire may carry: 10^10 USDT minus one unit
 * (10^18 - 1 units), so any sum of a few of them still fits PostgreSQL's BIGINT
 * (2^63 - 1 ~ 9.2 * 10^18). A larger number is refused before it reaches SQL.
 */
export const MAX_AMOUNT_UNITS = 10n ** 18n - 1n;
/** At most 10 integer digits (see MAX_AMOUNT_UNITS). */
export const MAX_AMOUNT_DIGITS = 10;

/** 2_550_000_000n -> "25.5"; trailing zeros dropped, no exponent, no separators. */
export function formatAmount(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / SCALE;
  const fraction = (abs % SCALE).toString().padStart(USDT_DECIMALS, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
