// Which of antd-mobile's locale files each interface language uses (the others use its
// English strings, which the first load carries). Data only: the build reads it to add the
// file to a language's first-screen preload (first-screen-plugin.ts), and lib/i18n.ts
// loads the same files (its test checks each loader against this table).
import type { Language } from '@olive/protocol/languages'; // not the index: see lib/api.ts

export const ANTD_LOCALE_TAGS = {
  it: 'it-IT',
  ru: 'ru-RU',
  es: 'es-ES',
  ar: 'ar-SA',
  kr: 'ko-KR',
  ja: 'ja-JP',
  pt: 'pt-BR',
  pt_br: 'pt-BR',
  tw: 'zh-TW',
  fr: 'fr-FR',
  de: 'de-DE',
  ms: 'ms-MY',
} as const satisfies Partial<Record<Language, string>>;
