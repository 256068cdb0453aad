// Which language's page `/` sends (decision 135): the app's cookie, else the browser's.
import { describe, expect, it } from 'vitest';
import { acceptedTags, pageLanguage } from './static.ts';

describe('the page language', () => {
  it('reads Accept-Language by weight, then by order', () => {
    expect(acceptedTags('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual([
      'fr-CH',
      'fr',
      'en',
      'de',
    ]);
    expect(acceptedTags('en;q=0.5, ja')).toEqual(['ja', 'en']);
    expect(acceptedTags('ar;q=0, de')).toEqual(['de']);
    expect(acceptedTags(undefined)).toEqual([]);
    expect(acceptedTags(' ,;q=1,')).toEqual([]);
  });

  it('sends the language the app last showed, whatever the browser asks for', () => {
    expect(pageLanguage('lang=de', 'ar')).toBe('de');
    expect(pageLanguage('theme=x; lang=pt_br; other=1', 'en')).toBe('pt_br');
  });

  it("falls back to the browser's first language that is ours, then English", () => {
    expect(pageLanguage(undefined, 'zh-CN, ar-EG;q=0.8')).toBe('ar');
    expect(pageLanguage('lang=xx', 'es-MX')).toBe('es');
    expect(pageLanguage('lang=../etc', undefined)).toBe('en');
    expect(pageLanguage('', 'xx')).toBe('en');
  });
});
