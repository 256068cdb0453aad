import { describe, expect, it } from 'vitest';
import { formatRate, principalProblem, signOf, splitDuration, toneOf } from './figures.ts';

describe('trade figures', () => {
  it('turns a rate string into a percentage without floating point', () => {
    expect(formatRate('0.0123')).toBe('1.23%');
    expect(formatRate('0.0123', true)).toBe('+1.23%');
    expect(formatRate('-0.05')).toBe('-5.00%');
    expect(formatRate('-0.00005')).toBe('-0.01%');
    expect(formatRate('0.00004', true)).toBe('0.00%');
    expect(formatRate('1.5')).toBe('150.00%');
    expect(formatRate('')).toBe('--');
    expect(formatRate('abc')).toBe('--');
  });

  it('shows a loss as a loss', () => {
    expect(signOf('-0.00000001')).toBe(-1);
    expect(toneOf('-3.2')).toBe('is-down');
    expect(toneOf('3.2')).toBe('is-up');
    expect(toneOf('0')).toBe('');
  });

  it('splits a duration into days and a clock', () => {
    expect(splitDuration(93_784)).toEqual({ days: 1, clock: '02:03:04' });
    expect(splitDuration(59)).toEqual({ days: 0, clock: '00:00:59' });
  });

  it('checks a principal against the minimum and the balance', () => {
    expect(principalProblem('', '50', '100')).toEqual({ key: 'required' });
    expect(principalProblem('1e3', '50', '100')).toEqual({ key: 'invalid' });
    for (const text of [' 60', '60 ', '060', '+60', '-60', '1,000', '0x10', '６０']) {
      expect(principalProblem(text, '50', '100'), JSON.stringify(text)).toEqual({ key: 'invalid' });
    }
    expect(principalProblem('60.123456789', '50', '100')).toEqual({ key: 'precision' });
    expect(principalProblem('49.99', '50', '100')).toEqual({ key: 'minimum', min: '50' });
    expect(principalProblem('100.01', '50', '100')).toEqual({ key: 'balance' });
    expect(principalProblem('100', '50', '100')).toBeNull();
    expect(principalProblem('100', '50', undefined)).toBeNull();
  });
});
