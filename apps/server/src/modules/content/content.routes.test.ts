// Content and support calls as a client makes them, with content written by the operator
// CLI: language fallback, the legal pages with the operator's details filled in, drafts and
// unpublished items never reaching investors, paging, contacts, the unread badge, Home's
// totals against userinfo, and the sanitiser.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, parseAmount } from '@olive/protocol';
import { register } from '../../../test/accounts.ts';
import { runCli } from '../../../test/cli.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import type { UserCache } from '../../db/user-cache.ts';
import { settingsRepository } from '../../db/settings.repository.ts';
import { ManualClock } from '../../ports/clock.ts';
import { platformAccount, userAccount } from '../ledger/ledger.service.ts';
import { contentRepository } from './content.repository.ts';
import { contentService } from './content.service.ts';
import { LEGAL_PAGES } from './legal/fields.ts';
import { legalTemplates } from './legal/index.ts';
import { seedContent } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Feed = {
  list: { id: string; title: string; pinned: boolean; lang: string }[];
  page: number;
  limit: number;
  total: number;
};
type Article = { id: string; title: string; body_html: string; lang: string; key: string };
type MainInfo = {
  notices: { id: string; title: string }[];
  help: { key: string; title: string }[];
  partners: { name: string; logo: string; url: string }[];
  assets?: { total_assets: string; total_earnings: string };
  unread_notices?: number;
};

/** Adds an item the way content:add does (same service), with its flags as a map. */
const content = {
  add: async (args: string[]) => {
    const flags = new Map<string, string>();
    for (let i = 0; i < args.length; i += 2) flags.set(args[i]!.replace(/^--/, ''), args[i + 1]!);
    const service = t.app.services.content.content;
    const id = await service.add({
      kind: flags.get('kind') as 'news',
      lang: flags.get('lang') ?? 'en',
      title: flags.get('title')!,
      body: flags.get('body') ?? '',
      ...(flags.has('key') ? { key: flags.get('key')! } : {}),
      ...(flags.has('pinned') ? { pinned: flags.get('pinned') === 'true' } : {}),
    });
    const at = flags.get('publish');
    if (at) await service.publish(id, at === 'now' ? new Date() : new Date(at));
    return id;
  },
};

