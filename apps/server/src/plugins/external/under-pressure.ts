// Sheds load with 503 when the event loop falls behind, instead of queuing forever.
// /health reports the same for load balancers.
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';

export default fp(async (app) => {
  await app.register(underPressure, {
    maxEventLoopDelay: 1000,
    exposeStatusRoute: { url: '/health', routeOpts: { config: { rateLimit: false } } },
  });
});
