// One term per concept and language (glossary.json, explained in GLOSSARY.md): the app's,
// the server's (refusals, mail, SMS), the demo content's and the console's English catalogues never use a
// variant the glossary rules out ("Log in" where the term is "Sign in", "Recharge" where
// it is "Top up"), and the screens' own labels for each concept are the glossary's term.
// Each language also addresses the reader in one form only (du or Sie, tú or usted...),
// in those texts and in the legal pages.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@olive/protocol/languages';

type Catalogue = { [key: string]: string | Catalogue };
type Entry = { term: string; avoid: string[] };
type Glossary = { $keys: Record<string, string[]> } & Record<string, Record<string, Entry>>;
/** A language's one form of address; `avoid` matches the other form, case-sensitively. */
type Address = { form: string; note: string; avoid: string[] };

const read = (url: URL) => JSON.parse(readFileSync(url, 'utf8')) as Catalogue;
const glossaryJson = readFileSync(new URL('./glossary.json', import.meta.url), 'utf8');
const glossary = JSON.parse(glossaryJson) as Glossary;
const { $address } = JSON.parse(glossaryJson) as { $address: Record<string, unknown> };
const address = $address as Record<string, Address>;
/** Texts in another voice than the app's, such as the inviter's line on the invitation poster. */
const otherVoice = new Set(($address.$except as { keys: string[] }).keys);

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

/** en_au and en_in share English's glossary; every other language has its own. */
const entriesFor = (code: string): Record<string, Entry> =>
  glossary[code] ?? glossary[code.slice(0, 2)] ?? {};

/** A source file's text without its code comments, which no reader sees. */
const sourceText = (url: URL) => readFileSync(url, 'utf8').replace(/^\s*\/\/.*$/gm, '');

/** en_au and en_in address the reader as English does. */
const addressFor = (code: string): Address | undefined =>
  address[code] ?? address[code.slice(0, 2)];

/** Every text one language's reader meets: the app, the server's messages, the console. */
function textsOf(code: string): Map<string, string> {
  const texts = new Map<string, string>();
  const add = (where: string, url: URL) => {
    for (const [key, text] of flatten(read(url))) texts.set(`${where}:${key}`, text);
  };
  add('web', new URL(`./${code}.json`, import.meta.url));
  add('server', new URL(`../../../server/src/i18n/locales/${code}.json`, import.meta.url));
  // The demo content (notices, news, help) names the screens' buttons in its Markdown.
  const seed = new URL(`../../../server/src/modules/content/seed/${code}.ts`, import.meta.url);
  // (its item keys, such as 'help-top-up', are not text)
  if (existsSync(seed)) texts.set('seed', sourceText(seed).replace(/'[a-z-]+':/g, ''));
  if (code === 'en') {
    add('admin', new URL('../../../admin/src/locales/en.json', import.meta.url));
    add(
      'server-admin',
      new URL('../../../server/src/modules/admin/locales/en.json', import.meta.url),
    );
  }
  return texts;
}

/** The legal pages (About, Disclaimer, Privacy, Terms) as the seed writes them. */
function legalOf(code: string): Map<string, string> {
  const legal = new URL(`../../../server/src/modules/content/legal/${code}.ts`, import.meta.url);
  return new Map(existsSync(legal) ? [['legal', sourceText(legal)]] : []);
}

/** Where a text uses the form of address the language does not: "where: key: «text»". */
export function otherFormIn(texts: Map<string, string>, avoid: string[]): string[] {
  const found: string[] = [];
  for (const pattern of avoid) {
    const other = new RegExp(pattern, 'gu');
    for (const [key, text] of texts) {
      for (const hit of text.matchAll(other)) {
        const around = text.slice(Math.max(0, hit.index - 40), hit.index + hit[0].length + 40);
        found.push(`${key}: «${hit[0]}» in «${around}»`);
      }
    }
  }
  return found;
}

