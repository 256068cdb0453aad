// `npm start`: the data folder's lock, the database (embedded unless DATABASE_URL),
// migrations, demo seed, the devchain, then the API and the built apps on one port.
// SIGINT/SIGTERM (also to the whole process group, as Ctrl-C does) close everything once,
// in order, each step even when an earlier one failed or its process was already gone.
import { Redis } from 'ioredis';
import { resolve } from 'node:path';
import { buildApp, flushLog } from './app.ts';
import { ConfigError, loadConfig, replicaUrls, usesDevchain, type Config } from './config.ts';
import { poolOf } from './db/database.ts';
import { createReplicas, memoryWriters, redisWriters } from './db/replicas.ts';
import { openDatabase, type OpenDatabase } from './db/open.ts';
import { seed } from './seed.ts';
import { AlreadyRunningError, acquireInstanceLock, lockFileFor } from './instance-lock.ts';
import { systemClock } from './ports/clock.ts';
import { DevInbox } from './modules/messaging/dev-inbox.ts';
import { serveMetrics } from './metrics-server.ts';
import { startWorkers } from './workers/index.ts';
import { workerPlan } from './worker-plan.ts';
import { applyContracts, configuredChains } from './modules/wallet/chain-environment.ts';
import { writeFileSync } from 'node:fs';
import { demoChains, NoChainError, peerEnvironment } from './modules/wallet/devchain.ts';
import type { LoopLogger } from './workers/loop.ts';

/** A readable reason for anything thrown, including non-Errors and `undefined`. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause === undefined ? '' : ` (cause: ${describeError(error.cause)})`;
    return `${error.message || error.name}${cause}`;
  }
  if (error === undefined || error === null) return `no reason given (rejected with ${error})`;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

class Stopping extends Error {}
let stopRequested = false;
// The start-up step under way: a stop waits for it, so what it starts is closed too.
let pending: Promise<unknown> = Promise.resolve();

/** Runs one start-up step; a failure names the step and carries the real reason. */
async function step<T>(name: string, run: () => Promise<T>): Promise<T> {
  if (stopRequested) throw new Stopping('stopping');
  const running = run();
  pending = running.catch(() => undefined);
  try {
    return await running;
  } catch (error) {
    if (stopRequested) throw new Stopping('stopping');
    if (error instanceof AlreadyRunningError || error instanceof ConfigError) throw error;
    throw new Error(`${name} failed: ${describeError(error)}`, { cause: error });
  }
}

// Before the app's logger exists: one JSON line per event, as pino writes them.
const bootLog: LoopLogger = {
  info: (obj, msg) => process.stdout.write(`${JSON.stringify({ level: 30, ...obj, msg })}\n`),
  warn: (obj, msg) => process.stdout.write(`${JSON.stringify({ level: 40, ...obj, msg })}\n`),
  error: (obj, msg) => console.error(JSON.stringify({ level: 50, ...obj, msg })),
};

// A peer that went away (the chain or the database got the group's signal first, or
// restarts): worth one line, not a stack trace repeated every tick.
const PEER_GONE =
  /fetch failed|ECONNREFUSED|ECONNRESET|EPIPE|other side closed|terminating connection|Connection terminated|socket hang up/i;

/**
 * The workers' logger: as is, except that a tick failing because a peer went away is one
 * line with its reason (and, once a stop has begun, an info line: expected while stopping).
 */
function stoppingAware(log: LoopLogger): LoopLogger {
  const quiet = (level: 'warn' | 'error') => (obj: object, msg: string) => {
    const { err, error, ...rest } = obj as { err?: unknown; error?: unknown };
    const reason = err ?? error;
    const text = reason === undefined ? '' : describeError(reason);
    if (!stopRequested && !PEER_GONE.test(text)) return log[level](obj, msg);
    const line = { ...rest, ...(reason === undefined ? {} : { reason: text.split('\n')[0] }) };
    if (stopRequested) log.info(line, `${msg} (stopping)`);
    else log[level](line, msg);
  };
  return { info: (obj, msg) => log.info(obj, msg), warn: quiet('warn'), error: quiet('error') };
}

type Closer = [name: string, close: () => Promise<unknown> | unknown];

