// Money is an exact count of 10^-8 USDT held in a bigint; on the wire it is a decimal
// string with at most 8 decimals (PRODUCT.md, Money). No floating point anywhere.
export const USDT_DECIMALS = 8;
const SCALE = 10n ** BigInt(USDT_DECIMALS);
const AMOUNT_PATTERN = /^(-)?(\d{1,20})(?:\.(\d{1,8}))?$/;

/** A decimal amount with at most 8 decimals, as typed by a person: "25", "0.5", "1234.12345678". */
export const AMOUNT_REGEX = '^\\d{1,12}(\\.\\d{1,8})?$';

export function parseAmount(text: string): bigint {
  const match = AMOUNT_PATTERN.exec(text.trim());
  if (!match) throw new RangeError(`not an amount: ${text}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const units = BigInt(whole) * SCALE + BigInt(fraction.padEnd(USDT_DECIMALS, '0'));
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
