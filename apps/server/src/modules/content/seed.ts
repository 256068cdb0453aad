// The demo content of a fresh installation: a few notices and news, the help centre, the
// four legal pages (about, disclaimer, privacy, terms) in every language as complete
// templates with the operator's details as fields (legal/, decision 182), partners with
// logos, and customer-service contacts. It runs only while the tables are empty, so it
// never overwrites what an operator wrote; the one exception is a legal page still holding
// the earlier seed's sample text, untouched, which is replaced by its template once. Logos
// are drawn here and go through the same pipeline as uploaded avatars. Every notice, news
// item, help article and partner is written in all 16 languages (seed/<lang>.ts); in a
// database seeded before the texts were translated, the missing languages are added to
// the demo items an operator has not edited (decision 181).
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { LANGUAGE_CODES, type Language } from '@olive/protocol';
import type { Db } from '../../db/database.ts';
import { systemClock } from '../../ports/clock.ts';
import { settingsRepository } from '../../db/settings.repository.ts';
import {
  contentRepository,
  type ContentRepository,
  type ItemFields,
} from './content.repository.ts';
import { APP_DOWNLOAD_KEY, contentService, type ContentService } from './content.service.ts';
import { LEGAL_PAGES } from './legal/fields.ts';
import { FORMER_SAMPLE_BODIES, legalTemplates } from './legal/index.ts';
import { demoTexts } from './seed/texts.ts';
import type { ArticleKey, PartnerKey } from './seed/types.ts';

const HOUR = 3_600_000;

interface DemoArticle {
  key: ArticleKey;
  kind: 'notice' | 'news' | 'help';
  fields: ItemFields;
  hoursAgo: number;
}

interface DemoPartner {
  key: PartnerKey;
  kind: 'partner';
  name: string;
  url: string;
  mark: string;
  colour: string;
  sort: number;
  /** The English line under the logo before it was translated: still the seed's own text. */
  was: string;
}

export type DemoItem = DemoArticle | DemoPartner;

/** A help article's fields: its key (the article's address) is also its stable key. */
function help(key: ArticleKey, category: string, sort: number): ItemFields {
  return { key, category, sort };
}

/** The demo items in the order they are created, each keyed to its texts in seed/<lang>.ts. */
export const demoItems: readonly DemoItem[] = [
  { key: 'notice-welcome', kind: 'notice', fields: { pinned: true }, hoursAgo: 2 },
  { key: 'notice-maintenance', kind: 'notice', fields: { pinned: true }, hoursAgo: 32 },
  { key: 'notice-trc20', kind: 'notice', fields: { pinned: false }, hoursAgo: 62 },
  { key: 'news-grid', kind: 'news', fields: {}, hoursAgo: 5 },
  { key: 'news-mining', kind: 'news', fields: {}, hoursAgo: 45 },
  { key: 'news-fund-password', kind: 'news', fields: {}, hoursAgo: 85 },
  { key: 'help-top-up', kind: 'help', fields: help('help-top-up', 'wallet', 0), hoursAgo: 24 },
  { key: 'help-withdraw', kind: 'help', fields: help('help-withdraw', 'wallet', 1), hoursAgo: 24 },
  { key: 'help-robots', kind: 'help', fields: help('help-robots', 'robots', 2), hoursAgo: 24 },
  { key: 'help-fees', kind: 'help', fields: help('help-fees', 'fees', 3), hoursAgo: 24 },
  {
    key: 'partner-tether',
    kind: 'partner',
    name: 'Tether',
    url: 'https://tether.to',
    mark: '₮',
    colour: '#26a17b',
    sort: 0,
    was: 'USDT',
  },
  {
    key: 'partner-ethereum',
    kind: 'partner',
    name: 'Ethereum',
    url: 'https://ethereum.org',
    mark: 'Ξ',
    colour: '#627eea',
    sort: 1,
    was: 'ERC20',
  },
  {
    key: 'partner-bnb',
    kind: 'partner',
    name: 'BNB Chain',
    url: 'https://www.bnbchain.org',
    mark: 'B',
    colour: '#f0b90b',
    sort: 2,
    was: 'BEP20',
  },
  {
    key: 'partner-tron',
    kind: 'partner',
    name: 'TRON',
    url: 'https://tron.network',
    mark: 'T',
    colour: '#eb0029',
    sort: 3,
    was: 'TRC20',
  },
];

/** A demo item's title and body in one language (a partner's title is its name). */
export function demoText(item: DemoItem, lang: Language): { title: string; body: string } {
  const texts = demoTexts[lang];
  if (item.kind === 'partner') return { title: item.name, body: texts[item.key].detail };
  return texts[item.key];
}

