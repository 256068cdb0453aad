// The console's two languages (English, Simplified Chinese) for Refine's i18n provider:
// one catalogue per language, English as the fallback for a missing key, then Refine's
// own default text. The choice is remembered in localStorage and sent with every call.
import type { I18nProvider } from '@refinedev/core';
import en from '../../locales/en.json';
import zhCN from '../../locales/zh-CN.json';
import { setApiLanguage } from '../../lib/api.ts';
import type { Language } from '../../lib/language.tsx';

const LANGUAGE_KEY = 'olive.admin.lang';
type Catalogue = { [key: string]: string | Catalogue };
const catalogues: Record<Language, Catalogue> = { en, 'zh-CN': zhCN };

export function initialLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  if (stored === 'en' || stored === 'zh-CN') return stored;
  return navigator.language.toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

export function rememberLanguage(language: Language) {
  localStorage.setItem(LANGUAGE_KEY, language);
  setApiLanguage(language);
  document.documentElement.lang = language;
}

function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function interpolate(text: string, options: unknown): string {
  if (!options || typeof options !== 'object') return text;
  const values = options as Record<string, unknown>;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    values[name] === undefined ? match : String(values[name]),
  );
}

/** Translates `key` in `language`; Refine's `<resource>.titles.<action>` from the resource name. */
export function translator(language: Language) {
  const find = (key: string) => lookup(catalogues[language], key) ?? lookup(en, key);
  return (key: string, options?: unknown, defaultMessage?: string): string => {
    // Refine calls translate(key, defaultMessage) as well as translate(key, options, default).
    const fallback = typeof options === 'string' ? options : defaultMessage;
    const found = find(key);
    if (found !== undefined) return interpolate(found, options);
    const title = /^([\w-]+)\.(?:titles\.(list|show|edit|create)|\1)$/.exec(key);
    if (title) {
      const name = find(`resources.${title[1]}`);
      if (name !== undefined) {
        const pattern = find(`titles.${title[2] ?? 'list'}`) ?? '{{resource}}';
        return interpolate(pattern, { resource: name });
      }
    }
    return fallback ?? key;
  };
}

export function i18nProvider(
  language: Language,
  changeLanguage: (language: Language) => void,
): I18nProvider {
  return {
    translate: translator(language),
    changeLocale: (locale: string) => changeLanguage(locale === 'zh-CN' ? 'zh-CN' : 'en'),
    getLocale: () => language,
  };
}
