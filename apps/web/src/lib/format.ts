// Display formats (PRODUCT.md, Money): amounts with thousands separators and up to 8
// decimals, computed on the decimal string so no precision is lost; dates as YYYY-MM-DD (with HH:mm in lists of movements).
import { amountUnits } from '@olive/protocol/numbers';
import { formatAmount } from '@olive/protocol/money';

/**
 * "1234567.5" -> "1,234,567.50"; "--" for anything that is not an amount. At least
 * `minDecimals`, at most `maxDecimals` (rounded half away from zero: a figure meant to be
 * read at a glance, such as a leaderboard's or a demo robot's, at 2).
 */
export function formatUsdt(
  value: string | null | undefined,
  minDecimals = 2,
  maxDecimals = 8,
): string {
  if (value === null || value === undefined || value === '') return '--';
  let normalized: string;
  try {
    let units = amountUnits(value);
    if (maxDecimals < 8) {
      const step = 10n ** BigInt(8 - maxDecimals);
      const magnitude = units < 0n ? -units : units;
      const rounded = ((magnitude + step / 2n) / step) * step;
      units = units < 0n ? -rounded : rounded;
    }
    normalized = formatAmount(units);
  } catch {
    return '--';
  }
  const negative = normalized.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? normalized.slice(1) : normalized).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const decimals = fraction.padEnd(minDecimals, '0');
  return `${negative ? '-' : ''}${grouped}${decimals ? `.${decimals}` : ''}`;
}

/** An ISO-8601 time or Date -> "YYYY-MM-DD" in the viewer's time zone; "--" when invalid. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '--';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '--';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** An ISO-8601 time or Date -> "YYYY-MM-DD HH:mm" in the viewer's time zone; "--" when invalid. */
export function formatDateTime(value: string | number | Date | null | undefined): string {
  const day = formatDate(value);
  if (day === '--') return day;
  const date = value instanceof Date ? value : new Date(value!);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** An account as others may glimpse it: "ab***@mail.com", "138****5678". */
export function maskAccount(account: string | null | undefined): string {
  if (!account) return '--';
  const at = account.indexOf('@');
  if (at > 0) return `${account.slice(0, Math.min(2, at))}***${account.slice(at)}`;
  if (account.length < 8) return account;
  return `${account.slice(0, 3)}****${account.slice(-4)}`;
}
