// Content and support (issue 14): notices, news and articles, one version per language
// (English is the fallback), images re-encoded like avatars, customer-service contacts and
// what each investor has seen of the notices (the unread badge).
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_images')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('image', 'bytea', (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('content_items')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('notice', 'news', 'help', 'page', 'partner', 'banner')`),
    )
    // Pages (about, disclaimer, privacy, terms) and help articles are found by key.
    .addColumn('key', 'text', (c) => c.check(sql`key ~ '^[a-z0-9-]{1,40}$'`))
    .addColumn('category', 'text')
    .addColumn('link_url', 'text')
    .addColumn('cover_image_id', 'bigint', (c) => c.references('content_images.id'))
    .addColumn('pinned', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    // Null while a draft or after unpublishing; visible to investors once it has passed.
    .addColumn('published_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index content_items_key_idx on content_items (key) where key is not null`.execute(
    db,
  );
  await sql`create index content_items_feed_idx on content_items (kind, pinned desc, published_at desc, id desc) where published_at is not null`.execute(
    db,
  );

  await db.schema
    .createTable('content_translations')
    .addColumn('item_id', 'bigint', (c) => c.notNull().references('content_items.id'))
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    // Markdown; rendered and sanitised on the way out, never stored as HTML.
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('content_translations_pk', ['item_id', 'lang'])
    .execute();

  await db.schema
    .createTable('support_contacts')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('group', 'person')`))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('hours', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('notice_reads')
    .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id'))
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
