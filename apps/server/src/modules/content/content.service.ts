// What investors read (Home, notices, news, articles, contacts, app download) and what
// operators write (items, translations, publishing, images, contacts). Bodies are Markdown;
// they leave this service only as sanitised HTML (markdown.ts).
import { LANGUAGE_CODES, formatAmount } from '@olive/protocol';
import { AppError, fieldError } from '../../errors.ts';
import type { UserCache } from '../../db/user-cache.ts';
import type { Clock } from '../../ports/clock.ts';
import type { SettingsRepository } from '../../db/settings.repository.ts';
import { reencodeAvatar } from '../users/avatar.ts';
import type {
  ContentKind,
  ContentRepository,
  ItemFields,
  PublishedRow,
} from './content.repository.ts';
import {
  fillLegalFields,
  LEGAL_DETAILS_KEY,
  LEGAL_FIELDS,
  type LegalDetails,
} from './legal/fields.ts';
import { legalTemplates } from './legal/index.ts';
import { excerpt, renderMarkdown } from './markdown.ts';

export const APP_DOWNLOAD_KEY = 'app_download';
export const PAGE_KEYS = ['about', 'disclaimer', 'privacy', 'terms'] as const;
export const CONTENT_KINDS: readonly ContentKind[] = [
  'notice',
  'news',
  'help',
  'page',
  'partner',
  'banner',
];
export const CONTACT_CHANNELS = ['telegram', 'whatsapp', 'email', 'line', 'phone', 'web'] as const;

export interface Totals {
  total_assets: bigint;
  total_earnings: bigint;
}

export interface ContentDeps {
  repo: ContentRepository;
  settings: SettingsRepository;
  clock: Clock;
  /** The caller's balance figures, from the ledger (the same figures userinfo shows). */
  totals: (userId: string) => Promise<Totals>;
  /** `totals` when they are in memory now, without waiting (undefined: they must be read). */
  totalsNow?: (userId: string) => Totals | undefined;
  /** Home's production-information block; the mining module provides it. */
  production?: (lang: string) => Promise<Record<string, unknown> | null>;
  /** Seconds Home's lists may be served from memory (0 in tests). */
  homeCacheSeconds?: number;
  /**
   * Each user's "notices seen up to", kept until `notice_reads` announces a change
   * (migration 0191); without it, read on every call.
   */
  noticesSeen?: UserCache<number | null>;
}

interface HomePublic {
  notices: { id: string; title: string; published_at: string }[];
  banners: { id: string; title: string; image: string; link: string }[];
  help: { id: string; key: string; category: string; title: string }[];
  partners: { id: string; name: string; logo: string; url: string; detail: string }[];
  production: Record<string, unknown> | null;
}

const coverUrl = (id: string | null) => (id ? `/media/content/${id}.webp` : '');

/** Links operators may give contacts, partners and banners: web, app and mail links only. */
export function safeLink(url: string): boolean {
  return /^(https:\/\/|http:\/\/|mailto:|tel:|tg:\/\/|whatsapp:\/\/)[^\s<>"']+$/i.test(url);
}

/** How many of `sorted` (ascending) are at most `limit`: a binary search. */
function countUpTo(sorted: number[], limit: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! <= limit) low = mid + 1;
    else high = mid;
  }
  return low;
}