/** The variants a catalogue uses where the glossary has another term: "where: key: «text»". */
export function variantsIn(texts: Map<string, string>, entries: Record<string, Entry>): string[] {
  const found: string[] = [];
  for (const [concept, { avoid }] of Object.entries(entries)) {
    for (const pattern of avoid) {
      const variant = new RegExp(pattern, 'iu');
      for (const [key, text] of texts) {
        const hit = variant.exec(text);
        if (!hit) continue;
        const around = text.slice(Math.max(0, hit.index - 40), hit.index + hit[0].length + 40);
        found.push(`${concept}: ${key}: «${hit[0]}» in «${around}»`);
      }
    }
  }
  return found;
}

describe('glossary', () => {
  it('has every concept for every language', () => {
    const concepts = Object.keys(entriesFor('en')).sort();
    for (const code of LANGUAGE_CODES) {
      expect(Object.keys(entriesFor(code)).sort(), code).toEqual(concepts);
    }
  });

  it('catches a variant (the check can fail)', () => {
    const texts = new Map([
      ['web:a', 'Log in to see your balance'],
      ['web:b', 'Recharge'],
      ['web:c', 'Login password'],
    ]);
    expect(variantsIn(texts, entriesFor('en'))).toEqual([
      'signIn: web:a: «Log in» in «Log in to see your balance»',
      'topUp: web:b: «Recharg» in «Recharge»',
    ]);
  });

  it.each(LANGUAGE_CODES)('%s uses no variant of a glossary term', (code) => {
    expect(variantsIn(textsOf(code), entriesFor(code))).toEqual([]);
  });

  it.each(LANGUAGE_CODES)("%s labels each concept with the glossary's term", (code) => {
    const texts = textsOf(code);
    const entries = entriesFor(code);
    for (const [concept, keys] of Object.entries(glossary.$keys)) {
      for (const key of keys) {
        const text = texts.get(`web:${key}`);
        expect(text?.toLocaleLowerCase(code.replace('_', '-')), `${code}: ${key}`).toBe(
          entries[concept]?.term.toLocaleLowerCase(code.replace('_', '-')),
        );
      }
    }
  });

  it('records one form of address for every language', () => {
    for (const code of LANGUAGE_CODES) {
      expect(addressFor(code)?.form, code).toBeTruthy();
      expect(addressFor(code)?.note, code).toBeTruthy();
    }
  });

  it('catches the other form of address (the check can fail)', () => {
    /** The keys (after `web:`) of the texts in `lang`'s other form, in the order found. */
    const hits = (lang: string, texts: Record<string, string>) =>
      otherFormIn(
        new Map(Object.entries(texts).map(([key, text]) => [`web:${key}`, text])),
        addressFor(lang)!.avoid,
      ).map((hit) => hit.split(':')[1]);
    expect(
      hits('de', {
        a: 'Gib den Betrag ein',
        b: 'Mehr als dein verfügbares Guthaben',
        c: 'Wallet entfernt: Sie kann sich nicht mehr anmelden.',
        d: 'Geben Sie den Betrag ein; sie wird danach gesperrt.',
      }),
    ).toEqual(['b', 'a']);
    expect(
      hits('es', {
        a: 'Inténtelo de nuevo',
        b: 'Aun así puede alquilarla, si usted quiere.',
        c: 'Inténtalo de nuevo; el robot espera a que el precio vuelva.',
      }),
    ).toEqual(['b', 'a']);
    expect(
      hits('it', {
        a: 'Il Suo codice è {{code}}. Non lo condivida con nessuno.',
        b: 'Felici di rivederLa.',
        c: 'Lei ha 3 robot? Inserisci il codice, poi riprova.',
      }),
    ).toEqual(['a', 'b', 'a']);
  });

  it.each(LANGUAGE_CODES)('%s addresses the reader in one form', (code) => {
    const texts = new Map(
      [...textsOf(code), ...legalOf(code)].filter(([key]) => !otherVoice.has(key)),
    );
    expect(otherFormIn(texts, addressFor(code)?.avoid ?? [])).toEqual([]);
  });
});
