// Health checks for load balancers and process supervisors (HAProxy, systemd, Kubernetes):
// `/health/live` answers while the process serves HTTP at all; `/health/ready` answers 200
// only when the database, Redis (when configured) and every configured chain answer, and
// 503 naming what does not. They tell nothing private: each dependency is "ok" or "down".
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface ReadinessSources {
  db: Db;
  /** null: no Redis configured. */
  redisUp: () => Promise<boolean | null>;
  /** Each configured chain's head block (a network missing from it did not answer). */
  chainHeads: () => Promise<Partial<Record<string, bigint>>>;
  /** The networks with a chain configured. */
  networks: string[];
}

export async function readiness(sources: ReadinessSources) {
  const [database, redis, heads] = await Promise.all([
    sql`select 1`.execute(sources.db).then(
      () => true,
      () => false,
    ),
    sources.redisUp().catch(() => false),
    sources.chainHeads().catch(() => ({}) as Partial<Record<string, bigint>>),
  ]);
  const checks: Record<string, 'ok' | 'down'> = { database: database ? 'ok' : 'down' };
  if (redis !== null) checks.redis = redis ? 'ok' : 'down';
  for (const network of sources.networks) {
    checks[`chain_${network}`] = heads[network] !== undefined ? 'ok' : 'down';
  }
  return { ready: Object.values(checks).every((v) => v === 'ok'), checks };
}

export default fp<ReadinessSources>(
  async (app, sources) => {
    const open = { config: { rateLimit: false } } as const;
    app.get('/health/live', { ...open, schema: { hide: true } }, async () => ({ status: 'ok' }));
    app.get('/health/ready', { ...open, schema: { hide: true } }, async (_request, reply) => {
      const { ready, checks } = await readiness(sources);
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'not ready', checks });
    });
  },
  { name: 'olive-health' },
);