export function contentService(deps: ContentDeps) {
  const { repo, clock } = deps;
  const rendered = new Map<string, string>();
  const homeCache = new Map<string, { at: number; value: HomePublic }>();
  const noticeTimesCache = new Map<string, { at: number; value: number[] }>();

  /**
   * `load`'s value for `key`, kept `homeCacheSeconds` (none in tests): Home's lists and
   * the notices' times change no faster than an operator publishes.
   */
  async function kept<T>(
    cache: Map<string, { at: number; value: T }>,
    key: string,
    load: () => Promise<T>,
  ): Promise<T> {
    const ttl = (deps.homeCacheSeconds ?? 0) * 1000;
    const now = clock.now().getTime();
    const hit = keptNow(cache, key);
    if (hit !== undefined) return hit;
    const value = await load();
    if (ttl > 0) {
      if (cache.size >= 100_000) cache.clear();
      cache.set(key, { at: now, value });
    }
    return value;
  }

  /** What `kept` holds for `key` now, without waiting; undefined when it would load. */
  function keptNow<T>(cache: Map<string, { at: number; value: T }>, key: string) {
    const ttl = (deps.homeCacheSeconds ?? 0) * 1000;
    const hit = cache.get(key);
    return ttl > 0 && hit && clock.now().getTime() - hit.at < ttl ? hit.value : undefined;
  }

  /**
   * The unread-notice badge: notices published since the user last opened the list (all
   * of them if never), up to now. Both halves come from memory on a warm call: a crowd's
   * Home read the count from the database on every call (issue 33).
   */
  async function unreadNotices(userId: string): Promise<number> {
    const seenAt = () => repo.noticesSeenAt(userId);
    const [times, seen] = await Promise.all([
      kept(noticeTimesCache, '', () => repo.noticeTimes()),
      deps.noticesSeen ? deps.noticesSeen.get(userId, seenAt) : seenAt(),
    ]);
    return unreadOf(times, seen);
  }

  /** `unreadNotices` when both halves are in memory now; undefined when one must be read. */
  function unreadNoticesNow(userId: string) {
    const times = keptNow(noticeTimesCache, '');
    const seen = deps.noticesSeen?.peek(userId);
    return times === undefined || seen === undefined ? undefined : unreadOf(times, seen);
  }

  function unreadOf(times: number[], seen: number | null) {
    const now = clock.now().getTime();
    return countUpTo(times, now) - (seen === null ? 0 : countUpTo(times, Math.min(seen, now)));
  }

  /** Home's text: the shared part, and a signed-in caller's totals and unread badge. */
  function homeReply(home: HomePublic, mine: { figures: Totals; unread: number } | null) {
    if (!mine) return `${sharedText(home)}}`;
    const assets = JSON.stringify({
      total_assets: formatAmount(mine.figures.total_assets),
      total_earnings: formatAmount(mine.figures.total_earnings),
    });
    return `${sharedText(home)},"assets":${assets},"unread_notices":${mine.unread}}`;
  }

  /** A body's rendering, kept per item version (id, language, last edit): Markdown and
   * sanitising cost far more than the rest of a call. */
  function memo(what: string, row: PublishedRow, make: () => string) {
    const cacheKey = `${what}:${row.id}:${row.lang}:${new Date(row.updated_at).getTime()}`;
    let out = rendered.get(cacheKey);
    if (out === undefined) {
      out = make();
      if (rendered.size > 1000) rendered.clear();
      rendered.set(cacheKey, out);
    }
    return out;
  }
  const html = (row: PublishedRow) => memo('html', row, () => renderMarkdown(row.body));
  const excerptOf = (row: PublishedRow, max?: number) =>
    memo(`excerpt${max ?? ''}`, row, () => excerpt(row.body, max));

  const listItem = (row: PublishedRow) => ({
    id: row.id,
    title: row.title,
    summary: excerptOf(row),
    cover: coverUrl(row.cover_image_id),
    pinned: row.pinned,
    published_at: new Date(row.published_at).toISOString(),
    lang: row.lang,
  });

  const article = (row: PublishedRow) => ({
    id: row.id,
    kind: row.kind,
    key: row.key ?? '',
    title: row.title,
    body_html: html(row),
    cover: coverUrl(row.cover_image_id),
    published_at: new Date(row.published_at).toISOString(),
    lang: row.lang,
  });

  /** Home's part that is the same for every caller of a language. */
  async function buildHome(lang: string): Promise<HomePublic> {
    const now = clock.now();
    const [rows, production] = await Promise.all([
      repo.home(lang, now),
      deps.production ? deps.production(lang) : null,
    ]);
    const of = (kind: ContentKind) => rows.filter((r) => r.kind === kind);
    return {
      notices: of('notice')
        .slice(0, 5)
        .map((r) => ({
          id: r.id,
          title: r.title,
          published_at: new Date(r.published_at).toISOString(),
        })),
      banners: of('banner').map((r) => ({
        id: r.id,
        title: r.title,
        image: coverUrl(r.cover_image_id),
        link: r.link_url ?? '',
      })),
      help: of('help').map((r) => ({
        id: r.id,
        key: r.key ?? '',
        category: r.category ?? '',
        title: r.title,
      })),
      partners: of('partner').map((r) => ({
        id: r.id,
        name: r.title,
        logo: coverUrl(r.cover_image_id),
        url: r.link_url ?? '',
        detail: excerptOf(r, 40),
      })),
      production: production ?? null,
    };
  }

  // The shared part as JSON text, without its closing brace, written once per build of it
  // (serialising the lists on every call was most of what a cached call still cost).
  const homeText = new WeakMap<HomePublic, string>();
  const sharedText = (home: HomePublic) => {
    let text = homeText.get(home);
    if (text === undefined) {
      text = JSON.stringify(home).slice(0, -1);
      homeText.set(home, text);
    }
    return text;
  };

  async function legalDetails(): Promise<LegalDetails> {
    const stored = (await deps.settings.get<Partial<LegalDetails>>(LEGAL_DETAILS_KEY)) ?? {};
    return Object.fromEntries(
      LEGAL_FIELDS.map((field) => [field, typeof stored[field] === 'string' ? stored[field] : '']),
    ) as LegalDetails;
  }

  return {
    /**
     * Home (maininfo's data) as JSON text: the part shared by a language's callers, and for
     * a signed-in caller their totals and unread notices.
     */
    async homeJson(lang: string, userId: string | null): Promise<string> {
      const [home, figures, unread] = await Promise.all([
        kept(homeCache, lang, () => buildHome(lang)),
        userId ? deps.totals(userId) : null,
        userId ? unreadNotices(userId) : null,
      ]);
      return homeReply(home, figures ? { figures, unread: Number(unread ?? 0) } : null);
    },

    /**
     * `homeJson` when everything it shows is in memory now: a crowd's steady Home waits for
     * nothing (issue 33). Undefined when something must be read; the answer is the same.
     */
    homeJsonNow(lang: string, userId: string | null): string | undefined {
      const home = keptNow(homeCache, lang);
      if (home === undefined) return undefined;
      if (!userId) return homeReply(home, null);
      const figures = deps.totalsNow?.(userId);
      const unread = figures && unreadNoticesNow(userId);
      return unread === undefined ? undefined : homeReply(home, { figures: figures!, unread });
    },

    /** notice / news: one item by id, or a page of the list (newest first, pinned on top). */
    async feed(
      kind: 'notice' | 'news',
      lang: string,
      query: { page: number; limit: number; id?: string },
      userId: string | null,
    ) {
      if (query.id) {
        const row = await repo.findPublished(query.id, [kind], lang, clock.now());
        if (!row) throw new AppError('content.not_found');
        return article(row);
      }
      const { rows, total } = await repo.list(
        [kind],
        lang,
        clock.now(),
        (query.page - 1) * query.limit,
        query.limit,
      );
      // Opening the notice list is what clears the unread badge.
      if (kind === 'notice' && userId && query.page === 1) {
        await repo.markNoticesSeen(userId, clock.now());
        // Dropped here at once; the write's trigger tells every process.
        deps.noticesSeen?.touched([userId]);
      }
      return { list: rows.map(listItem), page: query.page, limit: query.limit, total };
    },

    /**
     * about / userPage: an article by key (the four pages, or a help-centre article), with
     * the operator's legal details filled in (a marked placeholder for each one unset).
     */
    async page(key: string, lang: string) {
      const row = await repo.findPublishedByKey(key, lang, clock.now());
      if (!row) throw new AppError('content.not_found');
      const served = article(row);
      if (!served.body_html.includes('{{')) return served;
      const labels = (legalTemplates[row.lang] ?? legalTemplates.en!).fields;
      return {
        ...served,
        body_html: fillLegalFields(served.body_html, await legalDetails(), labels),
      };
    },

    async contacts() {
      const rows = await repo.contacts();
      return rows.map((c) => ({
        id: c.id,
        kind: c.kind,
        channel: c.channel,
        label: c.label,
        url: c.url,
        hours: c.hours,
      }));
    },

    /** The operator's details the legal pages name, each empty while unset (the console's form). */
    legalDetails,

    /** Changes the given details; an empty one is unset (its placeholder shows again). */
    async setLegalDetails(change: Partial<LegalDetails>) {
      const before = await legalDetails();
      for (const field of LEGAL_FIELDS) {
        const value = change[field];
        if (value !== undefined && !validDetail(field, value.trim())) {
          throw fieldError(field, 'validation.invalid');
        }
      }
      const after = { ...before };
      for (const field of LEGAL_FIELDS) {
        const value = change[field];
        if (value !== undefined) after[field] = value.trim();
      }
      await deps.settings.put(LEGAL_DETAILS_KEY, after);
      return { before, after };
    },

    async download() {
      const stored = await deps.settings.get<{ android_url?: string; ios_url?: string }>(
        APP_DOWNLOAD_KEY,
      );
      return {
        pwa: true as const,
        android_url: stored?.android_url ?? '',
        ios_url: stored?.ios_url ?? '',
      };
    },

    image: (id: string) => repo.image(id),

    // --- operators ---

    async addImage(upload: Buffer, size: { width: number; height: number }) {
      const { image, etag } = await reencodeAvatar(upload, size);
      return repo.addImage(image, etag);
    },

    async add(
      given: ItemFields & { kind: ContentKind; lang: string; title: string; body: string },
    ) {
      const input = cleaned(given);
      validateItem(input, { lang: 'required' });
      const { lang, title, body, ...fields } = input;
      // The item and its first text together, or neither.
      return repo.transaction(async (trx) => {
        const id = await keyed(repo.createItem(fields, trx));
        await repo.putTranslation(id, lang, title, body, trx);
        return id;
      });
    },

    async set(id: string, given: ItemFields & { lang?: string; title?: string; body?: string }) {
      const input = cleaned(given);
      validateItem(input);
      const { lang, title, body, ...fields } = input;
      const exists = await repo.findItem(id);
      if (!exists) throw new AppError('content.not_found');
      await repo.transaction(async (trx) => {
        if (Object.keys(fields).length > 0) await keyed(repo.updateItem(id, fields, trx));
        if (lang && (title !== undefined || body !== undefined)) {
          await repo.putTranslation(id, lang, title, body, trx);
        }
      });
      return id;
    },

    async publish(id: string, at: Date | null) {
      if (!(await repo.setPublished(id, at))) throw new AppError('content.not_found');
    },

    list: (kind?: ContentKind) => repo.listAll(kind),

    /** One item with every language's text (the console's editor). */
    async show(id: string) {
      const item = await repo.findItem(id);
      if (!item) throw new AppError('content.not_found');
      return { item, translations: await repo.translations(id) };
    },

    async addContact(contact: {
      kind: 'group' | 'person';
      channel: string;
      label: string;
      url: string;
      hours: string;
      sort: number;
    }) {
      validateContact(contact);
      return repo.addContact(contact);
    },

    async setContact(id: string, fields: Parameters<ContentRepository['setContact']>[1]) {
      validateContact(fields);
      if (!(await repo.setContact(id, fields))) throw new AppError('content.not_found');
    },

    allContacts: () => repo.contacts(true),
  };
}

