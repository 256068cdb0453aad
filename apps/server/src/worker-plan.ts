// Which jobs and loops the worker role runs. Modules add theirs here.
import type { Services } from './app.ts';
import type { Db } from './db/database.ts';
import type { ChainEnvironment } from './modules/wallet/chain-environment.ts';
import { walletLoops } from './modules/wallet/loops.ts';
import { robotLoops } from './modules/robots/loops.ts';
import { teamLoops } from './modules/team/loops.ts';
import { housekeepingTask } from './modules/auth/housekeeping.ts';
import { miningTasks } from './modules/mining/module.ts';
import { reservesTasks } from './modules/reserves/module.ts';
import type { WorkerPlan } from './workers/index.ts';
import type { LoopLogger } from './workers/loop.ts';

export function workerPlan(
  db: Db,
  services: Services,
  chain: ChainEnvironment | null,
  log: LoopLogger,
): WorkerPlan {
  const mining = miningTasks(services.mining.mining);
  const reserves = reservesTasks(services.reserves, log);
  return {
    tasks: { housekeeping: housekeepingTask(db), ...mining.tasks, ...reserves.tasks },
    crontab: ['17 * * * * housekeeping', ...mining.crontab, ...reserves.crontab],
    atStart: [...reserves.atStart],
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
        settings: services.settings,
        clock: services.clock,
        log,
        beforeFirstTick: async (signal) => {
          await services.demo.seed({ signal, log });
        },
      }),
      ...teamLoops(services.team.team),
    ],
  };
}
