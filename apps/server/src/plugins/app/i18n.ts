// Reads `lang` from every call (body, then query) before validation, so that even a
// validation failure is answered in the caller's language. Unknown -> en.
import fp from 'fastify-plugin';
import { normalizeLanguage, type Language } from '@olive/protocol';
import { translatorFor, type Translate } from '../../i18n/index.ts';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Language;
    t: Translate;
  }
}

export default fp(
  async (app) => {
    app.decorateRequest('lang', 'en');
    app.decorateRequest('t', translatorFor('en'));
    // A callback hook, not an async one: it never waits, and every call runs it.
    app.addHook('preValidation', (request, _reply, done) => {
      // A call with no parameters may come with no body at all; it is an empty form.
      if (request.method === 'POST' && request.body === undefined && !request.isMultipart()) {
        request.body = {};
      }
      const body = request.body as Record<string, unknown> | undefined;
      const query = request.query as Record<string, unknown> | undefined;
      const lang = normalizeLanguage(
        (body && typeof body === 'object' ? body.lang : undefined) ?? query?.lang,
      );
      request.lang = lang;
      request.t = translatorFor(lang);
      done();
    });
  },
  { name: 'olive-i18n' },
);
