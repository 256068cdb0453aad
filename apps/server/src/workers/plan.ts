// Which jobs and loops the worker role runs. Modules add theirs here.
import type { Services } from '../app.ts';
import type { Db } from '../db/database.ts';
import type { ChainEnvironment } from '../modules/wallet/chain-environment.ts';
import { walletLoops } from '../modules/wallet/loops.ts';
import { robotLoops } from '../modules/robots/loops.ts';
import { housekeepingTask } from './housekeeping.ts';
import type { WorkerPlan } from './index.ts';
import type { LoopLogger } from './loop.ts';

export function workerPlan(
  db: Db,
  services: Services,
  chain: ChainEnvironment | null,
  log: LoopLogger,
): WorkerPlan {
  return {
    tasks: { housekeeping: housekeepingTask(db) },
    crontab: ['17 * * * * housekeeping'],
    loops: [
      ...(chain
        ? walletLoops(chain, {
            deposits: services.deposits,
            withdrawalRepo: services.withdrawalRepo,
            withdrawals: services.withdrawals,
            ledger: services.ledger,
            log,
          })
        : []),
      ...robotLoops({
        repo: services.robotRepo,
        ledger: services.ledger,
        marketData: services.marketData,
        clock: services.clock,
        log,
      }),
    ],
  };
}
