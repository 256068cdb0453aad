// What an operator watches (docs/operations.md, "Metrics and health"; decision 145): a
// Prometheus registry per app, fed by the request hooks here and read from the database,
// the chains and the pools when scraped. It is served on a port of its own (METRICS_PORT,
// never the public one, optionally behind METRICS_TOKEN) by main.ts; `/health/live` and
// `/health/ready` are on the public port for load balancers and say nothing private.
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import client from 'prom-client';
import type pg from 'pg';
import type { Db } from '../../db/database.ts';
import type { ReplicaState } from '../../db/replicas.ts';

export interface MetricsSources {
  db: Db;
  /** The pools whose use is reported (primary and replicas). */
  pools: () => { name: string; pool: pg.Pool }[];
  replicas: () => ReplicaState[];
  /** Each chain's head block, by network (the chain watchers' lag is head - cursor). */
  chainHeads: () => Promise<Partial<Record<string, bigint>>>;
  /** Hot-wallet balances on chain by network, units of 10^-8 USDT; null when unread. */
  hotWallets: () => Promise<{ network: string; units: bigint }[] | null>;
  /** The last ledger audit this process ran: ok, and when. */
  lastAudit: () => { ok: boolean; at: Date } | null;
  /** Whether Redis answers (null: none configured). */
  redisUp: () => Promise<boolean | null>;
}

const UNITS = 1e8;

export function createMetrics(sources: MetricsSources) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'olive_process_' });
  const requests = new client.Counter({
    name: 'olive_http_requests_total',
    help: 'Calls answered, by route, HTTP status and envelope code',
    labelNames: ['route', 'status'] as const,
    registers: [registry],
  });
  const latency = new client.Histogram({
    name: 'olive_http_request_duration_seconds',
    help: 'Time to answer a call, by route',
    labelNames: ['route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const shed = new client.Counter({
    name: 'olive_load_shed_total',
    help: 'Calls refused with "busy" because the event loop fell behind',
    registers: [registry],
  });
  const gauge = (
    name: string,
    help: string,
    labelNames: string[],
    collect: (g: client.Gauge) => Promise<void> | void,
  ) =>
    new client.Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        try {
          await collect(this);
        } catch {
          // A source that does not answer leaves its gauge empty; olive_up says why.
        }
      },
    });
  const { db } = sources;

  gauge(
    'olive_chain_watcher_lag_blocks',
    "Blocks between a chain's head and its watcher's cursor",
    ['network'],
    async (g) => {
      const [cursors, heads] = await Promise.all([
        db.selectFrom('chain_cursors').select(['network', 'block_number']).execute(),
        sources.chainHeads(),
      ]);
      for (const cursor of cursors) {
        const head = heads[cursor.network];
        if (head !== undefined)
          g.set({ network: cursor.network }, Number(head - BigInt(cursor.block_number)));
      }
    },
  );
  const withdrawalRows = () =>
    sql<{ status: string; n: string; oldest: number | null }>`
      select status, count(*)::text as n,
             extract(epoch from now() - min(created_at))::float8 as oldest
      from withdrawals group by status`.execute(db);
  gauge('olive_withdrawals', 'Withdrawals by state', ['state'], async (g) => {
    for (const row of (await withdrawalRows()).rows) g.set({ state: row.status }, Number(row.n));
  });
  gauge(
    'olive_withdrawal_queue_oldest_seconds',
    'Age of the oldest withdrawal in each open state',
    ['state'],
    async (g) => {
      for (const row of (await withdrawalRows()).rows) {
        if (
          ['pending_review', 'approved', 'broadcast'].includes(row.status) &&
          row.oldest !== null
        ) {
          g.set({ state: row.status }, row.oldest);
        }
      }
    },
  );
  gauge('olive_hot_wallet_usdt', 'Hot-wallet USDT on chain, by network', ['network'], async (g) => {
    for (const wallet of (await sources.hotWallets()) ?? []) {
      g.set({ network: wallet.network }, Number(wallet.units) / UNITS);
    }
  });
  gauge(
    'olive_ledger_audit_ok',
    'The last ledger audit run by this process: 1 clean, 0 not (absent: none run)',
    [],
    (g) => {
      const audit = sources.lastAudit();
      if (audit) g.set(audit.ok ? 1 : 0);
    },
  );
  gauge(
    'olive_reserves_ratio',
    'Reserves over liabilities in the latest proof-of-reserves snapshot',
    [],
    async (g) => {
      const row = await db
        .selectFrom('reserve_snapshots')
        .select(['reserves', 'liabilities'])
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (row?.reserves != null && BigInt(row.liabilities) > 0n) {
        g.set(Number(BigInt(row.reserves)) / Number(BigInt(row.liabilities)));
      }
    },
  );
  gauge('olive_job_queue_depth', "Jobs waiting in graphile-worker's queue", [], async (g) => {
    const { rows } = await sql<{ n: string }>`
      select count(*)::text as n from graphile_worker.jobs where locked_at is null`.execute(db);
    g.set(Number(rows[0]?.n ?? 0));
  });
  gauge(
    'olive_replica_lag_seconds',
    "Each replica's lag at its last probe (absent: not answering)",
    ['replica'],
    (g) => {
      for (const replica of sources.replicas()) {
        if (replica.lagSeconds !== null) g.set({ replica: replica.name }, replica.lagSeconds);
      }
    },
  );
  gauge(
    'olive_replica_in_use',
    'Whether lag-tolerant reads go to the replica now',
    ['replica'],
    (g) => {
      for (const replica of sources.replicas())
        g.set({ replica: replica.name }, replica.used ? 1 : 0);
    },
  );
  gauge(
    'olive_db_pool_connections',
    'Database pool connections, by pool and state',
    ['pool', 'state'],
    (g) => {
      for (const { name, pool } of sources.pools()) {
        g.set({ pool: name, state: 'total' }, pool.totalCount);
        g.set({ pool: name, state: 'idle' }, pool.idleCount);
        g.set({ pool: name, state: 'waiting' }, pool.waitingCount);
      }
    },
  );
  gauge('olive_up', 'Whether each dependency answers (1) or not (0)', ['dependency'], async (g) => {
    const [database, redis] = await Promise.all([
      sql`select 1`.execute(db).then(
        () => 1,
        () => 0,
      ),
      sources.redisUp(),
    ]);
    g.set({ dependency: 'database' }, database);
    if (redis !== null) g.set({ dependency: 'redis' }, redis ? 1 : 0);
  });

  return {
    registry,
    /** Counts a call (route pattern, not the raw URL: ids would explode the series). */
    observe(route: string, status: number, seconds: number) {
      requests.inc({ route, status: String(status) });
      latency.observe({ route }, seconds);
    },
    shed: () => shed.inc(),
    text: () => registry.metrics(),
    contentType: registry.contentType,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Times every call into `metrics`, labelled by its route pattern. */
export default fp<{ metrics: Metrics }>(
  async (app, { metrics }) => {
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.observe(route, reply.statusCode, reply.elapsedTime / 1000);
    });
  },
  { name: 'olive-metrics' },
);
