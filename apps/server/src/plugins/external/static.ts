// Serves the built investor app (apps/web/dist) at `/` and the operator console
// (apps/admin/dist) at `/admin/`. Hashed assets are cached for a year; the shells, manifest
// and service worker are revalidated so updates reach users. The builds write brotli (.br)
// and gzip (.gz) siblings of every text file (packages/tooling/src/precompress.ts); they are sent as is
// to callers that accept them (Content-Encoding, Vary: Accept-Encoding). The console routes
// in the browser (react-router), so a path under /admin/ that is not a file gets its
// index.html. Static files are outside the API's rate limit.
//
// The investor app's page holds its first screens already drawn, one page per language
// (decision 135): index.html in English, index.<language>.html in the others. `/` sends
// the investor's: the language the app last showed them (cookie `lang`), else the first
// of their browser's languages that is one of ours, else English.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import {
  LANGUAGE_COOKIE,
  isLanguage,
  languageForTags,
  type Language,
} from '@olive/protocol/languages';

/** The languages of an Accept-Language header, most preferred first (RFC 9110 weights). */
export function acceptedTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 32)
    .map((part, order) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), order };
    })
    .filter((t) => t.tag !== '' && t.tag !== '*' && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
    .map((t) => t.tag);
}

const COOKIE = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z_]{2,5})(?:;|$)`);

/** The language of the page to send: the app's cookie, else the browser's, else English. */
export function pageLanguage(cookie: string | undefined, acceptLanguage: string | undefined) {
  const chosen = COOKIE.exec(cookie ?? '')?.[1];
  if (isLanguage(chosen)) return chosen;
  return languageForTags(acceptedTags(acceptLanguage)) ?? 'en';
}

/**
 * The CSP sources of the scripts written into the investor app's pages (the first-screen
 * script, decision 201): `'sha256-...'` of each, so that the policy allows exactly those
 * and no other inline script. None when the app is not built.
 */
export function inlineScriptHashes(root: string): string[] {
  if (!existsSync(root)) return [];
  const hashes = new Set<string>();
  for (const name of readdirSync(root).filter((n) => /^index(\.\w+)?\.html$/.test(n))) {
    const page = readFileSync(join(root, name), 'utf8');
    for (const [, code] of page.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      hashes.add(`'sha256-${createHash('sha256').update(code!).digest('base64')}'`);
    }
  }
  return [...hashes];
}

function cacheHeaders(res: { header(name: string, value: string): unknown }, path: string) {
  if (/[\\/]assets[\\/]/.test(path)) {
    res.header('Cache-Control', 'public, max-age=31536000, immutable');
  } else {
    res.header('Cache-Control', 'no-cache');
  }
}

export default fp<{ root: string; adminRoot: string }>(async (app, { root, adminRoot }) => {
  if (existsSync(root)) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: false,
      // The pages are sent by the route below, in the investor's language.
      index: false,
      globIgnore: ['index.html', 'index.*.html'],
      preCompressed: true,
      setHeaders: cacheHeaders,
    });
    const pages = new Map<Language, string>(
      readdirSync(root)
        .map((name) => [/^index\.(\w+)\.html$/.exec(name)?.[1], name] as const)
        .filter((entry): entry is [Language, string] => isLanguage(entry[0])),
    );
    const page = (request: FastifyRequest, reply: FastifyReply) => {
      const language = pageLanguage(request.headers.cookie, request.headers['accept-language']);
      // Caches keep one copy per language and encoding.
      reply.header('Vary', 'Accept-Encoding, Accept-Language, Cookie');
      return reply.sendFile(pages.get(language) ?? 'index.html');
    };
    app.get('/', page);
    app.get('/index.html', page);
  } else {
    app.log.warn({ root }, 'investor app not built; run `npm run build` to serve it');
  }

  if (!existsSync(join(adminRoot, 'index.html'))) {
    app.log.warn(
      { root: adminRoot },
      'operator console not built; run `npm run build` to serve it',
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: adminRoot,
    prefix: '/admin/',
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    decorateReply: false,
    setHeaders: cacheHeaders,
  });
  // Read once: the console's shell for every client-side route (/admin/users/show/12, ...).
  const shell = readFileSync(join(adminRoot, 'index.html'));
  app.get('/admin', (_request, reply) => reply.redirect('/admin/'));
  app.get('/admin/*', (request, reply) => {
    // A missing hashed asset is a 404, not the shell (a stale tab must not parse HTML as JS).
    if (/^\/admin\/assets\//.test(request.url)) return reply.callNotFound();
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(shell);
  });
});
