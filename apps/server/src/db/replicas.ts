// Reads that tolerate a little lag (leaderboards, content, team lists, console lists and
// searches, reserves history) may go to a streaming replica (DATABASE_REPLICA_URL); every
// other query goes to the primary (docs/decisions/144-read-replicas.md). `readDb` is a
// Kysely instance like the primary's: a plain SELECT outside a transaction goes to a
// replica when one answers and lags at most `maxLagMs`, and the caller of the request has
// not written in the last `stickyMs`; anything else (a write, a transaction, raw SQL,
// SELECT ... FOR UPDATE) goes to the primary. A repository given `readDb` keeps working
// unchanged: its writes still reach the primary.
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  Kysely,
  PostgresDialect,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type KyselyPlugin,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { keepClientErrors } from './pool-errors.ts';
import type { Db } from './schema.ts';

/** The request a query runs for: who calls, and whether it wrote. */
export interface RequestScope {
  /** `u:<user id>` or `o:<operator id>`, once known. */
  actor: string | null;
  wrote: boolean;
}

const scopes = new AsyncLocalStorage<RequestScope>();

/** Runs `run` as one request: queries inside it see its scope. */
export function inRequestScope<T>(run: () => T): T {
  return scopes.run({ actor: null, wrote: false }, run);
}
export const requestScope = () => scopes.getStore();

/** The lag of a replica in seconds: 0 when it has replayed all it received. */
export const LAG_SQL = `select case
  when not pg_is_in_recovery() then 0
  when pg_last_wal_receive_lsn() is not distinct from pg_last_wal_replay_lsn() then 0
  else coalesce(extract(epoch from now() - pg_last_xact_replay_timestamp()), 0)
end::float8 as lag`;

export interface ReplicaState {
  /** `replica 1`, `replica 2`... (never the URL: it holds a password). */
  name: string;
  /** Seconds behind the primary at the last probe; null when it did not answer. */
  lagSeconds: number | null;
  /** Whether reads go to it now. */
  used: boolean;
  /** Queries it answered since start. */
  reads: number;
}

/** Remembers who wrote lately; shared through Redis when the processes share one. */
export interface WriterMemory {
  noteWrite(actor: string, ms: number): void;
  wroteLately(actor: string): Promise<boolean>;
}

export function memoryWriters(now: () => number = Date.now): WriterMemory {
  const until = new Map<string, number>();
  return {
    noteWrite(actor, ms) {
      until.set(actor, now() + ms);
      if (until.size > 50_000) {
        for (const [key, at] of until) if (at <= now()) until.delete(key);
      }
    },
    async wroteLately(actor) {
      const at = until.get(actor);
      return at !== undefined && at > now();
    },
  };
}

/** Minimal part of ioredis used here. */
interface RedisLike {
  set(key: string, value: string, px: 'PX', ms: number): Promise<unknown>;
  exists(key: string): Promise<number>;
}

/** A write on one API process sends the caller's next reads to the primary on every process. */
export function redisWriters(redis: RedisLike, prefix = 'olive:w:'): WriterMemory {
  const local = memoryWriters();
  return {
    noteWrite(actor, ms) {
      local.noteWrite(actor, ms);
      redis.set(prefix + actor, '1', 'PX', ms).catch(() => undefined);
    },
    async wroteLately(actor) {
      if (await local.wroteLately(actor)) return true;
      try {
        return (await redis.exists(prefix + actor)) === 1;
      } catch {
        return true; // Redis down: the primary is the safe answer.
      }
    },
  };
}

export interface ReplicaOptions {
  primary: pg.Pool;
  replicaUrls: string[];
  poolSize: number;
  /** Past this lag (pg_last_xact_replay_timestamp), reads go to the primary. */
  maxLagMs: number;
  /** After a write by a caller, its reads go to the primary for this long. */
  stickyMs: number;
  /** How often each replica's lag is measured. */
  probeMs: number;
  writers?: WriterMemory;
}

export interface Replicas {
  /** Lag-tolerant reads: a fresh replica when there is one, otherwise the primary. */
  readDb: Db;
  /** After a request: its caller wrote, so its next reads go to the primary. */
  noteWrite(actor: string): void;
  /** Measures every replica's lag now. */
  probe(): Promise<void>;
  states(): ReplicaState[];
  /** The pools, for the pool-use metrics. */
  pools(): { name: string; pool: pg.Pool }[];
  close(): Promise<void>;
}

const WRITE_KINDS = new Set([
  'InsertQueryNode',
  'UpdateQueryNode',
  'DeleteQueryNode',
  'MergeQueryNode',
]);

/**
 * On the primary's Kysely (createDb): marks the request's scope when one of its queries
 * writes, so the caller's next lag-tolerant reads go to the primary.
 */
export const writeWatcher: KyselyPlugin = {
  transformQuery(args) {
    const scope = scopes.getStore();
    if (scope && !scope.wrote) {
      const node = args.node;
      if (WRITE_KINDS.has(node.kind)) scope.wrote = true;
      else if (node.kind === 'RawNode') {
        const text = (node as { sqlFragments?: readonly string[] }).sqlFragments?.join(' ');
        if (text && /\b(insert|update|delete|merge|nextval|setval|notify)\b/i.test(text)) {
          scope.wrote = true;
        }
      }
    }
    return args.node;
  },
  async transformResult(args) {
    return args.result;
  },
};

