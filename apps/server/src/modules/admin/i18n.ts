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
  if (template === undefined) {
    const named =
      params.field === undefined ? params : { ...params, field: fieldLabel(lang, params.field) };
    return translate('en', key, named);
  }
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    name === 'field' ? fieldLabel(lang, params.field) : String(params[name] ?? ''),
  );
}

/** A field is named in the console's language: "标题", not "title", in a Chinese refusal. */
function fieldLabel(lang: AdminLanguage, field: Params[string] | undefined): string {
  if (field === undefined) return '';
  const own = catalogues[lang].get(`field.${field}`) ?? catalogues.en.get(`field.${field}`);
  if (own !== undefined) return own;
  const investor = translate('en', `field.${field}`);
  return investor === `field.${field}` ? String(field) : investor;
}

export const adminMessageKeys = (lang: AdminLanguage) => [...catalogues[lang].keys()];
