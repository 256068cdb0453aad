import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatUsdt, maskAccount } from './format.ts';

describe('formatUsdt', () => {
  it('groups thousands and keeps at least two decimals', () => {
    expect(formatUsdt('1234567.5')).toBe('1,234,567.50');
    expect(formatUsdt('0')).toBe('0.00');
    expect(formatUsdt('25')).toBe('25.00');
    expect(formatUsdt('999')).toBe('999.00');
    expect(formatUsdt('1000')).toBe('1,000.00');
  });

  it('shows up to 8 decimals exactly, without float rounding', () => {
    expect(formatUsdt('12345678901.12345678')).toBe('12,345,678,901.12345678');
    expect(formatUsdt('0.00000001')).toBe('0.00000001');
    expect(formatUsdt('0.10000000')).toBe('0.10');
  });

  it('rounds to at most maxDecimals, half away from zero, on the decimal string', () => {
    expect(formatUsdt('12.34567891', 2, 2)).toBe('12.35');
    expect(formatUsdt('12.34499999', 2, 2)).toBe('12.34');
    expect(formatUsdt('-12.345', 2, 2)).toBe('-12.35');
    expect(formatUsdt('99999999.995', 2, 2)).toBe('100,000,000.00');
    expect(formatUsdt('0.004', 2, 2)).toBe('0.00');
    expect(formatUsdt('-0.004', 2, 2)).toBe('0.00');
    expect(formatUsdt('7', 2, 2)).toBe('7.00');
  });

  it('keeps the sign and can drop the minimum decimals', () => {
    expect(formatUsdt('-1500.25')).toBe('-1,500.25');
    expect(formatUsdt('1500', 0)).toBe('1,500');
  });

  it('shows -- for missing or malformed values', () => {
    expect(formatUsdt(undefined)).toBe('--');
    expect(formatUsdt('')).toBe('--');
    expect(formatUsdt('1e5')).toBe('--');
    expect(formatUsdt('0.123456789')).toBe('--');
  });
});

describe('formatDate', () => {
  it('formats as YYYY-MM-DD', () => {
    expect(formatDate(new Date(2024, 0, 5, 13, 0))).toBe('2024-01-05');
    expect(formatDate(new Date(1999, 11, 31))).toBe('1999-12-31');
  });

  it('reads ISO strings', () => {
    expect(formatDate('2025-03-09T12:00:00')).toBe('2025-03-09');
  });

  it('shows -- for invalid input', () => {
    expect(formatDate('not a date')).toBe('--');
    expect(formatDate(null)).toBe('--');
  });
});

describe('formatDateTime', () => {
  it('formats as YYYY-MM-DD HH:mm', () => {
    expect(formatDateTime(new Date(2024, 0, 5, 9, 7))).toBe('2024-01-05 09:07');
    expect(formatDateTime('2025-03-09T23:59:00')).toBe('2025-03-09 23:59');
    expect(formatDateTime('')).toBe('--');
  });
});

describe('maskAccount', () => {
  it('hides the middle of e-mail addresses and phone numbers', () => {
    expect(maskAccount('alice@example.com')).toBe('al***@example.com');
    expect(maskAccount('a@example.com')).toBe('a***@example.com');
    expect(maskAccount('13812345678')).toBe('138****5678');
    expect(maskAccount('')).toBe('--');
  });
});
