import { describe, expect, it } from 'vitest';
import { createTranslator, interpolate, type Catalogue } from './translator.ts';

const CATALOGUES: Record<string, Catalogue> = {
  en: {
    common: { ok: 'OK', only: 'Only in English' },
    mining: { days_one: '{{count}} day', days_other: '{{count}} days', plain: '{{count}} d' },
    inbox: {
      messages_zero: 'No messages',
      messages_one: 'One message',
      messages_other: '{{count}} messages',
    },
    wallet: { fee: 'Fee {{fee}} on {{network}}', nested: 'Hello {{user.name}}' },
  },
  ru: {
    common: { ok: 'ОК' },
    mining: {
      days_one: '{{count}} день',
      days_few: '{{count}} дня',
      days_many: '{{count}} дней',
      days_other: '{{count}} дня',
    },
  },
  ar: {
    common: { ok: 'حسنًا' },
    mining: {
      days_zero: 'لا أيام',
      days_one: 'يوم واحد',
      days_two: 'يومان',
      days_few: '{{count}} أيام',
      days_many: '{{count}} يومًا',
      days_other: '{{count}} يوم',
    },
  },
};
const LOCALES: Record<string, string> = { en: 'en-US', ru: 'ru-RU', ar: 'ar', kr: 'ko-KR' };

function translator(loaded: string[] = []) {
  return createTranslator({
    load: async (language) => {
      loaded.push(language);
      const catalogue = CATALOGUES[language];
      if (!catalogue) throw new Error(`no catalogue for ${language}`);
      return catalogue;
    },
    fallback: 'en',
    locale: (language) => LOCALES[language] ?? 'en-US',
  });
}

describe('the translator', () => {
  it('reads nested keys in the current language and interpolates values', async () => {
    const i18n = translator();
    expect(i18n.isInitialized).toBe(false);
    await i18n.changeLanguage('en');
    expect(i18n.isInitialized).toBe(true);
    expect(i18n.t('common.ok')).toBe('OK');
    expect(i18n.t('wallet.fee', { fee: '1.5', network: 'TRC20' })).toBe('Fee 1.5 on TRC20');
    expect(i18n.t('wallet.nested', { user: { name: 'Ana' } })).toBe('Hello Ana');
    // No escaping: React escapes what it renders.
    expect(i18n.t('wallet.fee', { fee: '<b>&', network: 0 })).toBe('Fee <b>& on 0');
    // A placeholder without a value stays as written, as i18next left it.
    expect(i18n.t('wallet.fee', { fee: 1 })).toBe('Fee 1 on {{network}}');
  });

  it('falls back to English for a missing key, then to the key or the default value', async () => {
    const loaded: string[] = [];
    const i18n = translator(loaded);
    await i18n.changeLanguage('ru');
    expect(loaded.sort()).toEqual(['en', 'ru']);
    expect(i18n.t('common.ok')).toBe('ОК');
    expect(i18n.t('common.only')).toBe('Only in English');
    expect(i18n.t('common.missing')).toBe('common.missing');
    expect(i18n.t('content.channel.line', { defaultValue: 'line' })).toBe('line');
    // A key naming a group of texts is not a text.
    expect(i18n.t('common')).toBe('common');
  });

  it('picks the plural form of the language: Russian one, few, many', async () => {
    const i18n = translator();
    await i18n.changeLanguage('ru');
    const days = (count: number) => i18n.t('mining.days', { count });
    expect([1, 2, 5, 11, 21, 22, 25].map(days)).toEqual([
      '1 день',
      '2 дня',
      '5 дней',
      '11 дней',
      '21 день',
      '22 дня',
      '25 дней',
    ]);
    expect(days(1.5)).toBe('1.5 дня'); // other
  });

  it('uses all six of Arabic', async () => {
    const i18n = translator();
    await i18n.changeLanguage('ar');
    const days = (count: number) => i18n.t('mining.days', { count });
    expect([0, 1, 2, 3, 11, 100].map(days)).toEqual([
      'لا أيام',
      'يوم واحد',
      'يومان',
      '3 أيام',
      '11 يومًا',
      '100 يوم',
    ]);
  });

  it('counts in English with one and other, zero when the catalogue has it, else the plain key', async () => {
    const i18n = translator();
    await i18n.changeLanguage('en');
    expect(i18n.t('mining.days', { count: 1 })).toBe('1 day');
    expect(i18n.t('mining.days', { count: 0 })).toBe('0 days');
    expect(i18n.t('mining.days', { count: 7 })).toBe('7 days');
    expect(i18n.t('inbox.messages', { count: 0 })).toBe('No messages');
    expect(i18n.t('inbox.messages', { count: 2 })).toBe('2 messages');
    expect(i18n.t('mining.plain', { count: 3 })).toBe('3 d');
    // A language without the plural forms takes English's, by English's rules.
    await i18n.changeLanguage('ru');
    expect(i18n.t('inbox.messages', { count: 0 })).toBe('No messages');
  });

  it('tells when the language changes and lets the latest change win', async () => {
    const i18n = translator();
    const seen: string[] = [];
    const stop = i18n.subscribe(() => seen.push(i18n.language));
    await i18n.changeLanguage('en');
    const english = i18n.current;
    // Two changes at once: the one asked for last is the language, whichever loads first.
    await Promise.all([i18n.changeLanguage('ar'), i18n.changeLanguage('ru')]);
    expect(i18n.language).toBe('ru');
    expect(seen).toEqual(['en', 'ru']);
    // `current` is a new function for the new language; the old one keeps its language.
    expect(i18n.current).not.toBe(english);
    expect(english('common.ok')).toBe('OK');
    expect(i18n.t('common.ok')).toBe('ОК');
    stop();
    await i18n.changeLanguage('en');
    expect(seen).toEqual(['en', 'ru']);
  });

  it('answers in English when a language has no catalogue', async () => {
    const i18n = translator();
    await i18n.changeLanguage('kr');
    expect(i18n.language).toBe('kr');
    expect(i18n.resolvedLanguage).toBe('en');
    expect(i18n.t('common.ok')).toBe('OK');
    await i18n.changeLanguage('ar');
    expect(i18n.resolvedLanguage).toBe('ar');
  });
});

describe('interpolate', () => {
  it('takes spaces inside the braces and numbers as values', () => {
    expect(interpolate('{{ n }} of {{total}}', { n: 2, total: 10 })).toBe('2 of 10');
    expect(interpolate('no placeholder', { n: 1 })).toBe('no placeholder');
  });
});
