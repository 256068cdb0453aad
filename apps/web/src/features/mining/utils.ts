// Exact money arithmetic for the rent form: decimal strings to 10^-8 units and back.
const SCALE = 100_000_000n;

export function toUnits(text: string): bigint | null {
  const match = /^(\d{1,12})(?:\.(\d{1,8}))?$/.exec(text.trim());
  if (!match) return null;
  return BigInt(match[1]!) * SCALE + BigInt((match[2] ?? '').padEnd(8, '0'));
}

export function fromUnits(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / SCALE;
  const frac = (abs % SCALE).toString().padStart(8, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** price x days as a decimal string, or '' when either is not a number. */
export function rentTotal(pricePerDay: string, days: string): string {
  const price = toUnits(pricePerDay);
  if (price === null || !/^\d{1,5}$/.test(days.trim())) return '';
  return fromUnits(price * BigInt(days.trim()));
}
