// Exact conversion between on-chain token units (6 or 18 decimals) and Olive units
// (10^-8 USDT). Everything is bigint; BEP20 dust below 10^-8 is returned, never rounded.
export const OLIVE_DECIMALS = 8;

function checkDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 77) {
    throw new RangeError(`unsupported token decimals: ${decimals}`);
  }
}

/**
 * Token units to Olive units. With more than 8 decimals the part below 10^-8 USDT comes
 * back as `dust` (in token units): it is recorded, not credited.
 */
export function tokenToOlive(
  tokenAmount: bigint,
  decimals: number,
): { amount: bigint; dust: bigint } {
  checkDecimals(decimals);
  if (tokenAmount < 0n) throw new RangeError('token amount must not be negative');
  if (decimals <= OLIVE_DECIMALS) {
    return { amount: tokenAmount * 10n ** BigInt(OLIVE_DECIMALS - decimals), dust: 0n };
  }
  const scale = 10n ** BigInt(decimals - OLIVE_DECIMALS);
  return { amount: tokenAmount / scale, dust: tokenAmount % scale };
}

/**
 * Olive units to token units, for sending. Refuses an amount the token cannot carry
 * exactly (more precision than its decimals) rather than silently sending less.
 */
export function oliveToToken(amount: bigint, decimals: number): bigint {
  checkDecimals(decimals);
  if (amount < 0n) throw new RangeError('amount must not be negative');
  if (decimals >= OLIVE_DECIMALS) return amount * 10n ** BigInt(decimals - OLIVE_DECIMALS);
  const scale = 10n ** BigInt(OLIVE_DECIMALS - decimals);
  if (amount % scale !== 0n) {
    throw new RangeError(`${amount} has more precision than ${decimals} decimals`);
  }
  return amount / scale;
}

/** A decimal USDT string ("12.5") in token units; rejects more digits than the token has. */
export function parseTokenAmount(value: string, decimals: number): bigint {
  checkDecimals(decimals);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!match) throw new RangeError(`not a decimal amount: ${JSON.stringify(value)}`);
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) {
    throw new RangeError(`${value} has more than ${decimals} decimals`);
  }
  return BigInt(whole + fraction.padEnd(decimals, '0'));
}

/** Token units as a decimal USDT string without trailing zeros ("12.5", "0"). */
export function formatTokenAmount(tokenAmount: bigint, decimals: number): string {
  checkDecimals(decimals);
  const negative = tokenAmount < 0n;
  const digits = (negative ? -tokenAmount : tokenAmount).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
