// Each call runs in a scope that the read routing reads (docs/decisions/144-read-replicas.md):
// who is calling (an investor's session or an operator's), and whether a query wrote. A
// caller who wrote reads the primary for the next few seconds, on every API process.
import fp from 'fastify-plugin';
import { inRequestScope, requestScope, type RequestScope } from '../../db/replicas.ts';

declare module 'fastify' {
  interface FastifyRequest {
    readScope: RequestScope | null;
  }
}

export default fp<{ noteWrite: (actor: string) => void }>(
  async (app, { noteWrite }) => {
    app.decorateRequest('readScope', null);
    app.addHook('onRequest', (request, _reply, done) => {
      inRequestScope(() => {
        const scope = requestScope()!;
        // Known once the auth hook (investors) or the console's call (operators) ran.
        Object.defineProperty(scope, 'actor', {
          get: () =>
            request.caller
              ? `u:${request.caller.userId}`
              : request.adminCall
                ? `o:${request.adminCall.operator.id}`
                : null,
        });
        request.readScope = scope;
        done();
      });
    });
    app.addHook('onResponse', async (request) => {
      const scope = request.readScope;
      if (scope?.wrote && scope.actor) noteWrite(scope.actor);
    });
  },
  { name: 'olive-read-routing' },
);
