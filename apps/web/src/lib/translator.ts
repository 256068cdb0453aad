// The app's translator: what the screens used of i18next, in well under 1 KB of brotli where
// i18next and react-i18next were 17 KB of every first load (issue 33, decision 195). Catalogues are nested JSON objects,
// one per language, loaded lazily by the caller's `load`; a key missing from the current
// language's comes from the fallback's (English), and a key missing from both shows as
// itself, as i18next did. `{{name}}` takes a value of `options` (no escaping: React escapes
// what it renders). With a numeric `count`, `key_<category>` is tried first, the category
// from Intl.PluralRules of the language's locale (zero, one, two, few, many, other; Arabic
// uses all six), and `key_zero` for a count of 0 in any language, as in i18next. No React
// here: lib/i18n.ts makes the app's instance and its hook.

/** A catalogue: texts by key, nested by screen or feature. */
export interface Catalogue {
  [key: string]: string | Catalogue;
}

/** Values for `{{name}}`; `count` also picks the plural form, `defaultValue` a missing key's text. */
export type TranslateOptions = Record<string, unknown> & {
  count?: number;
  defaultValue?: string;
};

export type TFunction = (key: string, options?: TranslateOptions) => string;

export interface TranslatorOptions {
  /** The catalogue of a language (rejects when there is none). */
  load: (language: string) => Promise<Catalogue>;
  /** The language whose texts stand in for a missing key. */
  fallback: string;
  /** The BCP 47 locale whose plural rules a language follows (`kr` → `ko-KR`). */
  locale: (language: string) => string;
}

export interface Translator {
  /** The text of `key` in the current language. */
  t: TFunction;
  /** The same for the current language only: a new function at each change of language. */
  readonly current: TFunction;
  /** The language last asked for, once its catalogue has been tried. */
  readonly language: string;
  /** The language whose catalogue answers: `language`, or the fallback when it failed to load. */
  readonly resolvedLanguage: string | undefined;
  readonly isInitialized: boolean;
  /** Loads `language`'s catalogue (and the fallback's) and makes it current. */
  changeLanguage(language: string): Promise<TFunction>;
  /** Called after every change of language; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/** The text at a dotted path of a catalogue, if it is text. */
function lookUp(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** `{{name}}` and `{{a.b}}` from `values`; a placeholder without a value stays as written. */
export function interpolate(text: string, values: Record<string, unknown> = {}): string {
  if (!text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (whole, path: string) => {
    let value: unknown = values;
    for (const part of path.split('.')) {
      value =
        value !== null && typeof value === 'object'
          ? (value as Record<string, unknown>)[part]
          : undefined;
    }
    return value === undefined || value === null ? whole : String(value);
  });
}

export function createTranslator(options: TranslatorOptions): Translator {
  const catalogues = new Map<string, Catalogue>();
  const loading = new Map<string, Promise<Catalogue | undefined>>();
  const pluralRules = new Map<string, Intl.PluralRules>();
  const listeners = new Set<() => void>();
  let language = options.fallback;
  let initialized = false;
  // Which change of language is the latest: an earlier one finishing later does not win.
  let changes = 0;

  const catalogueOf = (lng: string) => {
    let pending = loading.get(lng);
    if (!pending) {
      pending = options.load(lng).then(
        (catalogue) => {
          catalogues.set(lng, catalogue);
          return catalogue;
        },
        () => {
          loading.delete(lng); // tried again at the next change to it
          return undefined;
        },
      );
      loading.set(lng, pending);
    }
    return pending;
  };

  const pluralOf = (lng: string, count: number) => {
    let rules = pluralRules.get(lng);
    if (!rules) {
      try {
        rules = new Intl.PluralRules(options.locale(lng));
      } catch {
        rules = new Intl.PluralRules('en');
      }
      pluralRules.set(lng, rules);
    }
    return rules.select(count);
  };

  /** The text of `key` in `lng`, its plural form first when counting. */
  const textIn = (lng: string, key: string, count: number | undefined) => {
    const catalogue = catalogues.get(lng);
    if (!catalogue) return undefined;
    if (count !== undefined) {
      const forms = count === 0 ? ['zero', pluralOf(lng, count)] : [pluralOf(lng, count)];
      for (const form of forms) {
        const text = lookUp(catalogue, `${key}_${form}`);
        if (text !== undefined) return text;
      }
    }
    return lookUp(catalogue, key);
  };

  const translate = (lng: string): TFunction => {
    return (key, values = {}) => {
      const count = typeof values.count === 'number' ? values.count : undefined;
      const text =
        textIn(lng, key, count) ??
        (lng === options.fallback ? undefined : textIn(options.fallback, key, count)) ??
        values.defaultValue ??
        key;
      return interpolate(text, values);
    };
  };

  let t = translate(language);
  return {
    t: (key, values) => t(key, values),
    get current() {
      return t;
    },
    get language() {
      return language;
    },
    get resolvedLanguage() {
      if (catalogues.has(language)) return language;
      return catalogues.has(options.fallback) ? options.fallback : undefined;
    },
    get isInitialized() {
      return initialized;
    },
    async changeLanguage(next) {
      const change = ++changes;
      await Promise.all([catalogueOf(next), catalogueOf(options.fallback)]);
      if (change === changes) {
        language = next;
        initialized = true;
        t = translate(next);
        listeners.forEach((listener) => listener());
      }
      return t;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
