// The OpenAPI document, generated from the same route schemas that validate requests.
// Served as JSON at /api/docs.
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';

export default fp(async (app) => {
  // Every call is a form post; say so in the document (clients and the fuzzer read it).
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { body?: unknown; consumes?: string[] } | undefined;
    if (schema?.body && !schema.consumes) {
      schema.consumes = ['application/x-www-form-urlencoded'];
    }
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Olive API',
        version: '1.8.0',
        description:
          'Every call is a form-encoded POST carrying `lang`; every reply is HTTP 200 with ' +
          '`{code, msg, data, tologin}`: code 1 ok, 0 failure (msg translated), 10000 sign in.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
  });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
});
