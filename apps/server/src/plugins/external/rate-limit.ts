// A ceiling on every caller; tighter limits sit on the routes that need them (login,
// codes, registration). With REDIS_URL the counters are shared by every API process.
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

export default fp<{ max: number; redis: Redis | null }>(async (app, { max, redis }) => {
  await app.register(rateLimit, {
    global: true,
    // After the body is read (small: 64 KiB at most), so the refusal knows `lang`, and
    // before the token is looked up, so a flood costs no database work.
    hook: 'preValidation',
    max,
    timeWindow: '1 minute',
    nameSpace: 'olive-rl:',
    ...(redis ? { redis } : {}),
    // Only the API counts: the app's static files (a page load is a dozen requests) never
    // use up a caller's budget, so many phones behind one carrier NAT can load the app.
    allowList: (request) => !request.url.startsWith('/api/'),
    // Our envelope handler answers 429s as code 0 with a translated message.
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `retry in ${context.after}`,
    }),
  });
});

/** A route's own ceiling, `times` × `perMinute` calls per IP a minute, for its `config`:
 * `const limit = perMinuteLimit(perMinute)`, then `config: { ...limit(2) }`. */
export const perMinuteLimit = (perMinute: number) => (times: number) => ({
  rateLimit: { max: perMinute * times, timeWindow: '1 minute' },
});
