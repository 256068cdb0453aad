import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatAmount, MAX_AMOUNT_UNITS } from './money.ts';
import {
  AMOUNT_REGEX,
  amountRefusal,
  amountUnits,
  COUNT_REGEX,
  countRefusal,
  NumberError,
  parseAmount,
  parseCount,
  SIGNED_AMOUNT_REGEX,
} from './numbers.ts';

/** The shapes issue 30 found accepted by some calls and refused by others. */
const PADDED = [' 15', '15 ', '\t15', '015', '+15', '-15', '1e3', '1,000', '0x10', '１５'];

/** Ways to spoil a plain number written as `text`. */
const spoil = (text: string) =>
  fc.oneof(
    fc
      .constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\u2003', '\ufeff')
      .chain((space) =>
        fc.constantFrom(
          `${space}${text}`,
          `${text}${space}`,
          `${text.slice(0, 1)}${space}${text.slice(1)}`,
        ),
      ),
    fc.constantFrom(`0${text}`, `00${text}`, `+${text}`, `${text}e0`, `${text}E2`, `${text}.`),
    fc.constant(text.replace(/[0-9]/g, (d) => String.fromCharCode(0xff10 + Number(d)))),
    fc.constant(text.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)))),
  );

describe('amounts', () => {
  it('reads the plain form exactly', () => {
    expect(parseAmount('25')).toBe(2_500_000_000n);
    expect(parseAmount('0')).toBe(0n);
    expect(parseAmount('0.5')).toBe(50_000_000n);
    expect(parseAmount('0.00000001')).toBe(1n);
    expect(parseAmount('1234.50')).toBe(123_450_000_000n);
    expect(parseAmount('9999999999.99999999')).toBe(MAX_AMOUNT_UNITS);
  });

  it('refuses every padded, signed, exponent, grouped, hexadecimal or foreign-digit shape', () => {
    for (const text of [...PADDED, '00', '00.5', '.5', '5.', '', '1 000', 'NaN', 'Infinity']) {
      expect(amountRefusal(text), JSON.stringify(text)).toEqual({ reason: 'format' });
      expect(() => parseAmount(text), JSON.stringify(text)).toThrow(NumberError);
    }
  });

  it('says when there are too many decimals or the amount is too large or small', () => {
    expect(amountRefusal('15.123456789')).toEqual({ reason: 'decimals', decimals: 8 });
    expect(amountRefusal('15.1234567', { decimals: 6 })).toEqual({
      reason: 'decimals',
      decimals: 6,
    });
    expect(amountRefusal('10000000000')).toEqual({
      reason: 'too_large',
      limit: '9999999999.99999999',
    });
    expect(amountRefusal('9'.repeat(100_000))).toMatchObject({ reason: 'too_large' });
    expect(amountRefusal('2', { max: 100_000_000n })).toEqual({ reason: 'too_large', limit: '1' });
    expect(amountRefusal('0.5', { min: 100_000_000n })).toEqual({
      reason: 'too_small',
      limit: '1',
    });
    expect(amountRefusal(15)).toEqual({ reason: 'format' });
  });

  it('takes a minus only where the field is signed, never a plus or "-0" spelled oddly', () => {
    expect(parseAmount('-2.5', { signed: true })).toBe(-250_000_000n);
    expect(amountRefusal('-2.5')).toEqual({ reason: 'format' });
    for (const text of ['+2.5', '--2', '- 2', '-02']) {
      expect(amountRefusal(text, { signed: true }), text).toEqual({ reason: 'format' });
    }
    expect(amountUnits('-3.1')).toBe(-310_000_000n);
    expect(amountUnits('123456789012345678901')).toBe(12_345_678_901_234_567_890_100_000_000n);
  });

  it('reads back every amount it writes, and the schema pattern agrees with the parser', () => {
    const pattern = new RegExp(AMOUNT_REGEX);
    const signedPattern = new RegExp(SIGNED_AMOUNT_REGEX);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: MAX_AMOUNT_UNITS }), (units) => {
        const text = formatAmount(units);
        expect(parseAmount(text)).toBe(units);
        expect(pattern.test(text)).toBe(true);
        expect(parseAmount(`-${text}`, { signed: true })).toBe(-units);
        expect(signedPattern.test(`-${text}`)).toBe(units !== 0n || true);
      }),
    );
  });

  it('refuses every spoiled writing of a valid amount, and the pattern refuses it too', () => {
    const pattern = new RegExp(AMOUNT_REGEX);
    fc.assert(
      fc.property(
        fc
          .bigInt({ min: 0n, max: MAX_AMOUNT_UNITS })
          .map(formatAmount)
          .chain((text) => spoil(text)),
        (text) => {
          expect(amountRefusal(text)).not.toBeNull();
          expect(pattern.test(text)).toBe(false);
        },
      ),
    );
  });

  it('accepts any text the pattern accepts, and nothing else (fuzzed)', () => {
    const pattern = new RegExp(AMOUNT_REGEX);
    fc.assert(
      fc.property(fc.stringMatching(/^[-+ 0-9.,e\u00a0x]{0,24}$/), (text) => {
        expect(amountRefusal(text) === null).toBe(pattern.test(text));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('counts', () => {
  it('reads whole numbers within the bounds', () => {
    expect(parseCount('30', { min: 1, max: 3650 })).toBe(30);
    expect(parseCount('0', { max: 10 })).toBe(0);
    expect(parseCount('-5', { min: -10, max: 10 })).toBe(-5);
  });

  it('refuses every padded or decorated shape, and says which bound is passed', () => {
    for (const text of [...PADDED, '030', '00', '30.0', '3.5', '', '-0']) {
      expect(countRefusal(text, { min: 1, max: 3650 }), JSON.stringify(text)).toEqual({
        reason: 'format',
      });
    }
    expect(countRefusal('3651', { min: 1, max: 3650 })).toEqual({
      reason: 'too_large',
      limit: '3650',
    });
    expect(countRefusal('0', { min: 1, max: 3650 })).toEqual({ reason: 'too_small', limit: '1' });
    expect(countRefusal('9'.repeat(400), { max: 100 })).toEqual({
      reason: 'too_large',
      limit: '100',
    });
    expect(countRefusal('-99999999999999999999', { min: -10, max: 10 })).toEqual({
      reason: 'too_small',
      limit: '-10',
    });
    expect(countRefusal(2.5, { max: 10 })).toEqual({ reason: 'format' });
    expect(countRefusal(7, { max: 10 })).toBeNull();
    expect(() => parseCount(' 30', { max: 100 })).toThrow(NumberError);
  });

  it('reads back every count in range and refuses every spoiled writing of it', () => {
    const pattern = new RegExp(COUNT_REGEX);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (n) => {
        expect(parseCount(String(n), { max: 1_000_000 })).toBe(n);
        expect(pattern.test(String(n))).toBe(true);
        expect(countRefusal(String(n + 1_000_001), { max: 1_000_000 })).toMatchObject({
          reason: 'too_large',
        });
      }),
    );
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: 1_000_000 })
          .map(String)
          .chain((text) => spoil(text)),
        (text) => {
          expect(countRefusal(text, { max: 10_000_000 })).not.toBeNull();
          expect(pattern.test(text)).toBe(false);
        },
      ),
    );
  });
});
