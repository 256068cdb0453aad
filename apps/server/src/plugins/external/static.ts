// Serves the built investor app (apps/web/dist) at `/` and the operator console
// (apps/admin/dist) at `/admin/`. Hashed assets are cached for a year; the shells, manifest
// and service worker are revalidated so updates reach users. The builds write brotli (.br)
// and gzip (.gz) siblings of every text file (apps/web/precompress.ts); they are sent as is
// to callers that accept them (Content-Encoding, Vary: Accept-Encoding). The console routes
// in the browser (react-router), so a path under /admin/ that is not a file gets its
// index.html. Static files are outside the API's rate limit.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

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
      index: ['index.html'],
      preCompressed: true,
      setHeaders: cacheHeaders,
    });
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
