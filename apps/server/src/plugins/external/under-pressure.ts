// Sheds load when the event loop falls behind, instead of queuing forever: the call is
// answered at once with a translated "busy, try again" (envelope.ts) and Retry-After.
// /health reports the same for load balancers, with 503.
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';

/** What the envelope answers as `error.busy`. */
export class BusyError extends Error {
  readonly code = 'FST_UNDER_PRESSURE';
  readonly statusCode = 503;
  constructor() {
    super('Service Unavailable');
  }
}

/** How long after listening the loop's delay is not read as load (see below). */
const START_GRACE_MS = 3000;

export default fp<{ shedLoad?: boolean; maxEventLoopDelayMs?: number; onShed?: () => void }>(
  async (app, { shedLoad = true, maxEventLoopDelayMs = 1000, onShed }) => {
    let listeningSince = 0;
    app.addHook('onListen', async () => {
      listeningSince = Date.now();
    });
    await app.register(underPressure, {
      // Off under test: eight suites on two cores stall the loop for seconds, and a shed
      // call there says nothing about the code under test (0 disables the check).
      maxEventLoopDelay: shedLoad ? maxEventLoopDelayMs : 0,
      retryAfter: 5,
      pressureHandler: async (_request, reply, type) => {
        // The first samples after listening still average start-up's synchronous work
        // (migrations, the devchain, the demo seed), not load: a fresh start shed its first
        // calls (found by the crash test). Let those through.
        if (type === 'eventLoopDelay' && Date.now() - listeningSince < START_GRACE_MS) return;
        reply.header('retry-after', '5');
        onShed?.(); // counted in /metrics (olive_load_shed_total)
        throw new BusyError();
      },
      exposeStatusRoute: { url: '/health', routeOpts: { config: { rateLimit: false } } },
    });
  },
);