describe('articles and language fallback', () => {
  it('serves an article present only in English in English to a French reader', async () => {
    const id = await content.add([
      '--kind',
      'help',
      '--key',
      'only-english',
      '--title',
      'Only in English',
      '--body',
      'Plain **English** body.',
      '--publish',
      'now',
    ]);
    const fr = await t.call<Article>('/api/main/userPage', { key: 'only-english', lang: 'fr' });
    expect(fr.code).toBe(1);
    expect(fr.data).toMatchObject({ id, title: 'Only in English', lang: 'en' });
    expect(fr.data!.body_html).toContain('<strong>English</strong>');

    // Once a French version exists, the French reader gets it; others still get English.
    const set = await runCli(t.databaseUrl, [
      'content:set',
      '--key',
      'only-english',
      '--lang',
      'fr',
      '--title',
      'Seulement en anglais',
      '--body',
      'Texte *français*.',
    ]);
    expect(set.exitCode).toBe(0);
    const again = await t.call<Article>('/api/main/about', { key: 'only-english', lang: 'fr' });
    expect(again.data).toMatchObject({ title: 'Seulement en anglais', lang: 'fr' });
    const de = await t.call<Article>('/api/main/about', { key: 'only-english', lang: 'de' });
    expect(de.data).toMatchObject({ title: 'Only in English', lang: 'en' });
  });

  it('has the four pages in every language, each with every heading of the English one', async () => {
    const headings = (html: string) => html.match(/<h2>/g)?.length ?? 0;
    for (const key of ['about', 'disclaimer', 'privacy', 'terms']) {
      const en = await t.call<Article>('/api/main/userPage', { key, lang: 'en' });
      expect(headings(en.data!.body_html), key).toBeGreaterThanOrEqual(5);
      for (const lang of LANGUAGE_CODES) {
        const reply = await t.call<Article>('/api/main/userPage', { key, lang });
        expect(reply.code, `${key} ${lang}`).toBe(1);
        expect(reply.data!.lang).toBe(lang);
        expect(headings(reply.data!.body_html), `${key} ${lang}`).toBe(
          headings(en.data!.body_html),
        );
        // No sample-text line, and never the raw braces of a field.
        expect(reply.data!.body_html, `${key} ${lang}`).not.toMatch(/\{\{|\}\}|Sample text/);
      }
    }
    const ar = await t.call<Article>('/api/main/about', { key: 'privacy', lang: 'ar' });
    expect(ar.data!.title).toBe('سياسة الخصوصية');
  });

  it('uses every one of the operator details in each language as the English text does', () => {
    const fieldsOf = (body: string) => [...new Set(body.match(/\{\{[a-z_]+\}\}/g))].sort();
    for (const [lang, texts] of Object.entries(legalTemplates)) {
      for (const page of LEGAL_PAGES) {
        expect(fieldsOf(texts[page].body), `${page} ${lang}`).toEqual(
          fieldsOf(legalTemplates.en![page].body),
        );
        expect(texts[page].body.match(/^## /gm)?.length, `${page} ${lang}`).toBe(
          legalTemplates.en![page].body.match(/^## /gm)?.length,
        );
      }
    }
  });

  it("fills the operator's details into a served page, and shows a marked placeholder while one is unset", async () => {
    const service = t.app.services.content.content;
    const unset = await t.call<Article>('/api/main/about', { key: 'terms', lang: 'en' });
    expect(unset.data!.body_html).toContain('<mark class="legal-field">[company name]</mark>');
    expect(unset.data!.body_html).toContain('<mark class="legal-field">[governing law]</mark>');
    const de = await t.call<Article>('/api/main/about', { key: 'terms', lang: 'de' });
    expect(de.data!.body_html).toContain(
      `<mark class="legal-field">[${legalTemplates.de!.fields.company_name}]</mark>`,
    );

    await service.setLegalDetails({
      company_name: 'Olive Markets <Ltd>',
      governing_law: 'the law of England and Wales',
      support_email: 'legal@olive.example',
    });
    const filled = await t.call<Article>('/api/main/about', { key: 'terms', lang: 'en' });
    expect(filled.data!.body_html).toContain('Olive Markets &lt;Ltd&gt;');
    expect(filled.data!.body_html).toContain('governed by the law of England and Wales');
    expect(filled.data!.body_html).toContain('legal@olive.example');
    // The details not given still show their placeholders.
    expect(filled.data!.body_html).toContain('[registered address]</mark>');
    expect(filled.data!.body_html).not.toContain('[company name]');
    const ar = await t.call<Article>('/api/main/about', { key: 'about', lang: 'ar' });
    expect(ar.data!.body_html).toContain('Olive Markets &lt;Ltd&gt;');

    await service.setLegalDetails({ company_name: '' });
    const cleared = await t.call<Article>('/api/main/about', { key: 'terms', lang: 'en' });
    expect(cleared.data!.body_html).toContain('[company name]</mark>');
    await service.setLegalDetails({ governing_law: '', support_email: '' });
  });

  it("replaces the earlier seed's untouched sample page once, never an edited one", async () => {
    const service = t.app.services.content.content;
    const about = (await t.app.services.content.content.list('page')).find(
      (r) => r.key === 'about',
    )!;
    const formerAbout = `> *Sample text: the operator of this platform replaces it with their own.*\n\nOlive is a USDT platform for quantitative grid robots and mining rental. Every figure you see is earned by a real strategy or real hash power and can be traced to entries in Fund Details.`;
    await service.set(about.id, { lang: 'en', title: 'About Us', body: formerAbout });
    await service.set(about.id, { lang: 'fr', title: 'À propos', body: `${formerAbout} Edited.` });
    await seedContent(t.db);
    const en = await t.call<Article>('/api/main/about', { key: 'about', lang: 'en' });
    expect(en.data!.body_html).not.toContain('Sample text');
    expect(en.data!.body_html.match(/<h2>/g)?.length).toBe(5);
    const fr = await t.call<Article>('/api/main/about', { key: 'about', lang: 'fr' });
    expect(fr.data!.body_html).toContain('Edited.');
    expect(fr.data!.title).toBe('À propos');
    // Once replaced, a later start leaves the page as it is.
    const before = (await service.show(about.id)).translations.find((x) => x.lang === 'en');
    await seedContent(t.db);
    const after = (await service.show(about.id)).translations.find((x) => x.lang === 'en');
    expect(after).toEqual(before);
    await service.set(about.id, {
      lang: 'fr',
      title: legalTemplates.fr!.about.title,
      body: legalTemplates.fr!.about.body,
    });
  });

  it('refuses an unknown key with a translated message and a malformed key naming the field', async () => {
    const missing = await t.call('/api/main/about', { key: 'no-such-page', lang: 'de' });
    expect(missing).toMatchObject({ code: 0 });
    expect(missing.msg).toMatch(/nicht gefunden/);
    const bad = await t.call('/api/main/about', { key: '<script>' });
    expect(bad.code).toBe(0);
    expect(bad.data).toMatchObject({ field: 'key' });
  });
});

describe('publishing', () => {
  it('never shows a draft, a future item or an unpublished item to investors', async () => {
    const draft = await content.add([
      '--kind',
      'notice',
      '--title',
      'Draft notice',
      '--pinned',
      'true',
    ]);
    const future = await content.add([
      '--kind',
      'news',
      '--title',
      'Future news',
      '--publish',
      '2999-01-01T00:00:00Z',
    ]);
    const live = await content.add([
      '--kind',
      'notice',
      '--title',
      'Live then withdrawn',
      '--pinned',
      'true',
      '--publish',
      'now',
    ]);
    const visible = async () => {
      const notices = await t.call<Feed>('/api/main/notice', { limit: '100' });
      const news = await t.call<Feed>('/api/main/news', { limit: '100' });
      const home = await t.call<MainInfo>('/api/main/maininfo');
      return [
        ...notices.data!.list.map((i) => i.title),
        ...news.data!.list.map((i) => i.title),
        ...home.data!.notices.map((i) => i.title),
      ];
    };
    expect(await visible()).toContain('Live then withdrawn');
    expect(await visible()).not.toContain('Draft notice');
    expect(await visible()).not.toContain('Future news');
    expect((await t.call('/api/main/notice', { id: draft })).code).toBe(0);
    expect((await t.call('/api/main/news', { id: future })).code).toBe(0);

    expect((await runCli(t.databaseUrl, ['content:unpublish', '--id', live])).exitCode).toBe(0);
    expect(await visible()).not.toContain('Live then withdrawn');
    expect((await t.call('/api/main/notice', { id: live })).code).toBe(0);
    // A notice is not a news item: the id of one is not found through the other.
    expect((await t.call('/api/main/news', { id: live })).code).toBe(0);

    const unpublishedPage = await runCli(t.databaseUrl, ['content:unpublish', '--key', 'terms']);
    expect(unpublishedPage.exitCode).toBe(0);
    expect((await t.call('/api/main/userPage', { key: 'terms' })).code).toBe(0);
    await runCli(t.databaseUrl, ['content:publish', '--key', 'terms']);
    expect((await t.call('/api/main/userPage', { key: 'terms' })).code).toBe(1);
  });

  it('refuses operator mistakes without writing anything', async () => {
    const badKind = await runCli(t.databaseUrl, ['content:add', '--kind', 'ad', '--title', 'x']);
    expect(badKind.exitCode).toBe(2);
    const badLang = await runCli(t.databaseUrl, [
      'content:add',
      '--kind',
      'news',
      '--title',
      'x',
      '--lang',
      'xx',
    ]);
    expect(badLang.exitCode).toBe(2);
    const badLink = await runCli(t.databaseUrl, [
      'content:add',
      '--kind',
      'partner',
      '--title',
      'x',
      '--link',
      'javascript:alert(1)',
    ]);
    expect(badLink.exitCode).toBe(2);
    const rows = await t.db
      .selectFrom('content_translations')
      .select('title')
      .where('title', '=', 'x')
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('writing', () => {
  it('adds an item and its first text together, or neither', async () => {
    // The text's insert fails (a trigger standing in for a crash between the two writes;
    // only the tables' owner may add one).
    await sql`
      create function test_refuse_text() returns trigger language plpgsql as $$
      begin raise exception 'text refused'; end $$
    `.execute(t.ownerDb);
    await sql`
      create trigger test_refuse_text before insert on content_translations
      for each row when (new.title = 'refused text') execute function test_refuse_text()
    `.execute(t.ownerDb);
    try {
      await expect(
        t.app.services.content.content.add({
          kind: 'news',
          key: 'half-written',
          lang: 'en',
          title: 'refused text',
          body: 'x',
        }),
      ).rejects.toThrow(/text refused/);
      const items = await t.db
        .selectFrom('content_items')
        .select('id')
        .where('key', '=', 'half-written')
        .execute();
      expect(items).toEqual([]);
    } finally {
      await sql`drop trigger test_refuse_text on content_translations`.execute(t.ownerDb);
      await sql`drop function test_refuse_text()`.execute(t.ownerDb);
    }
  });

  it('changes the title alone and keeps the body', async () => {
    const service = t.app.services.content.content;
    const id = await service.add({ kind: 'news', lang: 'en', title: 'First', body: 'Kept body' });
    await service.set(id, { lang: 'en', title: 'Second' });
    const { translations } = await service.show(id);
    expect(translations).toEqual([expect.objectContaining({ title: 'Second', body: 'Kept body' })]);
  });
});

describe('paging', () => {
  it('pages the news newest first, with totals, and bounds page and limit', async () => {
    const before = (await t.call<Feed>('/api/main/news', { limit: '1' })).data!.total;
    for (let i = 1; i <= 5; i++) {
      await content.add([
        '--kind',
        'news',
        '--title',
        `Paged ${i}`,
        '--publish',
        `2026-0${i}-01T00:00:00Z`,
      ]);
    }
    const all: string[] = [];
    for (let page = 1; ; page++) {
      const reply = await t.call<Feed>('/api/main/news', { page: String(page), limit: '2' });
      expect(reply.data).toMatchObject({ page, limit: 2, total: before + 5 });
      if (reply.data!.list.length === 0) break;
      expect(reply.data!.list.length).toBeLessThanOrEqual(2);
      all.push(...reply.data!.list.map((i) => i.title));
    }
    expect(all).toHaveLength(before + 5);
    expect(new Set(all).size).toBe(all.length);
    const paged = all.filter((title) => title.startsWith('Paged'));
    expect(paged).toEqual(['Paged 5', 'Paged 4', 'Paged 3', 'Paged 2', 'Paged 1']);

    for (const [field, value] of [
      ['limit', '101'],
      ['limit', '0'],
      ['page', '0'],
      ['page', '-1'],
      ['id', '1 or 1=1'],
    ]) {
      const reply = await t.call('/api/main/news', { [field!]: value! });
      expect(reply.code, `${field}=${value}`).toBe(0);
      expect(reply.data).toMatchObject({ field });
    }
  });

  it('puts pinned notices first', async () => {
    const reply = await t.call<Feed>('/api/main/notice', { limit: '100' });
    const pins = reply.data!.list.map((i) => i.pinned);
    expect(pins).toEqual([...pins].sort((a, b) => Number(b) - Number(a)));
  });
});

describe('contacts and app download', () => {
  it('lists contacts with their links for visitors (callme) and investors (cslist)', async () => {
    const added = await runCli(t.databaseUrl, [
      'contact:add',
      '--kind',
      'person',
      '--channel',
      'telegram',
      '--label',
      'Ana',
      '--url',
      'https://t.me/ana_olive',
      '--hours',
      '09:00-17:00 UTC',
    ]);
    expect(added.exitCode).toBe(0);
    const callme = await t.call<{ list: { label: string; url: string; kind: string }[] }>(
      '/api/main/callme',
    );
    expect(callme.data!.list).toContainEqual(
      expect.objectContaining({
        kind: 'person',
        channel: 'telegram',
        label: 'Ana',
        url: 'https://t.me/ana_olive',
        hours: '09:00-17:00 UTC',
      }),
    );
    expect((await t.call('/api/user/cslist')).code).toBe(10000);
    const user = await register(t);
    const cslist = await t.call<{ list: unknown[] }>('/api/user/cslist', {}, user.headers);
    expect(cslist.data!.list).toEqual(callme.data!.list);

    await runCli(t.databaseUrl, [
      'contact:set',
      '--id',
      String(added.json.id),
      '--enabled',
      'false',
    ]);
    const after = await t.call<{ list: { label: string }[] }>('/api/main/callme');
    expect(after.data!.list.map((c) => c.label)).not.toContain('Ana');

    const unsafe = await runCli(t.databaseUrl, [
      'contact:add',
      '--kind',
      'group',
      '--channel',
      'web',
      '--label',
      'x',
      '--url',
      'javascript:alert(1)',
    ]);
    expect(unsafe.exitCode).toBe(2);
  });

  it('answers downapp with the web app and the store links an operator set', async () => {
    expect((await t.call('/api/main/downapp')).data).toEqual({
      pwa: true,
      android_url: '',
      ios_url: '',
    });
    await runCli(t.databaseUrl, [
      'settings:set',
      '--key',
      'app_download',
      '--value',
      '{"android_url":"https://example.com/olive.apk"}',
    ]);
    expect((await t.call('/api/main/downapp')).data).toEqual({
      pwa: true,
      android_url: 'https://example.com/olive.apk',
      ios_url: '',
    });
  });
});

describe('Home (maininfo)', () => {
  it('shows a visitor content only, and an investor the same totals as userinfo', async () => {
    const visitor = await t.call<MainInfo>('/api/main/maininfo', { lang: 'en' });
    expect(visitor.code).toBe(1);
    expect(visitor.data!.assets).toBeUndefined();
    expect(visitor.data!.help.map((h) => h.key)).toContain('help-top-up');
    expect(visitor.data!.partners.map((p) => p.name)).toEqual([
      'Tether',
      'Ethereum',
      'BNB Chain',
      'TRON',
    ]);

    const user = await register(t);
    await t.app.services.ledger.post({
      kind: 'deposit',
      idempotencyKey: `content-test:${user.userId}`,
      postings: [
        { account: platformAccount('custody', 'trc20'), amount: -parseAmount('1234.56789') },
        { account: userAccount(user.userId, 'available'), amount: parseAmount('1234.56789') },
      ],
    });
    const [home, info] = await Promise.all([
      t.call<MainInfo>('/api/main/maininfo', {}, user.headers),
      t.call<{ total_assets: string; total_earnings: string }>(
        '/api/user/userinfo',
        {},
        user.headers,
      ),
    ]);
    expect(home.data!.assets).toEqual({
      total_assets: info.data!.total_assets,
      total_earnings: info.data!.total_earnings,
    });
    expect(home.data!.assets!.total_assets).toBe('1234.56789');
  });

  it('serves partner logos re-encoded as WebP', async () => {
    const home = await t.call<MainInfo>('/api/main/maininfo');
    const logo = await t.app.inject({ method: 'GET', url: home.data!.partners[0]!.logo });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/webp');
    expect(logo.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(
      (await t.app.inject({ method: 'GET', url: '/media/content/999999.webp' })).statusCode,
    ).toBe(404);
  });

  it('counts unread notices until the investor opens the notice list', async () => {
    const user = await register(t);
    const unread = async () =>
      (await t.call<MainInfo>('/api/main/maininfo', {}, user.headers)).data!.unread_notices;
    const first = await unread();
    expect(first).toBeGreaterThan(0);
    await t.call('/api/main/notice', {}, user.headers);
    expect(await unread()).toBe(0);
    await content.add(['--kind', 'notice', '--title', 'Fresh notice', '--publish', 'now']);
    expect(await unread()).toBe(1);
  });
});

describe('Markdown bodies', () => {
  it('renders scripts, event handlers, javascript: links and iframes inert', async () => {
    const body = [
      '# Title',
      '<script>window.pwned = 1</script>',
      '<img src="x" onerror="window.pwned = 2">',
      '<iframe src="https://example.com"></iframe>',
      '[click](javascript:window.pwned=3) and [ok](https://example.com/a)',
      '<a href="javascript:alert(1)">raw</a>',
    ].join('\n\n');
    const id = await content.add([
      '--kind',
      'news',
      '--title',
      'Hostile',
      '--body',
      body,
      '--publish',
      'now',
    ]);
    const reply = await t.call<Article>('/api/main/news', { id });
    const html = reply.data!.body_html;
    // Escaped text (&lt;script&gt;) is shown, never run: no real tag, handler or link.
    expect(html).not.toMatch(/<script|<iframe|<img|<[^>]*\sonerror=|<a[^>]*href="javascript:/i);
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('href="https://example.com/a"');
  });
});

describe("Home's answer from memory (issue 33)", () => {
  it('answers exactly what the waiting path answers, and waits when anything must be read', async () => {
    const clock = new ManualClock(new Date());
    const figures = { total_assets: parseAmount('1234.5'), total_earnings: parseAmount('12.25') };
    let balancesKept = false;
    const seen = new Map<string, number | null>();
    const noticesSeen = {
      peek: (userId: string) => seen.get(userId),
      get: async (userId: string, load: () => Promise<number | null>) => {
        const value = seen.has(userId) ? seen.get(userId)! : await load();
        seen.set(userId, value);
        return value;
      },
    } as unknown as UserCache<number | null>;
    const home = contentService({
      repo: contentRepository(t.db),
      settings: settingsRepository(t.db),
      clock,
      totals: async () => figures,
      totalsNow: () => (balancesKept ? figures : undefined),
      homeCacheSeconds: 5,
      noticesSeen,
    });
    const user = await register(t);
    // Nothing kept yet: the caller must wait.
    expect(home.homeJsonNow('en', user.userId)).toBeUndefined();
    expect(home.homeJsonNow('en', null)).toBeUndefined();
    const waited = await home.homeJson('en', user.userId);
    // Home's lists and the notice badge are kept now, the balances not yet.
    expect(home.homeJsonNow('en', user.userId)).toBeUndefined();
    expect(home.homeJsonNow('en', null)).toBe(await home.homeJson('en', null));
    balancesKept = true;
    expect(home.homeJsonNow('en', user.userId)).toBe(waited);
    expect(JSON.parse(waited)).toMatchObject({
      assets: { total_assets: '1234.5', total_earnings: '12.25' },
    });
    expect(JSON.parse(waited).unread_notices).toBeGreaterThan(0);
    // Another language's lists are not kept yet; and after Home's five seconds, none are.
    expect(home.homeJsonNow('fr', user.userId)).toBeUndefined();
    clock.advance(5_000);
    expect(home.homeJsonNow('en', user.userId)).toBeUndefined();
  });
});
