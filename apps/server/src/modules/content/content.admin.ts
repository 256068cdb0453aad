// The console's content calls (docs/admin-api.md), content/*, contacts/* and legal-details/*:
// what editors change. An item's text language is
// `language`: every console call also carries `lang`, the language the console reads its
// messages in, which the console's client sets on every call.
import { Type } from 'typebox';
import { CountField, LANGUAGE_CODES } from '@olive/protocol';
import { AppError, fieldError } from '../../errors.ts';
import { CONTACT_CHANNELS, CONTENT_KINDS, type ContentService } from './content.service.ts';
import { defined, ID, listBody, listQuery, showAction, Singleton } from '../../console/list.ts';
import { action } from '../../console/action.ts';
import type { Clock } from '../../ports/clock.ts';
import { LEGAL_FIELDS } from './legal/fields.ts';
import { renderMarkdown } from './markdown.ts';

const Lang = Type.Union(LANGUAGE_CODES.map((l) => Type.Literal(l)));
const Kind = Type.Union(CONTENT_KINDS.map((k) => Type.Literal(k)));
/** Where an item or contact stands in its list: lower first. */
const Sort = CountField({ min: -1_000_000, max: 1_000_000 });
const itemFields = {
  key: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
  category: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
  link_url: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
  pinned: Type.Optional(Type.Boolean()),
  sort: Type.Optional(Sort),
};
// Text an investor reads must hold more than spaces.
const NOT_BLANK = '\\S';
const contactFields = {
  kind: Type.Union([Type.Literal('group'), Type.Literal('person')]),
  channel: Type.Union(CONTACT_CHANNELS.map((c) => Type.Literal(c))),
  label: Type.String({ minLength: 1, maxLength: 80, pattern: NOT_BLANK }),
  url: Type.String({ minLength: 1, maxLength: 500, pattern: NOT_BLANK }),
  hours: Type.Optional(Type.String({ maxLength: 80 })),
  sort: Type.Optional(Sort),
};

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export function contentAdminActions(deps: { content: ContentService; clock: Clock }) {
  const { content, clock } = deps;

  async function showItem(id: string) {
    const { item, translations } = await content.show(id).catch((error: unknown) => {
      if (error instanceof AppError) throw new AppError('admin.not_found', {}, { field: 'id' });
      throw error;
    });
    const en = translations.find((t) => t.lang === 'en') ?? translations[0];
    return {
      id: item.id,
      kind: item.kind,
      key: item.key,
      category: item.category,
      link_url: item.link_url,
      pinned: item.pinned,
      sort: item.sort,
      published_at: iso(item.published_at),
      created_at: iso(item.created_at),
      updated_at: iso(item.updated_at),
      title: en?.title ?? '',
      languages: translations.map((t) => t.lang),
      translations,
    };
  }

  type Contact = Awaited<ReturnType<typeof content.allContacts>>[number];
  const contact = (c: Contact) => ({
    id: c.id,
    kind: c.kind,
    channel: c.channel,
    label: c.label,
    url: c.url,
    hours: c.hours,
    sort: c.sort,
    enabled: c.enabled,
  });
  async function showContact(id: string) {
    const found = (await content.allContacts()).find((c) => c.id === id);
    if (!found) throw new AppError('admin.not_found', {}, { field: 'id' });
    return contact(found);
  }

  return [
    action({
      path: 'content/list',
      permission: 'content.list',
      writes: false,
      body: listBody,
      async run(body) {
        const query = listQuery(body, {
          sortable: ['id'],
          filters: { kind: CONTENT_KINDS, published: 'bool' },
        });
        const now = clock.now().getTime();
        let rows = await content.list(
          query.filters.kind as (typeof CONTENT_KINDS)[number] | undefined,
        );
        if (query.filters.published !== undefined) {
          rows = rows.filter(
            (r) =>
              (r.published_at !== null && new Date(r.published_at).getTime() <= now) ===
              query.filters.published,
          );
        }
        if (query.order === 'desc') rows.reverse();
        const page = rows.slice((query.page - 1) * query.limit, query.page * query.limit);
        return {
          data: {
            list: page.map((r) => ({
              id: r.id,
              kind: r.kind,
              key: r.key,
              pinned: r.pinned,
              published_at: iso(r.published_at),
              title: r.title ?? '',
              languages: r.langs,
            })),
            total: rows.length,
            page: query.page,
            limit: query.limit,
          },
        };
      },
    }),
    showAction('content', (id) => showItem(id)),
    // The editor's preview: the Markdown as investors will get it, through the same
    // renderer and allowlist sanitiser as the published item (decision 114). Changes nothing.
    action({
      path: 'content/preview',
      permission: 'content.preview',
      writes: false,
      body: { body: Type.String({ maxLength: 100_000 }) },
      run: async (body) => ({ data: { html: renderMarkdown(body.body) } }),
    }),
    action({
      path: 'content/create',
      permission: 'content.create',
      writes: true,
      body: {
        kind: Kind,
        language: Lang,
        title: Type.String({ minLength: 1, maxLength: 200, pattern: NOT_BLANK }),
        body: Type.String({ maxLength: 100_000 }),
        ...itemFields,
      },
      async run(body) {
        const { kind, language, title, body: text, ...fields } = body;
        const id = await content.add({
          ...defined(fields),
          kind,
          lang: language,
          title,
          body: text,
        });
        const after = await showItem(id);
        return {
          data: after,
          audit: { target: `content:${id}`, after: { kind, language, title } },
        };
      },
    }),
    action({
      path: 'content/update',
      permission: 'content.update',
      writes: true,
      body: {
        id: ID,
        language: Type.Optional(Lang),
        title: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: NOT_BLANK })),
        body: Type.Optional(Type.String({ maxLength: 100_000 })),
        ...itemFields,
      },
      async run(body) {
        const { id, language, ...change } = body;
        // A text is written in a language: the console names its own field.
        if (!language && (change.title !== undefined || change.body !== undefined)) {
          throw fieldError('language', 'validation.required');
        }
        const before = await showItem(id);
        await content.set(id, defined({ ...change, lang: language }));
        const after = await showItem(id);
        return {
          data: after,
          audit: {
            target: `content:${id}`,
            before: { ...before, translations: undefined },
            after: defined({ ...change, language }),
          },
        };
      },
    }),
    ...(['publish', 'unpublish'] as const).map((verb) =>
      action({
        path: `content/${verb}`,
        permission: `content.${verb}`,
        writes: true,
        body: {
          id: ID,
          at: Type.Optional(Type.String({ format: 'date-time', maxLength: 40 })),
        },
        async run(body) {
          const before = await showItem(body.id);
          const at = verb === 'unpublish' ? null : body.at ? new Date(body.at) : clock.now();
          await content.publish(body.id, at);
          const after = await showItem(body.id);
          return {
            data: after,
            audit: {
              target: `content:${body.id}`,
              before: { published_at: before.published_at },
              after: { published_at: after.published_at },
            },
          };
        },
      }),
    ),
    action({
      path: 'contacts/list',
      permission: 'contacts.list',
      writes: false,
      body: listBody,
      async run(body) {
        const query = listQuery(body, { sortable: ['sort'], defaultOrder: 'asc' });
        const list = (await content.allContacts()).map(contact);
        return { data: { list, total: list.length, page: query.page, limit: query.limit } };
      },
    }),
    showAction('contacts', (id) => showContact(id)),
    action({
      path: 'contacts/create',
      permission: 'contacts.create',
      writes: true,
      body: contactFields,
      async run(body) {
        const id = await content.addContact({
          ...body,
          hours: body.hours ?? '',
          sort: body.sort ?? 0,
        });
        const after = await showContact(id);
        return { data: after, audit: { target: `contact:${id}`, after } };
      },
    }),
    action({
      path: 'contacts/update',
      permission: 'contacts.update',
      writes: true,
      body: {
        id: ID,
        kind: Type.Optional(contactFields.kind),
        channel: Type.Optional(contactFields.channel),
        label: Type.Optional(contactFields.label),
        url: Type.Optional(contactFields.url),
        hours: contactFields.hours,
        sort: contactFields.sort,
        enabled: Type.Optional(Type.Boolean()),
      },
      async run(body) {
        const { id, ...change } = body;
        const before = await showContact(id);
        await content.setContact(id, defined(change));
        const after = await showContact(id);
        return { data: after, audit: { target: `contact:${id}`, before, after } };
      },
    }),
    action({
      path: 'legal-details/show',
      permission: 'legal-details.show',
      writes: false,
      body: Singleton,
      run: async () => ({ data: { id: 'legal-details', ...(await content.legalDetails()) } }),
    }),
    action({
      // The operator's details the legal pages name; an empty one shows its placeholder.
      path: 'legal-details/update',
      permission: 'legal-details.update',
      writes: true,
      body: {
        ...Singleton,
        ...Object.fromEntries(
          LEGAL_FIELDS.map((f) => [f, Type.Optional(Type.String({ maxLength: 300 }))]),
        ),
      },
      async run(body) {
        const { id: _id, ...change } = body as Record<string, string | undefined>;
        const { before, after } = await content.setLegalDetails(defined(change));
        return {
          data: { id: 'legal-details', ...after },
          audit: { target: 'settings:legal-details', before, after },
        };
      },
    }),
  ];
}
