// Content and support calls: Home in one call (maininfo), notices and news, articles by
// key (about, userPage), customer-service contacts (cslist, callme), the app download
// page (downapp) and the content images. Everything is public except cslist; a signed-in
// caller also gets their totals and unread-notice count on maininfo.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { callBody, LimitField, PageField } from '@olive/protocol';
import { Type } from 'typebox';
import { envelopeOf } from '../../plugins/app/schemas.ts';
import type { ContentService } from './content.service.ts';

const security = [{ bearer: [] }];
const IdField = Type.Optional(Type.String({ maxLength: 18, pattern: '^[1-9]\\d{0,17}$' }));
const KeyField = Type.String({
  minLength: 1,
  maxLength: 40,
  pattern: '^[a-z0-9-]{1,40}$',
  description: 'about, disclaimer, privacy, terms, or a help-centre article key',
});

const Article = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  key: Type.String(),
  title: Type.String(),
  body_html: Type.String({ description: 'the Markdown body rendered and sanitised' }),
  cover: Type.String(),
  published_at: Type.String(),
  lang: Type.String({ description: 'the language served (en when the asked one is missing)' }),
});
const ListItem = Type.Object({
  id: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  cover: Type.String(),
  pinned: Type.Boolean(),
  published_at: Type.String(),
  lang: Type.String(),
});
const FeedPage = Type.Object({
  list: Type.Array(ListItem),
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
});
const Contact = Type.Object({
  id: Type.String(),
  kind: Type.String({ description: 'group or person' }),
  channel: Type.String({ description: 'telegram, whatsapp, email, line, phone or web' }),
  label: Type.String(),
  url: Type.String(),
  hours: Type.String(),
});
const Contacts = Type.Object({ list: Type.Array(Contact) });
const MainInfo = Type.Object({
  notices: Type.Array(
    Type.Object({ id: Type.String(), title: Type.String(), published_at: Type.String() }),
  ),
  banners: Type.Array(
    Type.Object({
      id: Type.String(),
      title: Type.String(),
      image: Type.String(),
      link: Type.String(),
    }),
  ),
  help: Type.Array(
    Type.Object({
      id: Type.String(),
      key: Type.String(),
      category: Type.String(),
      title: Type.String(),
    }),
  ),
  partners: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      logo: Type.String(),
      url: Type.String(),
      detail: Type.String(),
    }),
  ),
  production: Type.Union([Type.Null(), Type.Record(Type.String(), Type.Unknown())], {
    description: "the mining module's production information, when it provides one",
  }),
  assets: Type.Optional(
    Type.Object({ total_assets: Type.String(), total_earnings: Type.String() }),
  ),
  unread_notices: Type.Optional(Type.Integer()),
});

export const contentRoutes: FastifyPluginAsyncTypebox<{ content: ContentService }> = async (
  app,
  { content },
) => {
  const paging = (body: { page?: number; limit?: number; id?: string }) => ({
    page: body.page ?? 1,
    limit: body.limit ?? 20,
    ...(body.id ? { id: body.id } : {}),
  });

  app.post(
    '/api/main/maininfo',
    {
      schema: {
        tags: ['content'],
        summary:
          'Home in one call: pinned notices, banners, help centre, partners, production; ' +
          'signed in: total assets, total earnings and unread notices',
        body: callBody({}),
        response: { 200: envelopeOf(MainInfo) },
      },
    },
    // Sent as text: Home's shared part is serialised once per build, not per call.
    async (request, reply) => {
      const userId = request.caller?.userId ?? null;
      return reply.okJson(
        content.homeJsonNow(request.lang, userId) ?? (await content.homeJson(request.lang, userId)),
      );
    },
  );

  for (const kind of ['notice', 'news'] as const) {
    app.post(
      `/api/main/${kind}`,
      {
        schema: {
          tags: ['content'],
          summary: `${kind === 'notice' ? 'Notices' : 'News'}: a page of the list, or one item by id`,
          body: callBody({ page: PageField, limit: LimitField, id: IdField }),
          response: { 200: envelopeOf(Type.Union([FeedPage, Article])) },
        },
      },
      async (request) =>
        request.ok(
          await content.feed(
            kind,
            request.lang,
            paging(request.body),
            request.caller?.userId ?? null,
          ),
        ),
    );
  }

  for (const path of ['/api/main/about', '/api/main/userPage']) {
    app.post(
      path,
      {
        schema: {
          tags: ['content'],
          summary: 'An article by key, in the asked language or else English',
          body: callBody({ key: KeyField }),
          response: { 200: envelopeOf(Article) },
        },
      },
      async (request) => request.ok(await content.page(request.body.key, request.lang)),
    );
  }

  app.post(
    '/api/user/cslist',
    {
      config: { auth: true },
      schema: {
        tags: ['content'],
        summary: 'Customer-service contacts (signed in)',
        security,
        body: callBody({}),
        response: { 200: envelopeOf(Contacts) },
      },
    },
    async (request) => request.ok({ list: await content.contacts() }),
  );

  app.post(
    '/api/main/callme',
    {
      schema: {
        tags: ['content'],
        summary: 'Customer-service contacts: a group or a person, each a link, with hours',
        body: callBody({}),
        response: { 200: envelopeOf(Contacts) },
      },
    },
    async (request) => request.ok({ list: await content.contacts() }),
  );

  app.post(
    '/api/main/downapp',
    {
      schema: {
        tags: ['content'],
        summary: 'App download: the installable web app plus optional store links',
        body: callBody({}),
        response: {
          200: envelopeOf(
            Type.Object({
              pwa: Type.Boolean(),
              android_url: Type.String(),
              ios_url: Type.String(),
            }),
          ),
        },
      },
    },
    async (request) => request.ok(await content.download()),
  );

  app.get<{ Params: { file: string } }>(
    '/media/content/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      const match = /^(\d{1,18})\.webp$/.exec(request.params.file);
      const image = match ? await content.image(match[1]!) : undefined;
      if (!image) return reply.status(404).send({ code: 0, msg: request.t('error.not_found') });
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', `"${image.etag}"`)
        .send(image.image);
    },
  );
};
