// Exact money arithmetic for the rent and renew forms, on the protocol's one parser: the
// days are read as the server reads them, so a total is shown only for days it accepts.
import { amountUnits, countRefusal } from '@olive/protocol/numbers';
import { formatAmount } from '@olive/protocol/money';

/** The longest rental or renewal the server takes, in days. */
export const MAX_RENTAL_DAYS = 3650;

/** Why typed days are refused ("format", "too_small", "too_large"), or null. */
export const daysRefusal = (days: string, min = 1) =>
  countRefusal(days, { min, max: MAX_RENTAL_DAYS });

/** price x days as a decimal string, or '' when either is not acceptable. */
export function rentTotal(pricePerDay: string, days: string): string {
  if (daysRefusal(days)) return '';
  try {
    return formatAmount(amountUnits(pricePerDay) * BigInt(days));
  } catch {
    return '';
  }
}

/** A decimal amount rounded up to whole units ("132866.83" -> "132867"): a price to reach. */
export function wholeUp(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  return /[1-9]/.test(fraction) ? (BigInt(whole) + 1n).toString() : BigInt(whole).toString();
}

/** Network difficulty as pools show it, in trillions: "199,502,394,172,251" → "199.50 T". */
export const difficultyT = (difficulty: string): string =>
  `${(Number(difficulty) / 1e12).toFixed(2)} T`;
