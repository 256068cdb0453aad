// SQL of the content module: items with one translation per language (English as the
// fallback, chosen in the query), images, customer-service contacts and notice reads.
// "Published" always means published_at is set and has passed: no other query exists
// for investors, so a draft cannot leak through a forgotten filter.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ContentItemsTable } from '../../db/schema.ts';

export type ContentKind = ContentItemsTable['kind'];

export interface PublishedRow {
  id: string;
  kind: ContentKind;
  key: string | null;
  category: string | null;
  link_url: string | null;
  cover_image_id: string | null;
  pinned: boolean;
  sort: number;
  published_at: Date;
  updated_at: Date;
  title: string;
  body: string;
  lang: string;
}

export interface ItemFields {
  kind?: ContentKind;
  key?: string | null;
  category?: string | null;
  link_url?: string | null;
  cover_image_id?: string | null;
  pinned?: boolean;
  sort?: number;
}

export function contentRepository(db: Db) {
  /** Published items of the given kinds with their title and body in `lang`, else English. */
  const published = (lang: string, now: Date) =>
    db
      .selectFrom('content_items as i')
      .leftJoin('content_translations as t', (j) =>
        j.onRef('t.item_id', '=', 'i.id').on('t.lang', '=', lang),
      )
      .leftJoin('content_translations as e', (j) =>
        j.onRef('e.item_id', '=', 'i.id').on('e.lang', '=', 'en'),
      )
      .where('i.published_at', 'is not', null)
      .where('i.published_at', '<=', now)
      .where((w) => w.or([w('t.item_id', 'is not', null), w('e.item_id', 'is not', null)]));

  const columns = [
    'i.id',
    'i.kind',
    'i.key',
    'i.category',
    'i.link_url',
    'i.cover_image_id',
    'i.pinned',
    'i.sort',
    'i.published_at',
    'i.updated_at',
    sql<string>`coalesce(t.title, e.title)`.as('title'),
    sql<string>`coalesce(t.body, e.body)`.as('body'),
    sql<string>`case when t.item_id is null then 'en' else t.lang end`.as('lang'),
  ] as const;

  /** Marks an item changed, so a body rendered from its earlier text is not served again. */
  const touch = (id: string) =>
    db
      .updateTable('content_items')
      .set({ updated_at: sql<Date>`now()` })
      .where('id', '=', id)
      .execute();

  return {
    /** Runs `work` in one transaction (all of it or none); pass its `trx` to the writes. */
    transaction<T>(work: (trx: Db) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },

    async list(kinds: ContentKind[], lang: string, now: Date, offset: number, limit: number) {
      const [rows, count] = await Promise.all([
        published(lang, now)
          .where('i.kind', 'in', kinds)
          .select(columns)
          .orderBy('i.pinned', 'desc')
          .orderBy('i.sort', 'asc')
          .orderBy('i.published_at', 'desc')
          .orderBy('i.id', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
        published(lang, now)
          .where('i.kind', 'in', kinds)
          .select((s) => s.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as PublishedRow[], total: Number(count.n) };
    },

    /** Everything Home lists, in one round trip: pinned notices, banners, help, partners. */
    async home(lang: string, now: Date) {
      const rows = await published(lang, now)
        .where((w) =>
          w.or([
            w.and([w('i.kind', '=', 'notice'), w('i.pinned', '=', true)]),
            w('i.kind', 'in', ['banner', 'help', 'partner']),
          ]),
        )
        .select(columns)
        .orderBy('i.sort', 'asc')
        .orderBy('i.published_at', 'desc')
        .orderBy('i.id', 'desc')
        .limit(200)
        .execute();
      return rows as PublishedRow[];
    },

    async findPublished(id: string, kinds: ContentKind[], lang: string, now: Date) {
      const row = await published(lang, now)
        .where('i.id', '=', id)
        .where('i.kind', 'in', kinds)
        .select(columns)
        .executeTakeFirst();
      return row as PublishedRow | undefined;
    },

    async findPublishedByKey(key: string, lang: string, now: Date) {
      const row = await published(lang, now)
        .where('i.key', '=', key)
        .where('i.kind', 'in', ['page', 'help'])
        .select(columns)
        .executeTakeFirst();
      return row as PublishedRow | undefined;
    },

    /** When each notice was (or will be) published, oldest first, in milliseconds. */
    async noticeTimes(): Promise<number[]> {
      const rows = await db
        .selectFrom('content_items')
        .where('kind', '=', 'notice')
        .where('published_at', 'is not', null)
        .select('published_at')
        .orderBy('published_at')
        .execute();
      return rows.map((r) => new Date(r.published_at!).getTime());
    },

    /** Up to when the user has seen the notices (they opened the list), or null. */
    async noticesSeenAt(userId: string): Promise<number | null> {
      const row = await db
        .selectFrom('notice_reads')
        .where('user_id', '=', userId)
        .select('seen_at')
        .executeTakeFirst();
      return row ? new Date(row.seen_at).getTime() : null;
    },

    async markNoticesSeen(userId: string, now: Date) {
      await db
        .insertInto('notice_reads')
        .values({ user_id: userId, seen_at: now })
        .onConflict((oc) =>
          oc
            .column('user_id')
            .doUpdateSet({ seen_at: sql`greatest(notice_reads.seen_at, ${now})` }),
        )
        .execute();
    },

    async image(id: string) {
      return db
        .selectFrom('content_images')
        .select(['image', 'etag'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    // --- operator side ---

    async addImage(image: Buffer, etag: string) {
      const row = await db
        .insertInto('content_images')
        .values({ image, etag })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async createItem(fields: ItemFields & { kind: ContentKind }, q: Db = db) {
      const row = await q
        .insertInto('content_items')
        .values(fields)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateItem(id: string, fields: ItemFields, q: Db = db) {
      const result = await q
        .updateTable('content_items')
        .set({ ...fields, updated_at: new Date() })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Sets one language's text; a part not given keeps its stored text (one statement). */
    async putTranslation(
      itemId: string,
      lang: string,
      title: string | undefined,
      body: string | undefined,
      q: Db = db,
    ) {
      await sql`
        insert into content_translations (item_id, lang, title, body, updated_at)
        values (${itemId}, ${lang}, ${title ?? ''}, ${body ?? ''}, now())
        on conflict (item_id, lang) do update
          set title = coalesce(${title ?? null}::text, content_translations.title),
              body = coalesce(${body ?? null}::text, content_translations.body),
              updated_at = now()
      `.execute(q);
      await q
        .updateTable('content_items')
        .set({ updated_at: sql<Date>`now()` })
        .where('id', '=', itemId)
        .execute();
    },

    async setPublished(id: string, at: Date | null) {
      const result = await db
        .updateTable('content_items')
        .set({ published_at: at, updated_at: new Date() })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async findItem(id: string) {
      return db.selectFrom('content_items').selectAll().where('id', '=', id).executeTakeFirst();
    },

    translations(itemId: string) {
      return db
        .selectFrom('content_translations')
        .select(['lang', 'title', 'body'])
        .where('item_id', '=', itemId)
        .orderBy('lang')
        .execute();
    },

    async findItemByKey(key: string) {
      return db.selectFrom('content_items').selectAll().where('key', '=', key).executeTakeFirst();
    },

    async listAll(kind?: ContentKind) {
      let query = db
        .selectFrom('content_items as i')
        .leftJoin('content_translations as e', (j) =>
          j.onRef('e.item_id', '=', 'i.id').on('e.lang', '=', 'en'),
        )
        .select([
          'i.id',
          'i.kind',
          'i.key',
          'i.pinned',
          'i.published_at',
          'e.title',
          sql<
            string[]
          >`array(select lang from content_translations where item_id = i.id order by lang)`.as(
            'langs',
          ),
        ])
        .orderBy('i.id');
      if (kind) query = query.where('i.kind', '=', kind);
      return query.execute();
    },

    /**
     * Items of these kinds with their English text and the languages they have: what the
     * seed reads to recognise its own demo items (seed.ts).
     */
    async withEnglish(kinds: ContentKind[]) {
      return db
        .selectFrom('content_items as i')
        .innerJoin('content_translations as e', (j) =>
          j.onRef('e.item_id', '=', 'i.id').on('e.lang', '=', 'en'),
        )
        .where('i.kind', 'in', kinds)
        .select([
          'i.id',
          'i.kind',
          'i.key',
          'e.title',
          'e.body',
          sql<
            string[]
          >`array(select lang from content_translations where item_id = i.id order by lang)`.as(
            'langs',
          ),
        ])
        .orderBy('i.id')
        .execute();
    },

    /** Adds one language's text unless the item has that language already (never overwrites). */
    async addTranslation(itemId: string, lang: string, title: string, body: string) {
      const added = await db
        .insertInto('content_translations')
        .values({ item_id: itemId, lang, title, body, updated_at: sql<Date>`now()` })
        .onConflict((oc) => oc.columns(['item_id', 'lang']).doNothing())
        .returning('lang')
        .executeTakeFirst();
      if (added) await touch(itemId);
      return added !== undefined;
    },

    /** Rewrites one language's text only while it still reads `from`: an edit made meanwhile wins. */
    async replaceTranslation(
      itemId: string,
      lang: string,
      from: { title: string; body: string },
      to: { title: string; body: string },
    ) {
      const result = await db
        .updateTable('content_translations')
        .set({ title: to.title, body: to.body, updated_at: sql<Date>`now()` })
        .where('item_id', '=', itemId)
        .where('lang', '=', lang)
        .where('title', '=', from.title)
        .where('body', '=', from.body)
        .executeTakeFirst();
      if (result.numUpdatedRows > 0n) await touch(itemId);
      return result.numUpdatedRows > 0n;
    },

    async countItems() {
      const row = await db
        .selectFrom('content_items')
        .select((s) => s.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    // --- contacts ---

    async contacts(includeDisabled = false) {
      let query = db.selectFrom('support_contacts').selectAll().orderBy('sort').orderBy('id');
      if (!includeDisabled) query = query.where('enabled', '=', true);
      return query.execute();
    },

    async addContact(contact: {
      kind: 'group' | 'person';
      channel: string;
      label: string;
      url: string;
      hours: string;
      sort: number;
    }) {
      const row = await db
        .insertInto('support_contacts')
        .values(contact)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async setContact(
      id: string,
      fields: Partial<{
        kind: 'group' | 'person';
        channel: string;
        label: string;
        url: string;
        hours: string;
        sort: number;
        enabled: boolean;
      }>,
    ) {
      const result = await db
        .updateTable('support_contacts')
        .set(fields)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async countContacts() {
      const row = await db
        .selectFrom('support_contacts')
        .select((s) => s.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type ContentRepository = ReturnType<typeof contentRepository>;
