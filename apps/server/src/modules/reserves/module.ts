// The reserves module's one entry point: builds its service from the shared pieces it
// needs (database, configuration, the wallet module's chain environment) and hands back
// its routes. The daily snapshot runs in the worker (see `reservesTasks`).
import { resolve } from 'node:path';
import type { Hex } from 'viem';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { ChainEnvironment } from '../wallet/chain-environment.ts';
import { anchorAddress, reservesChain } from './chain.ts';
import { reservesRepository } from './reserves.repository.ts';
import { reservesRoutes } from './routes.ts';
import { reservesService, type ReservesDeps } from './reserves.service.ts';

export const reservesDir = (config: Config) =>
  config.RESERVES_DIR || resolve(config.PG_DATA_DIR, '..', 'reserves');

export function reservesModule(shared: {
  db: Db;
  /** For the console's snapshot history, which tolerates a little lag (decision 144). */
  reads?: Db;
  config: Config;
  chain: ChainEnvironment | null;
  log?: ReservesDeps['log'];
}) {
  const anchorKey = (shared.config.RESERVES_ANCHOR_KEY || null) as Hex | null;
  // Demo only: the investor app of a build without VITE_RESERVES_* reads the devchain
  // (whose port varies in tests) with these. A production build bakes in its own.
  const demoChain =
    shared.chain?.mode === 'devchain'
      ? {
          rpc: Object.fromEntries(
            (['erc20', 'bep20'] as const)
              .filter((n) => shared.chain!.rpc[n])
              .map((n) => [n, shared.chain!.rpc[n]!]),
          ),
          anchor_address: anchorAddress(shared.chain, anchorKey),
        }
      : null;
  // The pages may fetch from these nodes: the app reads anchors from them itself.
  const rpcOrigins = [
    shared.config.VITE_RESERVES_RPC_ERC20,
    shared.config.VITE_RESERVES_RPC_BEP20,
    ...Object.values(demoChain?.rpc ?? {}),
  ]
    .filter(Boolean)
    .map((url) => new URL(url).origin);
  const reserves = reservesService({
    repo: reservesRepository(shared.db, shared.reads),
    dir: reservesDir(shared.config),
    chain: shared.chain ? reservesChain(shared.chain, anchorKey) : null,
    ...(shared.log ? { log: shared.log } : {}),
  });
  return {
    reserves,
    rpcOrigins: [...new Set(rpcOrigins)],
    routes: reservesRoutes,
    options: { reserves, demoChain },
  };
}

export type ReservesModule = ReturnType<typeof reservesModule>;

/**
 * The worker's daily snapshot (00:05 UTC; graphile-worker runs each cron slot once), and the
 * first one of a new installation, queued when a worker starts: without it the app shows
 * "No snapshot has been published yet" until the next 00:05. The queue retries it if the
 * chain is not up yet; the service's lock makes workers starting together take one.
 */
export function reservesTasks(module: ReservesModule, log: { info(o: object, m: string): void }) {
  return {
    tasks: {
      reserves_snapshot: async () => {
        const result = await module.reserves.takeSnapshot();
        log.info({ ...result }, 'proof of reserves: snapshot taken');
      },
      reserves_first_snapshot: async () => {
        const result = await module.reserves.takeFirstSnapshot();
        if (result) log.info({ ...result }, 'proof of reserves: first snapshot taken');
      },
    },
    crontab: ['5 0 * * * reserves_snapshot'],
    atStart: [{ task: 'reserves_first_snapshot', jobKey: 'reserves_first_snapshot' }],
  };
}