/** An empty key, category or link is none: what the console sends for a cleared field. */
function cleaned<T extends ItemFields>(input: T): T {
  const out = { ...input };
  for (const field of ['key', 'category', 'link_url'] as const) {
    if (out[field] === '') out[field] = null;
  }
  return out;
}

/** A key another item holds is the operator's to change, not a server fault. */
async function keyed<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code === '23505' && constraint === 'content_items_key_idx') {
      throw fieldError('key', 'content.key_taken');
    }
    throw error;
  }
}

function validateItem(
  input: ItemFields & { lang?: string; title?: string; body?: string },
  { lang = 'optional' }: { lang?: 'required' | 'optional' } = {},
) {
  if (input.kind !== undefined && !CONTENT_KINDS.includes(input.kind)) throw fieldError('kind');
  // An item's text is in a language the app speaks; a title or body needs one.
  const textGiven = input.title !== undefined || input.body !== undefined;
  if (!input.lang && (lang === 'required' || textGiven)) {
    throw fieldError('lang', 'validation.required');
  }
  if (input.lang && !(LANGUAGE_CODES as readonly string[]).includes(input.lang)) {
    throw fieldError('lang');
  }
  if (input.title !== undefined && input.title.trim() === '') {
    throw fieldError('title', 'validation.required');
  }
  if (input.key && !/^[a-z0-9-]{1,40}$/.test(input.key)) throw fieldError('key');
  if (input.link_url && !safeLink(input.link_url)) throw fieldError('link_url');
}