const RAW_READ = /^\s*(select|with)\b/i;
const RAW_NOT_READ =
  /\b(insert|update|delete|merge|for\s+(no\s+key\s+)?(update|share)|for\s+key\s+share|pg_advisory\w*|pg_notify|nextval|setval|set_config)\b/i;

/** A query that only reads and locks nothing: the only kind sent to a replica. */
export function isPlainSelect(query: CompiledQuery): boolean {
  const kind = query.query.kind;
  if (kind !== 'RawNode' && kind !== 'SelectQueryNode') return false;
  return RAW_READ.test(query.sql) && !RAW_NOT_READ.test(query.sql);
}

export function createReplicas(options: ReplicaOptions): Replicas {
  const writers = options.writers ?? memoryWriters();
  const replicas = options.replicaUrls.map((url, index) => {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize,
      application_name: 'olive-reads',
      connectionTimeoutMillis: 2_000,
    });
    pool.on('error', () => undefined);
    keepClientErrors(pool);
    return {
      name: `replica ${index + 1}`,
      pool,
      lagSeconds: null as number | null,
      reads: 0,
    };
  });
  const fresh = (r: (typeof replicas)[number]) =>
    r.lagSeconds !== null && r.lagSeconds * 1000 <= options.maxLagMs;
  let turn = 0;

  async function measure(replica: (typeof replicas)[number]) {
    try {
      const { rows } = await replica.pool.query<{ lag: number }>(LAG_SQL);
      replica.lagSeconds = Number(rows[0]?.lag ?? 0);
    } catch {
      replica.lagSeconds = null;
    }
  }
  async function probe() {
    await Promise.all(replicas.map(measure));
  }
  let timer: NodeJS.Timeout | null = null;
  if (replicas.length > 0) {
    timer = setInterval(() => void probe(), options.probeMs);
    timer.unref();
  }

  /** The pool a lag-tolerant query goes to now. */
  async function choose(): Promise<(typeof replicas)[number] | null> {
    const candidates = replicas.filter(fresh);
    if (candidates.length === 0) return null;
    const actor = scopes.getStore()?.actor;
    if (actor && (await writers.wroteLately(actor))) return null;
    turn = (turn + 1) % candidates.length;
    return candidates[turn]!;
  }

  const primaryDriver = new PostgresDialect({ pool: options.primary }).createDriver();

  class RoutedConnection implements DatabaseConnection {
    pinned: DatabaseConnection | null = null;
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      if (this.pinned) return this.pinned.executeQuery<R>(query);
      const replica = isPlainSelect(query) ? await choose() : null;
      if (replica) {
        try {
          const { rows } = await replica.pool.query(query.sql, [...query.parameters]);
          replica.reads++;
          return { rows: rows as R[] };
        } catch (error) {
          // A replica that stopped answering: measured again, this read from the primary.
          if ((error as { code?: string }).code?.startsWith('42')) throw error;
          replica.lagSeconds = null;
        }
      }
      const connection = await primaryDriver.acquireConnection();
      try {
        return await connection.executeQuery<R>(query);
      } finally {
        await primaryDriver.releaseConnection(connection);
      }
    }
    streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
      throw new Error('streaming is not routed; use the primary');
    }
  }

  const driver: Driver = {
    init: () => primaryDriver.init(),
    acquireConnection: async () => new RoutedConnection(),
    async beginTransaction(connection, settings: TransactionSettings) {
      const routed = connection as RoutedConnection;
      routed.pinned = await primaryDriver.acquireConnection();
      await primaryDriver.beginTransaction(routed.pinned, settings);
    },
    commitTransaction: (connection) =>
      primaryDriver.commitTransaction((connection as RoutedConnection).pinned!),
    rollbackTransaction: (connection) =>
      primaryDriver.rollbackTransaction((connection as RoutedConnection).pinned!),
    async releaseConnection(connection) {
      const routed = connection as RoutedConnection;
      if (routed.pinned) await primaryDriver.releaseConnection(routed.pinned);
      routed.pinned = null;
    },
    // The primary's pool belongs to the primary's Kysely; only the replicas close here.
    destroy: async () => undefined,
  };
  const dialect = new PostgresDialect({ pool: options.primary });
  const readDb = new Kysely<Database>({
    dialect: {
      createAdapter: () => dialect.createAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => dialect.createIntrospector(db),
      createQueryCompiler: () => dialect.createQueryCompiler(),
    },
    plugins: [writeWatcher],
  });

  return {
    readDb,
    noteWrite(actor) {
      if (replicas.length > 0) writers.noteWrite(actor, options.stickyMs);
    },
    probe,
    states: () =>
      replicas.map((r) => ({
        name: r.name,
        lagSeconds: r.lagSeconds,
        used: fresh(r),
        reads: r.reads,
      })),
    pools: () => replicas.map((r) => ({ name: r.name, pool: r.pool })),
    async close() {
      if (timer) clearInterval(timer);
      await Promise.all(replicas.map((r) => r.pool.end().catch(() => undefined)));
    },
  };
}
