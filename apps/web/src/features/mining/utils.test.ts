import { describe, expect, it } from 'vitest';
import { fromUnits, rentTotal, toUnits } from './utils.ts';

describe('rent arithmetic', () => {
  it('multiplies exactly and refuses what is not a number', () => {
    expect(rentTotal('2.5', '30')).toBe('75');
    expect(rentTotal('0.00000001', '3')).toBe('0.00000003');
    expect(rentTotal('2.5', 'x')).toBe('');
    expect(toUnits('1.123456789')).toBeNull();
    expect(fromUnits(-150_000_000n)).toBe('-1.5');
  });
});