/** A legal detail is one line of plain text (the address may have several), never a field. */
function validDetail(field: string, value: string): boolean {
  if (value === '') return true;
  if (value.length > 300 || value.includes('{{') || value.includes('}}')) return false;
  if (field !== 'registered_address' && /[\r\n]/.test(value)) return false;
  if (field === 'support_email') return /^[^\s@<>]{1,64}@[^\s@<>]+\.[^\s@<>]{2,}$/.test(value);
  if (field === 'effective_date') {
    const day = new Date(`${value}T00:00:00Z`);
    return (
      /^\d{4}-\d{2}-\d{2}$/.test(value) &&
      !Number.isNaN(day.getTime()) &&
      day.toISOString().startsWith(value)
    );
  }
  return true;
}

function validateContact(contact: { kind?: string; channel?: string; url?: string }) {
  if (contact.kind !== undefined && contact.kind !== 'group' && contact.kind !== 'person') {
    throw fieldError('kind');
  }
  if (
    contact.channel !== undefined &&
    !(CONTACT_CHANNELS as readonly string[]).includes(contact.channel)
  ) {
    throw fieldError('channel');
  }
  if (contact.url !== undefined && !safeLink(contact.url)) throw fieldError('url');
}

export type ContentService = ReturnType<typeof contentService>;
