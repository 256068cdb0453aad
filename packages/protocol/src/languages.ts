// The 16 interface languages (PRODUCT.md). Codes are the spec's, not BCP 47: `kr` is
// Korean and `tw` Traditional Chinese. `locale` is the BCP 47 tag for Intl formatting.
export const LANGUAGES = [
  { code: 'en', name: 'English', locale: 'en-US', dir: 'ltr' },
  { code: 'en_au', name: 'English (Australia)', locale: 'en-AU', dir: 'ltr' },
  { code: 'en_in', name: 'English (India)', locale: 'en-IN', dir: 'ltr' },
  { code: 'it', name: 'Italiano', locale: 'it-IT', dir: 'ltr' },
  { code: 'ru', name: 'Русский', locale: 'ru-RU', dir: 'ltr' },
  { code: 'es', name: 'Español', locale: 'es-ES', dir: 'ltr' },
  { code: 'ar', name: 'العربية', locale: 'ar', dir: 'rtl' },
  { code: 'kr', name: '한국어', locale: 'ko-KR', dir: 'ltr' },
  { code: 'ja', name: '日本語', locale: 'ja-JP', dir: 'ltr' },
  { code: 'pt', name: 'Português', locale: 'pt-PT', dir: 'ltr' },
  { code: 'pt_br', name: 'Português (Brasil)', locale: 'pt-BR', dir: 'ltr' },
  { code: 'tw', name: '繁體中文', locale: 'zh-TW', dir: 'ltr' },
  { code: 'fr', name: 'Français', locale: 'fr-FR', dir: 'ltr' },
  { code: 'de', name: 'Deutsch', locale: 'de-DE', dir: 'ltr' },
  { code: 'sl', name: 'Slovenščina', locale: 'sl-SI', dir: 'ltr' },
  { code: 'ms', name: 'Bahasa Melayu', locale: 'ms-MY', dir: 'ltr' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];
export const LANGUAGE_CODES: readonly Language[] = LANGUAGES.map((l) => l.code);
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

/** Any stored or sent value that is not one of the 16 codes means English. */
export function normalizeLanguage(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

export function languageInfo(code: Language) {
  return LANGUAGES.find((l) => l.code === code) ?? LANGUAGES[0];
}

/**
 * The interface language for a device's preferred language tags (BCP 47, most preferred
 * first), or undefined when none is ours: the exact locale, else the base language (not
 * for Chinese: only Traditional Chinese is ours).
 */
export function languageForTags(tags: readonly string[]): Language | undefined {
  for (const tag of tags) {
    const lower = tag.trim().toLowerCase();
    const exact = LANGUAGES.find((l) => l.locale.toLowerCase() === lower);
    if (exact) return exact.code;
    const base = LANGUAGES.find(
      (l) => l.locale.toLowerCase().split('-')[0] === lower.split('-')[0],
    );
    if (base && !lower.startsWith('zh')) return base.code;
    if (lower === 'zh-hant' || lower === 'zh-hk') return 'tw';
  }
  return undefined;
}

/**
 * The cookie holding the language the app last showed: the server sends `/` drawn in it
 * (decision 135). Its value is a `Language` code.
 */
export const LANGUAGE_COOKIE = 'lang';
