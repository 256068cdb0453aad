// Interface language: our translator (translator.ts) with one lazily loaded catalogue per
// language, the matching antd-mobile locale, and <html lang/dir> kept in step (Arabic is
// right to left). Screens read texts with `useTranslation()` from here, which answers
// `{ t, i18n }` as react-i18next's did.
import { useSyncExternalStore } from 'react';
import enUS from 'antd-mobile/es/locales/en-US';
import {
  isLanguage,
  languageInfo,
  normalizeLanguage,
  type Language,
} from '@olive/protocol/languages'; // not the index: see lib/api.ts
import type { ANTD_LOCALE_TAGS } from './antd-locale-tags.ts';
import { initialLanguage, rememberLanguage } from './initial-language.ts';
import { storageKeys, writeStored } from './storage.ts';
import { createTranslator, type Catalogue, type TFunction } from './translator.ts';

export type AntdLocale = typeof enUS;
type LocaleModule = { default: AntdLocale };

// One chunk per catalogue; only the chosen language (and English as fallback) is fetched.
const catalogues = import.meta.glob<{ default: Catalogue }>([
  '../locales/*.json',
  '!../locales/glossary.json',
]);

// antd-mobile ships some of our languages; the others use its English strings. The files
// are those of lib/antd-locale-tags.ts (the build preloads them from there).
export const antdLocales: Record<keyof typeof ANTD_LOCALE_TAGS, () => Promise<LocaleModule>> = {
  it: () => import('antd-mobile/es/locales/it-IT'),
  ru: () => import('antd-mobile/es/locales/ru-RU'),
  es: () => import('antd-mobile/es/locales/es-ES'),
  ar: () => import('antd-mobile/es/locales/ar-SA'),
  kr: () => import('antd-mobile/es/locales/ko-KR'),
  ja: () => import('antd-mobile/es/locales/ja-JP'),
  pt: () => import('antd-mobile/es/locales/pt-BR'),
  pt_br: () => import('antd-mobile/es/locales/pt-BR'),
  tw: () => import('antd-mobile/es/locales/zh-TW'),
  fr: () => import('antd-mobile/es/locales/fr-FR'),
  de: () => import('antd-mobile/es/locales/de-DE'),
  ms: () => import('antd-mobile/es/locales/ms-MY'),
};

export const i18n = createTranslator({
  async load(language) {
    const load = catalogues[`../locales/${language}.json`];
    if (!load) throw new Error(`no catalogue for ${language}`);
    return (await load()).default;
  },
  fallback: 'en',
  locale: (language) => languageInfo(normalizeLanguage(language)).locale,
});

/** The current language's `t` (a new one when the language changes) and the translator. */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const t = useSyncExternalStore(
    i18n.subscribe,
    () => i18n.current,
    () => i18n.current,
  );
  return { t, i18n };
}

let antdLocale: AntdLocale = enUS;
const listeners = new Set<() => void>();

/** The language sent as `lang` and shown: the current i18n language, always one of the 16. */
export function currentLanguage(): Language {
  return isLanguage(i18n.resolvedLanguage)
    ? i18n.resolvedLanguage
    : normalizeLanguage(i18n.language);
}

/** Loads a language's catalogue and antd-mobile's strings and makes it current. */
async function loadLanguage(language: Language): Promise<void> {
  const [, locale] = await Promise.all([
    i18n.changeLanguage(language),
    language in antdLocales
      ? antdLocales[language as keyof typeof antdLocales]().then((m) => m.default)
      : Promise.resolve(enUS),
  ]);
  antdLocale = locale;
}

export async function setLanguage(code: string): Promise<void> {
  const language = normalizeLanguage(code);
  await loadLanguage(language);
  showLanguage(language);
}

/** The page in `language`: stored, <html lang/dir>, and every screen told. */
function showLanguage(language: Language) {
  writeStored(storageKeys.lang, language);
  rememberLanguage(language);
  const info = languageInfo(language);
  document.documentElement.lang = info.locale;
  document.documentElement.dir = info.dir;
  listeners.forEach((listener) => listener());
}

/** The translator with the catalogue of `language` loaded: the page's state is not touched. */
export async function startI18n(language: Language): Promise<void> {
  await loadLanguage(language);
}

export async function initI18n(): Promise<void> {
  const language = initialLanguage();
  await startI18n(language);
  showLanguage(language);
}

export function useAntdLocale(): AntdLocale {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => antdLocale,
    () => antdLocale,
  );
}

export type { TFunction };
