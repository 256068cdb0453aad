import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatAmount, MAX_AMOUNT_UNITS } from './money.ts';
import { amountUnits, parseAmount } from './numbers.ts';
import { versionCode } from './app.ts';
import { normalizeLanguage } from './languages.ts';

describe('money', () => {
  it('parses decimal strings exactly', () => {
    expect(parseAmount('25')).toBe(2_500_000_000n);
    expect(parseAmount('0.00000001')).toBe(1n);
    expect(parseAmount('1234.5')).toBe(123_450_000_000n);
    expect(amountUnits('-3.1')).toBe(-310_000_000n);
  });
  it('refuses what is not an amount', () => {
    for (const bad of ['', '1e5', '0.123456789', 'abc', '1,000', '.5', 'NaN']) {
      expect(() => parseAmount(bad), bad).toThrow(RangeError);
    }
  });
  it('refuses amounts that would not fit BIGINT with room to add a few (10 integer digits)', () => {
    expect(parseAmount('9999999999.99999999')).toBe(MAX_AMOUNT_UNITS);
    for (const big of ['10000000000', '1'.repeat(20), '9'.repeat(21), '1'.repeat(40)]) {
      expect(() => parseAmount(big), big).toThrow(RangeError);
    }
  });
  it('formats without floats and round-trips any amount', () => {
    expect(formatAmount(2_550_000_000n)).toBe('25.5');
    expect(formatAmount(0n)).toBe('0');
    fc.assert(
      fc.property(fc.bigInt({ min: -MAX_AMOUNT_UNITS, max: MAX_AMOUNT_UNITS }), (units) => {
        expect(amountUnits(formatAmount(units))).toBe(units);
      }),
    );
  });
});

describe('versions and languages', () => {
  it('turns app versions into codes', () => {
    expect(versionCode('1.8')).toBe(108);
    expect(versionCode('2.10')).toBe(210);
    expect(versionCode('junk')).toBe(0);
  });
  it('reads unknown languages as English', () => {
    expect(normalizeLanguage('ar')).toBe('ar');
    expect(normalizeLanguage('zz')).toBe('en');
    expect(normalizeLanguage(undefined)).toBe('en');
  });
});
