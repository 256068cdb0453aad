// The demo content in every language (issue 34, decision 181): a fresh seed writes every
// item in all 16 languages, each really translated and naming the app's screens as the app
// does; a database seeded with English only gets the other languages once, and an item an
// operator edited is left alone.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, type Language } from '@olive/protocol';
import { createTestDatabase, type TestDatabase } from '../../../test/database.ts';
import { contentRepository } from './content.repository.ts';
import { demoItems, demoText, seedContent, type DemoItem } from './seed.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(2);
});
afterAll(() => database.drop());

/** The English texts en_au and en_in may share: the texts use no spelling that differs. */
const sharesEnglish = (lang: Language) => lang === 'en' || lang === 'en_au' || lang === 'en_in';

/** Every stored text of each demo item, by the item's stable key (matched on its English). */
async function storedByKey() {
  const repo = contentRepository(database.db);
  const rows = await repo.withEnglish(['notice', 'news', 'help', 'partner']);
  const out = new Map<string, Map<string, { title: string; body: string }>>();
  for (const item of demoItems) {
    const english = demoText(item, 'en');
    const row = rows.find((r) => r.title === english.title && r.body === english.body);
    if (!row) continue;
    const texts = await repo.translations(row.id);
    out.set(item.key, new Map(texts.map((t) => [t.lang, { title: t.title, body: t.body }])));
  }
  return out;
}

describe('the demo texts', () => {
  const locale = (lang: string) =>
    JSON.parse(
      readFileSync(new URL(`../../../../web/src/locales/${lang}.json`, import.meta.url), 'utf8'),
    ) as Record<string, Record<string, string>>;
  // The screens the English bodies name in bold, and where the app keeps their names.
  const screens = [
    ['Fund Details', 'pages', 'records'],
    ['Top Up', 'pages', 'topUp'],
    ['Withdraw Wallet', 'me', 'wallet'],
  ] as const;
  const count = (text: string, pattern: RegExp) => (text.match(pattern) ?? []).length;
  const products = ['Olive', 'USDT', 'ERC20', 'BEP20', 'TRC20', 'BTC'];

  it.each(LANGUAGE_CODES.filter((lang) => !sharesEnglish(lang)))(
    '%s: every item translated, Markdown, product and screen names kept',
    (lang) => {
      const words = locale(lang);
      for (const item of demoItems) {
        const english = demoText(item, 'en');
        const text = demoText(item, lang);
        const where = `${lang} ${item.key}`;
        // A partner's title is its brand name; the line under its logo is translated.
        if (item.kind !== 'partner') expect(text.title, where).not.toBe(english.title);
        expect(text.body, where).not.toBe(english.body);
        expect(text.title.trim(), where).not.toBe('');
        expect(count(text.body, /\*\*/g), where).toBe(count(english.body, /\*\*/g));
        expect(count(text.body, /^- /gm), where).toBe(count(english.body, /^- /gm));
        for (const name of products) {
          if (`${english.title} ${english.body}`.includes(name)) {
            expect(`${text.title} ${text.body}`, `${where} ${name}`).toContain(name);
          }
        }
        for (const [screen, section, key] of screens) {
          if (english.body.includes(`**${screen}**`)) {
            expect(text.body, `${where} ${screen}`).toContain(`**${words[section]![key]}**`);
          }
        }
      }
    },
  );
});

describe('seeding', () => {
  it('writes every demo item in all 16 languages on a fresh database', async () => {
    // The test database is a copy of a freshly seeded one.
    const stored = await storedByKey();
    expect([...stored.keys()].sort()).toEqual(demoItems.map((i) => i.key).sort());
    for (const item of demoItems) {
      const texts = stored.get(item.key)!;
      expect([...texts.keys()].sort(), item.key).toEqual([...LANGUAGE_CODES].sort());
      for (const lang of LANGUAGE_CODES) {
        expect(texts.get(lang), `${item.key} ${lang}`).toEqual(demoText(item, lang));
      }
    }
  });

  it('gives an English-only demo seed its other languages once, leaving edits alone', async () => {
    const db = database.db;
    const repo = contentRepository(db);
    // The database as a seed before the translations left it: every item in English only,
    // the partners' lines reading the network or coin alone.
    await database.owner.deleteFrom('content_translations').execute();
    await database.owner.deleteFrom('content_items').execute();
    const ids = new Map<string, string>();
    for (const item of demoItems) {
      const english = demoText(item, 'en');
      const id = await repo.createItem(
        item.kind === 'partner'
          ? { kind: 'partner', link_url: item.url, sort: item.sort }
          : { ...item.fields, kind: item.kind },
      );
      const body = item.kind === 'partner' ? item.was : english.body;
      await repo.putTranslation(id, 'en', english.title, body);
      ids.set(item.key, id);
    }
    // An operator rewrote one notice's English, and wrote another item's German.
    await repo.putTranslation(ids.get('notice-welcome')!, 'en', 'Our own welcome', undefined);
    await repo.putTranslation(ids.get('help-fees')!, 'de', 'Gebühren (eigener Text)', 'Eigener');

    await seedContent(db);
    const texts = async (key: DemoItem['key']) =>
      new Map((await repo.translations(ids.get(key)!)).map((t) => [t.lang, t]));

    const edited = await texts('notice-welcome');
    expect([...edited.keys()]).toEqual(['en']);
    expect(edited.get('en')!.title).toBe('Our own welcome');

    const operatorGerman = await texts('help-fees');
    expect(operatorGerman.size).toBe(LANGUAGE_CODES.length);
    expect(operatorGerman.get('de')).toMatchObject({
      title: 'Gebühren (eigener Text)',
      body: 'Eigener',
    });

    for (const item of demoItems) {
      if (item.key === 'notice-welcome') continue;
      const stored = await texts(item.key);
      expect(stored.size, item.key).toBe(LANGUAGE_CODES.length);
      for (const lang of LANGUAGE_CODES) {
        if (item.key === 'help-fees' && lang === 'de') continue;
        expect(stored.get(lang), `${item.key} ${lang}`).toMatchObject(demoText(item, lang));
      }
    }

    // Once: a later start finds nothing to add and changes nothing.
    const before = await db
      .selectFrom('content_translations')
      .select(['item_id', 'lang', 'title', 'body', 'updated_at'])
      .orderBy('item_id')
      .orderBy('lang')
      .execute();
    await seedContent(db);
    const after = await db
      .selectFrom('content_translations')
      .select(['item_id', 'lang', 'title', 'body', 'updated_at'])
      .orderBy('item_id')
      .orderBy('lang')
      .execute();
    expect(after).toEqual(before);
  });
});
