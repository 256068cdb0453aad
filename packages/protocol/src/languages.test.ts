import { describe, expect, it } from 'vitest';
import { languageForTags } from './languages.ts';

describe('languageForTags', () => {
  it("takes the first of the device's languages that is ours", () => {
    expect(languageForTags(['ar-EG', 'en-US'])).toBe('ar');
    expect(languageForTags(['xx', 'de-AT', 'fr'])).toBe('de');
    expect(languageForTags(['EN-au'])).toBe('en_au');
    expect(languageForTags(['pt-BR'])).toBe('pt_br');
    expect(languageForTags(['ko'])).toBe('kr');
  });

  it('knows only Traditional Chinese among the Chinese tags', () => {
    expect(languageForTags(['zh-Hant'])).toBe('tw');
    expect(languageForTags(['zh-HK'])).toBe('tw');
    expect(languageForTags(['zh-TW'])).toBe('tw');
    expect(languageForTags(['zh-CN'])).toBeUndefined();
    expect(languageForTags(['zh', 'sl'])).toBe('sl');
  });

  it('answers undefined when none is ours', () => {
    expect(languageForTags([])).toBeUndefined();
    expect(languageForTags(['xx-YY', ''])).toBeUndefined();
  });
});
