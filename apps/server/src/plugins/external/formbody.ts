// The spec's calls are application/x-www-form-urlencoded POSTs.
// Small bodies only: no call takes more than a few fields.
import fp from 'fastify-plugin';
import formbody from '@fastify/formbody';

export default fp(async (app) => {
  await app.register(formbody, { bodyLimit: 64 * 1024 });
});