// A peer lost mid-call (the database failing over, the chain restarting) can surface as a
// rejection nobody awaits inside a library (graphile-worker's cron, for one): the parts
// reconnect by themselves, so it is logged and the process lives on. Anything else is a
// bug and still ends the process, as Node would.
process.on('unhandledRejection', (reason) => {
  const text = describeError(reason);
  if (
    PEER_GONE.test(text) ||
    /Connection terminated|connect ECONN|timeout exceeded when trying to connect/i.test(text)
  ) {
    bootLog.warn({ reason: text.split('\n')[0] }, 'a connection was lost; reconnecting');
    return;
  }
  console.error(`Olive stopped on an unhandled rejection: ${text}`);
  process.exit(1);
});

async function main() {
  const config: Config = loadConfig();
  // The process that runs every role owns the data folder (database, devchain state).
  const lock =
    config.APP_ROLE === 'all' || config.APP_ROLE === 'chain'
      ? acquireInstanceLock(lockFileFor(resolve(config.PG_DATA_DIR)), config.PORT)
      : null;

  // What to close at shutdown, most recent first; filled as each part starts, so a stop
  // during start-up closes what exists.
  const closers: Closer[] = [];
  let closing: Promise<void> | undefined;
  const shutdown = (signal: string, code = 0) =>
    (closing ??= (async () => {
      stopRequested = true;
      bootLog.info({ signal }, 'shutting down');
      // Let a start-up step finish (and register what it started) before closing.
      await Promise.race([pending, new Promise((r) => setTimeout(r, 15_000))]);
      await new Promise((r) => setImmediate(r));
      const force = setTimeout(() => {
        bootLog.error({ signal }, 'shutdown took over 20 s: exiting');
        process.exit(1);
      }, 20_000);
      force.unref();
      let failed = false;
      for (const [name, close] of closers.reverse()) {
        try {
          await close();
          bootLog.info({ step: name }, 'closed');
        } catch (error) {
          // A part already gone (its process killed by the same signal) must not stop the rest.
          failed = true;
          bootLog.warn({ step: name, reason: describeError(error) }, 'shutdown step failed');
        }
      }
      lock?.release();
      bootLog.info({ signal }, 'stopped');
      process.exit(failed ? 1 : code);
    })());
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGHUP', () => void shutdown('SIGHUP'));

  try {
    const database: OpenDatabase = await step(
      config.DATABASE_URL
        ? 'connecting to DATABASE_URL'
        : `starting the embedded PostgreSQL in ${config.PG_DATA_DIR}`,
      () => openDatabase(config, { seed, warn: (message) => bootLog.warn({}, message) }),
    );
    closers.push(['database', () => database.close()]);
    const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { lazyConnect: false }) : null;
    if (redis) closers.push(['redis', () => redis.quit()]);
    // Lag-tolerant reads on streaming replicas (decision 144); a caller who just wrote
    // reads the primary on every API process (through Redis when there is one).
    const replicas =
      replicaUrls(config).length > 0
        ? createReplicas({
            primary: poolOf(database.db),
            replicaUrls: replicaUrls(config),
            poolSize: config.DATABASE_POOL_SIZE,
            maxLagMs: config.DATABASE_REPLICA_MAX_LAG_MS,
            stickyMs: config.DATABASE_REPLICA_MAX_LAG_MS + 1_000,
            probeMs: 1_000,
            writers: redis ? redisWriters(redis) : memoryWriters(),
          })
        : null;
    if (replicas) {
      closers.push(['replicas', () => replicas.close()]);
      await step('measuring the replicas', () => replicas.probe());
    }
    // No SMTP server configured: run the embedded one so registration works out of the box.
    const devInbox = config.SMTP_URL ? null : new DevInbox();
    if (devInbox) {
      await step(`starting the dev mail inbox on port ${config.DEV_INBOX_PORT}`, () =>
        devInbox.listen(config.DEV_INBOX_PORT),
      );
      closers.push(['inbox', () => devInbox.close()]);
    }
    // No RPC URL configured: a local devchain stands in for ERC20, BEP20 and TRC20.
    const demo = usesDevchain(config)
      ? await step('starting the local devchain (anvil)', () =>
          demoChains(config, resolve(config.PG_DATA_DIR, '..', 'devchain'), database.db, bootLog),
        )
      : null;
    if (demo?.devchain) closers.push(['devchain', () => demo.devchain?.stop()]);
    const chain = demo?.environment ?? configuredChains(config);
    // Which chain this process uses, said by every role (the banner below repeats it).
    const chainLine = demo?.devchain
      ? `local devchain (anvil) at ${chain.rpc.erc20}, ${demo.devchain.resumed ? 'resumed from' : 'new, kept in'} ${demo.devchain.stateFile ?? 'memory'}`
      : demo
        ? `the local devchain of the process in ${resolve(config.PG_DATA_DIR, '..')} at ${chain.rpc.erc20}`
        : Object.entries(chain.rpc)
            .map(([network, url]) => `${network.toUpperCase()} at ${new URL(url).origin}`)
            .join(', ') + ' (CHAIN_RPC_*)';
    bootLog.info({ role: config.APP_ROLE, chains: chainLine }, 'chains');
    if (config.APP_ROLE === 'chain') {
      // The devchain alone: the other processes reach it by URL, like a real node.
      const file = resolve(config.PG_DATA_DIR, '..', 'devchain', 'chain.env');
      writeFileSync(file, peerEnvironment(demo!.devchain!), { mode: 0o600 });
      process.stdout.write(
        `\n  Olive's devchain is running (APP_ROLE=chain): ${chainLine}\n` +
          `  Other processes: the variables in ${file}\n` +
          `  Stop: Ctrl-C (or kill ${process.pid})\n\n`,
      );
      return;
    }
    const app = await step('building the app', () =>
      buildApp({
        config,
        db: database.db,
        clock: systemClock,
        redis,
        devInbox,
        chain,
        databaseUrl: database.url,
        replicas,
      }),
    );
    closers.push(['http', () => app.close()]);
    if (config.METRICS_PORT) {
      const metricsServer = await step(
        `serving /metrics on ${config.METRICS_HOST}:${config.METRICS_PORT}`,
        () =>
          serveMetrics(app.metrics, {
            host: config.METRICS_HOST,
            port: config.METRICS_PORT,
            token: config.METRICS_TOKEN,
          }),
      );
      closers.push(['metrics', () => metricsServer.close()]);
    }
    await step('recording the token contracts', () => applyContracts(app.services.deposits, chain));

    const runsWorkers = config.APP_ROLE !== 'api';
    const runsApi = config.APP_ROLE !== 'worker';
    if (runsWorkers) {
      const workers = await step('starting the workers', () =>
        startWorkers(
          database.url,
          workerPlan(database.db, app.services, chain, stoppingAware(app.log)),
          stoppingAware(app.log),
        ),
      );
      closers.push(['workers', () => workers.stop()]);
    }
    if (closing) return;

    if (!runsApi) {
      app.log.info('worker role: jobs and loops running, no HTTP listener');
      return;
    }
    await step(`listening on ${config.HOST}:${config.PORT}`, () =>
      app.listen({ host: config.HOST, port: config.PORT }),
    );
    const shownHost =
      config.HOST === '0.0.0.0' || config.HOST === '127.0.0.1' ? 'localhost' : config.HOST;
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    const url = `http://${shownHost}:${port}/`;
    lock?.update({ port, url });
    flushLog();
    process.stdout.write(
      `\n  Olive is running at ${url}\n` +
        `  API docs: ${url}api/docs\n` +
        `  Database: ${database.embedded ? `embedded PostgreSQL in ${config.PG_DATA_DIR}` : 'DATABASE_URL'}\n` +
        (devInbox ? `  Mail: no SMTP_URL, so mail and SMS go to ${url}dev/mail\n` : '') +
        `  Chains: ${chainLine}\n` +
        `  Stop: Ctrl-C (or kill ${process.pid})\n\n`,
    );
  } catch (error) {
    if (closing || error instanceof Stopping) return;
    console.error(
      error instanceof AlreadyRunningError || error instanceof ConfigError
        ? error.message
        : (error as Error).cause instanceof NoChainError
          ? `Olive could not start: ${((error as Error).cause as Error).message}`
          : `Olive could not start: ${describeError(error)}`,
    );
    await shutdown('start-up failure', 1);
  }
}

main().catch((error: unknown) => {
  console.error(
    error instanceof AlreadyRunningError || error instanceof ConfigError
      ? error.message
      : `Olive could not start: ${describeError(error)}`,
  );
  process.exit(1);
});
