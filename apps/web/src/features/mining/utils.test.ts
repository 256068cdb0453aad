import { describe, expect, it } from 'vitest';
import { daysRefusal, difficultyT, rentTotal, wholeUp } from './utils.ts';

describe('rent arithmetic', () => {
  it('multiplies exactly and refuses what is not a number', () => {
    expect(rentTotal('2.5', '30')).toBe('75');
    expect(rentTotal('0.00000001', '3')).toBe('0.00000003');
    expect(rentTotal('2.5', 'x')).toBe('');
    expect(rentTotal('1.123456789x', '3')).toBe('');
  });

  it('reads days as the server does: no padding, sign, zeros in front or decimals', () => {
    for (const days of [' 30', '30 ', '\t30', '030', '+30', '-30', '3e1', '30.0', '１５']) {
      expect(daysRefusal(days), JSON.stringify(days)).toEqual({ reason: 'format' });
      expect(rentTotal('2.5', days), JSON.stringify(days)).toBe('');
    }
    expect(daysRefusal('3651')).toMatchObject({ reason: 'too_large' });
    expect(daysRefusal('3', 7)).toEqual({ reason: 'too_small', limit: '7' });
    expect(daysRefusal('30')).toBeNull();
  });
});

describe('a price to reach', () => {
  it('rounds up to whole USDT, never down', () => {
    expect(wholeUp('132866.83580049')).toBe('132867');
    expect(wholeUp('132866.00000001')).toBe('132867');
    expect(wholeUp('132866')).toBe('132866');
    expect(wholeUp('132866.0')).toBe('132866');
  });
});

describe('difficulty', () => {
  it('reads in trillions with 2 decimals, as pools show it', () => {
    expect(difficultyT('199502394172251')).toBe('199.50 T');
    expect(difficultyT('86871474313762')).toBe('86.87 T');
  });
});
