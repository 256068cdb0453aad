// Shared by this package's tests: a clock that moves only when told to (the same shape
// as the server's ManualClock port) and exact-unit shorthands.
import type { Clock } from './feed.ts';
import { SCALE } from './markets.ts';

export class TestClock implements Clock {
  constructor(private current: number) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

/** units('476.20673') -> 47_620_673_000n: Olive units, prices and quantities (8 decimals). */
export function units(decimal: string): bigint {
  const [whole = '0', fraction = ''] = decimal.split('.');
  const sign = whole.startsWith('-') ? -1n : 1n;
  return sign * (BigInt(whole.replace('-', '')) * SCALE + BigInt(fraction.padEnd(8, '0')));
}

export const T0 = Date.parse('2026-01-01T00:00:00Z');
