// `npm start`: the database (embedded unless DATABASE_URL), migrations, demo seed, then
// the API and the built apps on one port. SIGINT/SIGTERM close the server, then the
// database, cleanly.
import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { resolve } from 'node:path';
import { ConfigError, loadConfig, usesDevchain } from './config.ts';
import { openDatabase } from './db/open.ts';
import { systemClock } from './ports/clock.ts';
import { DevInbox } from './modules/messaging/dev-inbox.ts';
import { startWorkers } from './workers/index.ts';
import { workerPlan } from './workers/plan.ts';
import { applyContracts, configuredChains } from './modules/wallet/chain-environment.ts';
import { demoChains, forgetPreviousDevchain } from './modules/wallet/devchain.ts';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { lazyConnect: false }) : null;
  // No SMTP server configured: run the embedded one so registration works out of the box.
  const devInbox = config.SMTP_URL ? null : new DevInbox();
  await devInbox?.listen(config.DEV_INBOX_PORT);
  // No RPC URL configured: a local devchain stands in for ERC20, BEP20 and TRC20.
  const demo = usesDevchain(config)
    ? await demoChains(config, resolve(config.PG_DATA_DIR, '..', 'devchain'))
    : null;
  const chain = demo?.environment ?? configuredChains(config);
  const app = await buildApp({
    config,
    db: database.db,
    clock: systemClock,
    redis,
    devInbox,
    chain,
  });
  if (demo?.devchain) await forgetPreviousDevchain(database.db, app.log);
  await applyContracts(app.services.deposits, chain);

  const runsWorkers = config.APP_ROLE !== 'api';
  const runsApi = config.APP_ROLE !== 'worker';
  const workers = runsWorkers
    ? await startWorkers(
        database.url,
        workerPlan(database.db, app.services, chain, app.log),
        app.log,
      )
    : null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await workers?.stop();
      await app.close();
      await demo?.devchain?.stop();
      await devInbox?.close();
      await redis?.quit();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (!runsApi) {
    app.log.info('worker role: jobs and loops running, no HTTP listener');
    return;
  }
  await app.listen({ host: config.HOST, port: config.PORT });
  const shownHost =
    config.HOST === '0.0.0.0' || config.HOST === '127.0.0.1' ? 'localhost' : config.HOST;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  process.stdout.write(
    `\n  Olive is running at http://${shownHost}:${port}/\n` +
      `  API docs: http://${shownHost}:${port}/api/docs\n` +
      `  Database: ${database.embedded ? `embedded PostgreSQL in ${config.PG_DATA_DIR}` : 'DATABASE_URL'}\n` +
      (devInbox
        ? `  Mail: no SMTP_URL, so mail and SMS go to http://${shownHost}:${port}/dev/mail\n`
        : '') +
      (demo
        ? `  Chains: local devchain at ${chain.rpc.erc20} (test USDT on all three networks)\n\n`
        : '\n'),
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
