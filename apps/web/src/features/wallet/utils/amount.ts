// Withdrawal amounts, exactly: typed text is checked with the server's rules (a number
// with up to 8 decimals, fewer where the network's USDT has fewer) and turned into
// 10^-8 USDT counts, so the fee and "you will receive" never pass through floating point.
import { formatAmount, parseAmount } from '@olive/protocol';

const AMOUNT_TEXT = /^\d{1,12}(\.\d+)?$/;

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

// Unbounded here: the server refuses amounts too large, with its own message.
const units = (text: string) => parseAmount(text, null);

/** What is wrong with a typed amount, or null; the server checks all of this again. */
export function amountProblem(text: string, limits: AmountLimits): AmountProblem | null {
  const value = text.trim();
  if (!value) return { key: 'required' };
  if (!AMOUNT_TEXT.test(value)) return { key: 'invalid' };
  const decimals = value.split('.')[1]?.length ?? 0;
  const allowed = Math.min(8, limits.decimals);
  if (decimals > allowed) return { key: 'precision', decimals: allowed };
  const amount = units(value);
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
export function receiveAmount(text: string, fee: string): string | null {
  const value = text.trim();
  if (!AMOUNT_TEXT.test(value) || (value.split('.')[1]?.length ?? 0) > 8) return null;
  const received = units(value) - units(fee);
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
