import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@olive/protocol';
import { messageKeys, translate } from './index.ts';

describe('server message catalogues', () => {
  const english = messageKeys('en').sort();

  it.each(LANGUAGE_CODES)('%s has every English message and no empty one', (lang) => {
    expect(messageKeys(lang).sort()).toEqual(english);
    for (const key of english) expect(translate(lang, key).trim()).not.toBe('');
  });

  it('keeps placeholders in every translation', () => {
    for (const lang of LANGUAGE_CODES) {
      expect(translate(lang, 'error.rate_limited', { seconds: 42 })).toContain('42');
      expect(translate(lang, 'error.internal', { requestId: 'abc123' })).toContain('abc123');
      expect(translate(lang, 'validation.too_long', { field: 'nickname', limit: 20 })).toContain(
        '20',
      );
    }
  });

  it('translates field names inside messages', () => {
    expect(translate('en', 'validation.required', { field: 'account' })).toBe(
      'Account is required.',
    );
    expect(translate('fr', 'validation.required', { field: 'account' })).not.toContain('Account');
  });
});
