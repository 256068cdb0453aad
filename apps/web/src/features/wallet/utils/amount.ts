// Withdrawal amounts, exactly: typed text is read by the protocol's parser, the server's
// own (a plain number with up to 8 decimals, fewer where the network's USDT has fewer), and
// turned into 10^-8 USDT counts, so the fee and "you will receive" never pass through
// floating point. What is checked is what is sent: nothing is trimmed on the way.
import { amountRefusal, amountUnits, parseAmount } from '@olive/protocol/numbers';
import { formatAmount } from '@olive/protocol/money';

export interface AmountLimits {
  balance: string;
  fee: string;
  min_amount: string;
  daily_remaining: string;
  /** Decimals the network's USDT carries (at most 8). */
  decimals: number;
}

export type AmountProblem =
  | { key: 'required' }
  | { key: 'invalid' }
  | { key: 'precision'; decimals: number }
  | { key: 'positive' }
  | { key: 'minimum'; min: string }
  | { key: 'balance' }
  | { key: 'limit'; left: string };

/** The figures the server sent (balance, fee, limits). */
const units = (text: string) => amountUnits(text);

/** What is wrong with a typed amount, or null; the server checks all of this again. */
export function amountProblem(value: string, limits: AmountLimits): AmountProblem | null {
  if (!value) return { key: 'required' };
  const refusal = amountRefusal(value, { decimals: limits.decimals });
  if (refusal?.reason === 'decimals') return { key: 'precision', decimals: refusal.decimals };
  // Above 10^10 USDT is above any balance.
  if (refusal?.reason === 'too_large') return { key: 'balance' };
  if (refusal) return { key: 'invalid' };
  const amount = parseAmount(value);
  if (amount <= 0n) return { key: 'positive' };
  const fee = units(limits.fee);
  const min = units(limits.min_amount);
  if (amount < min || amount <= fee) {
    return { key: 'minimum', min: formatAmount(min > fee ? min : fee) };
  }
  if (amount > units(limits.balance)) return { key: 'balance' };
  if (amount > units(limits.daily_remaining)) {
    return { key: 'limit', left: limits.daily_remaining };
  }
  return null;
}

/** amount - fee as a decimal string; null while the amount is not a positive number. */
export function receiveAmount(value: string, fee: string): string | null {
  if (amountRefusal(value)) return null;
  const received = parseAmount(value) - units(fee);
  return received > 0n ? formatAmount(received) : null;
}

/** The "All" amount: the balance, at most today's remaining limit, cut to the network's decimals. */
export function maxAmount(limits: AmountLimits): string {
  const balance = units(limits.balance);
  const remaining = units(limits.daily_remaining);
  const most = balance < remaining ? balance : remaining;
  const step = 10n ** BigInt(8 - Math.min(8, limits.decimals));
  const cut = most - (most % step);
  return formatAmount(cut > 0n ? cut : 0n);
}
