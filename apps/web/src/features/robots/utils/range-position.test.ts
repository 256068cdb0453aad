import { describe, expect, it } from 'vitest';
import { rangePosition } from './range-position.ts';

describe('rangePosition', () => {
  it('says where the price is against the range, ends included in the range', () => {
    expect(rangePosition('99.99', '100', '120')).toBe('below');
    expect(rangePosition('100', '100', '120')).toBe('inside');
    expect(rangePosition('120', '100', '120')).toBe('inside');
    expect(rangePosition('120.01', '100', '120')).toBe('above');
  });
});
