import { describe, expect, it } from 'vitest';
import { amountProblem, maxAmount, receiveAmount, type AmountLimits } from './amount.ts';

const bep20: AmountLimits = {
  balance: '100',
  fee: '0.5',
  min_amount: '10',
  daily_remaining: '50000',
  decimals: 8,
};

describe('amountProblem', () => {
  it('accepts a number with up to 8 decimals between the minimum and the balance', () => {
    expect(amountProblem('20', bep20)).toBeNull();
    expect(amountProblem('10', bep20)).toBeNull();
    expect(amountProblem('99.12345678', bep20)).toBeNull();
  });

  it('reads the amount as the server does: plainly written or refused', () => {
    for (const text of [
      ' 15',
      '15 ',
      '\t15',
      '015',
      '+15',
      '-15',
      '1e3',
      '1,000',
      '0x10',
      '１５',
    ]) {
      expect(amountProblem(text, bep20), JSON.stringify(text)).toEqual({ key: 'invalid' });
      expect(receiveAmount(text, '0.5'), JSON.stringify(text)).toBeNull();
    }
    expect(amountProblem('10000000000', bep20)).toEqual({ key: 'balance' });
  });

  it('names what is wrong', () => {
    expect(amountProblem('', bep20)).toEqual({ key: 'required' });
    expect(amountProblem('1e3', bep20)).toEqual({ key: 'invalid' });
    expect(amountProblem('-5', bep20)).toEqual({ key: 'invalid' });
    expect(amountProblem('1.123456789', bep20)).toEqual({ key: 'precision', decimals: 8 });
    expect(amountProblem('0', bep20)).toEqual({ key: 'positive' });
    expect(amountProblem('9.99999999', bep20)).toEqual({ key: 'minimum', min: '10' });
    expect(amountProblem('100.00000001', bep20)).toEqual({ key: 'balance' });
    expect(amountProblem('60', { ...bep20, daily_remaining: '50' })).toEqual({
      key: 'limit',
      left: '50',
    });
  });

  it('follows the network decimals and a fee above the minimum', () => {
    expect(amountProblem('20.1234567', { ...bep20, decimals: 6 })).toEqual({
      key: 'precision',
      decimals: 6,
    });
    expect(amountProblem('5', { ...bep20, min_amount: '1', fee: '5' })).toEqual({
      key: 'minimum',
      min: '5',
    });
  });
});

describe('receiveAmount', () => {
  it('subtracts the fee exactly', () => {
    expect(receiveAmount('20', '0.5')).toBe('19.5');
    expect(receiveAmount('0.3', '0.1')).toBe('0.2');
    expect(receiveAmount('1234567890.12345678', '0.00000001')).toBe('1234567890.12345677');
  });

  it('is null until there is something to receive', () => {
    expect(receiveAmount('', '0.5')).toBeNull();
    expect(receiveAmount('0.5', '0.5')).toBeNull();
    expect(receiveAmount('abc', '0.5')).toBeNull();
  });
});

describe('maxAmount', () => {
  it('is the balance, capped by the day and cut to the network decimals', () => {
    expect(maxAmount(bep20)).toBe('100');
    expect(maxAmount({ ...bep20, daily_remaining: '40.5' })).toBe('40.5');
    expect(maxAmount({ ...bep20, balance: '12.12345678', decimals: 6 })).toBe('12.123456');
    expect(maxAmount({ ...bep20, balance: '0' })).toBe('0');
  });
});
