// Server-side messages in the 16 languages. A missing key in a language falls back to
// English, and a missing English key shows the key itself (a test checks none is missing).
import { readFileSync, readdirSync } from 'node:fs';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type Language } from '@olive/protocol';

type Catalogue = { [key: string]: string | Catalogue };
export type Params = Record<string, string | number>;
export type Translate = (key: string, params?: Params) => string;

const folder = new URL('./locales/', import.meta.url);

function load(): Map<string, Map<string, string>> {
  const catalogues = new Map<string, Map<string, string>>();
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.json'))) {
    const flat = new Map<string, string>();
    const walk = (node: Catalogue, prefix: string) => {
      for (const [key, value] of Object.entries(node)) {
        if (typeof value === 'string') flat.set(prefix + key, value);
        else walk(value, `${prefix}${key}.`);
      }
    };
    walk(JSON.parse(readFileSync(new URL(file, folder), 'utf8')) as Catalogue, '');
    catalogues.set(file.replace(/\.json$/, ''), flat);
  }
  return catalogues;
}

const catalogues = load();

export function messageKeys(lang: Language): string[] {
  return [...(catalogues.get(lang)?.keys() ?? [])];
}

export function translate(lang: Language, key: string, params: Params = {}): string {
  const template =
    catalogues.get(lang)?.get(key) ?? catalogues.get(DEFAULT_LANGUAGE)?.get(key) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) return '';
    // A field name is itself translated: {{field}} = "account" -> "Account" / "Compte".
    if (name === 'field') {
      const label = translate(lang, `field.${value}`);
      return label === `field.${value}` ? String(value) : label;
    }
    return String(value);
  });
}

const translators = new Map<Language, Translate>();

/** One translator per language, made once (every call asks for one). */
export function translatorFor(lang: Language): Translate {
  let t = translators.get(lang);
  if (!t) {
    t = (key, params) => translate(lang, key, params);
    translators.set(lang, t);
  }
  return t;
}

export const languagesWithCatalogues = () => LANGUAGE_CODES.filter((c) => catalogues.has(c));