function logo(mark: string, colour: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
    <circle cx="128" cy="128" r="120" fill="${colour}"/>
    <text x="128" y="168" font-size="120" font-family="sans-serif" font-weight="bold"
      text-anchor="middle" fill="#ffffff">${mark}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function seedContent(db: Db): Promise<void> {
  const repo = contentRepository(db);
  const settings = settingsRepository(db);
  await settings.putDefault(APP_DOWNLOAD_KEY, { android_url: '', ios_url: '' });
  const content = contentService({
    repo,
    settings,
    clock: systemClock,
    totals: () => Promise.reject(new Error('not used by the seed')),
  });

  if ((await repo.countContacts()) === 0) {
    await content.addContact({
      kind: 'group',
      channel: 'telegram',
      label: 'Olive community (Telegram)',
      url: 'https://t.me/olive_demo_support',
      hours: 'Every day 08:00–22:00 UTC',
      sort: 1,
    });
    await content.addContact({
      kind: 'person',
      channel: 'whatsapp',
      label: 'Support agent (WhatsApp)',
      url: 'https://wa.me/10000000000',
      hours: 'Mon–Fri 09:00–18:00 UTC',
      sort: 2,
    });
    await content.addContact({
      kind: 'person',
      channel: 'email',
      label: 'support@olive.example',
      url: 'mailto:support@olive.example',
      hours: 'Answered within one working day',
      sort: 3,
    });
  }

  await replaceFormerSamples(content, repo);
  if ((await repo.countItems()) > 0) {
    await translateDemoItems(repo);
    return;
  }
  const now = Date.now();
  const publish = (id: string, hoursAgo: number) =>
    content.publish(id, new Date(now - hoursAgo * HOUR));

  for (const item of demoItems) {
    await publish(await addDemoItem(content, item), item.kind === 'partner' ? 24 : item.hoursAgo);
  }
  for (const key of LEGAL_PAGES) {
    const id = await content.add({
      kind: 'page',
      key,
      lang: 'en',
      title: legalTemplates.en![key].title,
      body: legalTemplates.en![key].body,
    });
    for (const [lang, texts] of Object.entries(legalTemplates)) {
      if (lang === 'en') continue;
      await content.set(id, { lang, title: texts[key].title, body: texts[key].body });
    }
    await publish(id, 48);
  }
}

/**
 * An installation seeded before the templates has the four pages as one-paragraph samples:
 * each translation still equal to one of them is replaced by its template (once: after
 * that its text is the template's). A page an operator edited is left alone.
 */
async function replaceFormerSamples(
  content: ReturnType<typeof contentService>,
  repo: ReturnType<typeof contentRepository>,
) {
  for (const key of LEGAL_PAGES) {
    const item = await repo.findItemByKey(key);
    if (!item) continue;
    for (const { lang, body } of await repo.translations(item.id)) {
      const template = legalTemplates[lang]?.[key];
      if (!template) continue;
      if (!FORMER_SAMPLE_BODIES.has(createHash('sha256').update(body).digest('hex'))) continue;
      await content.set(item.id, { lang, title: template.title, body: template.body });
    }
  }
}

/** Creates one demo item with its text in every language. */
async function addDemoItem(content: ContentService, item: DemoItem): Promise<string> {
  const english = demoText(item, 'en');
  const fields: ItemFields & { kind: DemoItem['kind'] } =
    item.kind === 'partner'
      ? {
          kind: 'partner',
          link_url: item.url,
          cover_image_id: await content.addImage(await logo(item.mark, item.colour), {
            width: 256,
            height: 256,
          }),
          sort: item.sort,
        }
      : { ...item.fields, kind: item.kind };
  const id = await content.add({ ...fields, lang: 'en', ...english });
  for (const lang of LANGUAGE_CODES) {
    if (lang !== 'en') await content.set(id, { lang, ...demoText(item, lang) });
  }
  return id;
}

const same = (a: { title: string; body: string }, b: { title: string; body: string }) =>
  a.title === b.title && a.body === b.body;

/**
 * Gives the demo items of a database seeded with English only their other languages, once:
 * an item is the seed's own while its English text is still the seed's (and a help
 * article still has its key). Only missing languages are added, so a translation an
 * operator wrote stays; an item whose English an operator edited is left alone. A partner's
 * line still reading the earlier English ("USDT") becomes the current one.
 */
export async function translateDemoItems(repo: ContentRepository): Promise<void> {
  const stored = await repo.withEnglish(['notice', 'news', 'help', 'partner']);
  for (const item of demoItems) {
    const english = demoText(item, 'en');
    const earlier = item.kind === 'partner' ? { title: item.name, body: item.was } : null;
    for (const row of stored) {
      if (row.kind !== item.kind) continue;
      if (item.kind === 'help' && row.key !== item.fields.key) continue;
      const untouched = same(row, english);
      const asBefore = earlier !== null && same(row, earlier);
      if (!untouched && !asBefore) continue;
      if (asBefore) await repo.replaceTranslation(row.id, 'en', earlier, english);
      for (const lang of LANGUAGE_CODES) {
        if (row.langs.includes(lang)) continue;
        const text = demoText(item, lang);
        await repo.addTranslation(row.id, lang, text.title, text.body);
      }
    }
  }
}
