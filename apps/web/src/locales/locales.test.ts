// Every catalogue carries exactly the English keys, no empty text, and the same
// {{placeholders}} as English, so no screen falls back or shows a raw key.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@olive/protocol/languages';

type Catalogue = { [key: string]: string | Catalogue };

function load(code: string): Catalogue {
  return JSON.parse(readFileSync(new URL(`./${code}.json`, import.meta.url), 'utf8')) as Catalogue;
}

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const english = flatten(load('en'));

describe('locale catalogues', () => {
  it('has one catalogue per interface language', () => {
    expect(LANGUAGE_CODES).toHaveLength(16);
  });

  it.each(LANGUAGE_CODES)('%s has exactly the English keys, all filled in', (code) => {
    const catalogue = flatten(load(code));
    expect([...catalogue.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of catalogue) {
      expect(text.trim(), `${code}: ${key}`).not.toBe('');
      expect(placeholders(text), `${code}: ${key}`).toEqual(placeholders(english.get(key) ?? ''));
    }
  });
});
