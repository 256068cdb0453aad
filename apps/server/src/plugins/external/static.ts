// Serves the built investor app (apps/web/dist) at `/`. Hashed assets are cached for a
// year; the shell, manifest and service worker are revalidated so updates reach users.
import { existsSync } from 'node:fs';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

export default fp<{ root: string }>(async (app, { root }) => {
  if (!existsSync(root)) {
    app.log.warn({ root }, 'investor app not built; run `npm run build` to serve it');
    return;
  }
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: false,
    index: ['index.html'],
    setHeaders(res, path) {
      if (/[\\/]assets[\\/]/.test(path)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.header('Cache-Control', 'no-cache');
      }
    },
  });
});
