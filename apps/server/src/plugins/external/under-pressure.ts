// Sheds load with 503 when the event loop falls behind, instead of queuing forever.
// /health reports the same for load balancers.
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';

export default fp<{ shedLoad?: boolean }>(async (app, { shedLoad = true }) => {
  await app.register(underPressure, {
    // Off under test: eight suites on two cores stall the loop for seconds, and a 503
    // there says nothing about the code under test (0 disables the check).
    maxEventLoopDelay: shedLoad ? 1000 : 0,
    exposeStatusRoute: { url: '/health', routeOpts: { config: { rateLimit: false } } },
  });
});
