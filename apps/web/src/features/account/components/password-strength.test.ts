import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength.tsx';

describe('passwordStrength', () => {
  it('grades by length and variety', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('Ab1!')).toBe(1);
    expect(passwordStrength('abcdefghij')).toBe(1);
    expect(passwordStrength('abcdefg1')).toBe(2);
    expect(passwordStrength('Abcdefgh1!')).toBe(3);
  });
});
