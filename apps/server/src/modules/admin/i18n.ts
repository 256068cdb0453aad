// The console's messages: English and Simplified Chinese (`zh-CN`), kept beside the admin
// module because the investor catalogues have no zh-CN (decision 115). A key missing here
// falls back to the investor catalogue in English, so a refusal from another module
// (e.g. withdraw.wrong_state) still reads well.
import { readFileSync } from 'node:fs';
import { translate, type Params } from '../../i18n/index.ts';

export type AdminLanguage = 'en' | 'zh-CN';

type Catalogue = { [key: string]: string | Catalogue };

function flatten(file: string) {
  const flat = new Map<string, string>();
  const walk = (node: Catalogue, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string') flat.set(prefix + key, value);
      else walk(value, `${prefix}${key}.`);
    }
  };
  walk(
    JSON.parse(readFileSync(new URL(`./locales/${file}`, import.meta.url), 'utf8')) as Catalogue,
    '',
  );
  return flat;
}

const catalogues: Record<AdminLanguage, Map<string, string>> = {
  en: flatten('en.json'),
  'zh-CN': flatten('zh-CN.json'),
};

export function adminLanguage(value: unknown): AdminLanguage {
  return typeof value === 'string' && /^zh([-_](cn|hans))?$/i.test(value) ? 'zh-CN' : 'en';
}

export function adminTranslate(lang: AdminLanguage, key: string, params: Params = {}): string {
  const template = catalogues[lang].get(key) ?? catalogues.en.get(key);
  if (template === undefined) return translate('en', key, params);
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

export const adminMessageKeys = (lang: AdminLanguage) => [...catalogues[lang].keys()];
