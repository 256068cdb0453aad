// Pure display rules of the Trade screens. Rates arrive as decimal strings ("0.0123" is
// 1.23%) and are turned into percentages on the string, never through floating point.
import { amountRefusal, amountUnits, parseAmount } from '@olive/protocol/numbers';

/** The sign of a decimal string: 1, 0 or -1; 0 for anything that is not a number. */
export function signOf(value: string | null | undefined): -1 | 0 | 1 {
  if (!value) return 0;
  try {
    const units = amountUnits(value);
    return units > 0n ? 1 : units < 0n ? -1 : 0;
  } catch {
    return 0;
  }
}

/** "is-up" for a gain, "is-down" for a loss, "" for zero: the colour of a figure. */
export const toneOf = (value: string | null | undefined) =>
  ({ 1: 'is-up', 0: '', [-1]: 'is-down' })[signOf(value)];

/**
 * A rate as a percentage with two decimals, rounded half away from zero:
 * "0.0123" -> "1.23%", "-0.00005" -> "-0.01%"; `signed` adds "+" to a gain.
 */
export function formatRate(value: string | null | undefined, signed = false): string {
  if (value === null || value === undefined || value === '') return '--';
  let units: bigint;
  try {
    units = amountUnits(value);
  } catch {
    return '--';
  }
  // 10^-8 units of a rate -> hundredths of a percent: divide by 10^4, rounding.
  const negative = units < 0n;
  const magnitude = negative ? -units : units;
  const hundredths = (magnitude + 5_000n) / 10_000n;
  const whole = hundredths / 100n;
  const fraction = String(hundredths % 100n).padStart(2, '0');
  const sign = hundredths === 0n ? '' : negative ? '-' : signed ? '+' : '';
  return `${sign}${whole}.${fraction}%`;
}

/** An amount with its sign spelled out: "+12.50", "-3.20", "0.00". */
export function signedAmount(formatted: string, value: string | null | undefined): string {
  return signOf(value) > 0 ? `+${formatted}` : formatted;
}

/** Seconds -> {days, clock}: 93784 -> {days: 1, clock: "02:03:04"}. */
export function splitDuration(seconds: number): { days: number; clock: string } {
  const total = Math.max(0, Math.floor(seconds));
  const days = Math.floor(total / 86_400);
  const rest = total % 86_400;
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`;
  return { days, clock };
}

/** A principal as typed, checked against the market minimum and the balance. */
export type PrincipalProblem =
  | { key: 'required' }
  | { key: 'invalid' }
  | { key: 'precision' }
  | { key: 'minimum'; min: string }
  | { key: 'balance' };

export function principalProblem(
  text: string,
  minimum: string | undefined,
  balance: string | undefined,
): PrincipalProblem | null {
  if (text === '') return { key: 'required' };
  // The server's own parser, on exactly what is sent.
  const refusal = amountRefusal(text);
  if (refusal?.reason === 'decimals') return { key: 'precision' };
  if (refusal?.reason === 'too_large') return { key: 'balance' };
  if (refusal) return { key: 'invalid' };
  const units = parseAmount(text);
  if (minimum !== undefined && units < amountUnits(minimum)) {
    return { key: 'minimum', min: minimum };
  }
  if (balance !== undefined && units > amountUnits(balance)) return { key: 'balance' };
  return null;
}
