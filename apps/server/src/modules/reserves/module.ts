// The reserves module's one entry point: builds its service from the shared pieces it
// needs (database, configuration, the wallet module's chain environment) and hands back
// its routes. The daily snapshot runs in the worker (see `reservesTasks`).
import { resolve } from 'node:path';
import type { Hex } from 'viem';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { ChainEnvironment } from '../wallet/chain-environment.ts';
import { reservesChain } from './chain.ts';
import { reservesRepository } from './repository.ts';
import { reservesRoutes } from './routes.ts';
import { reservesService, type ReservesDeps } from './service.ts';

export const reservesDir = (config: Config) =>
  config.RESERVES_DIR || resolve(config.PG_DATA_DIR, '..', 'reserves');

export function reservesModule(shared: {
  db: Db;
  config: Config;
  chain: ChainEnvironment | null;
  log?: ReservesDeps['log'];
}) {
  const reserves = reservesService({
    repo: reservesRepository(shared.db),
    dir: reservesDir(shared.config),
    chain: shared.chain
      ? reservesChain(shared.chain, (shared.config.RESERVES_ANCHOR_KEY || null) as Hex | null)
      : null,
    ...(shared.log ? { log: shared.log } : {}),
  });
  return { reserves, routes: reservesRoutes, options: { reserves } };
}

export type ReservesModule = ReturnType<typeof reservesModule>;

/** The worker's daily snapshot (00:05 UTC); graphile-worker runs each cron slot once. */
export function reservesTasks(module: ReservesModule, log: { info(o: object, m: string): void }) {
  return {
    tasks: {
      reserves_snapshot: async () => {
        const result = await module.reserves.takeSnapshot();
        log.info({ ...result }, 'proof of reserves: snapshot taken');
      },
    },
    crontab: ['5 0 * * * reserves_snapshot'],
  };
}
