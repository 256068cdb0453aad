// The worker role: graphile-worker for queued and scheduled jobs, plus the exclusive
// loops. Modules hand in their tasks, cron lines and loops; every job is idempotent, so
// a retried or duplicated run changes nothing twice.
import { run, type Runner, type TaskList } from 'graphile-worker';
import {
  startExclusiveLoop,
  type ExclusiveLoop,
  type LoopLogger,
  type RunningLoop,
} from './loop.ts';

export interface WorkerPlan {
  tasks: TaskList;
  /** graphile-worker crontab lines, e.g. `*\/15 * * * * sessions_cleanup`. */
  crontab: string[];
  loops: ExclusiveLoop[];
}

export interface Workers {
  runner: Runner;
  loops: RunningLoop[];
  stop(): Promise<void>;
}

export async function startWorkers(
  connectionString: string,
  plan: WorkerPlan,
  log: LoopLogger,
): Promise<Workers> {
  const runner = await run({
    connectionString,
    concurrency: 4,
    noHandleSignals: true,
    pollInterval: 1000,
    taskList: plan.tasks,
    crontab: plan.crontab.join('\n'),
  });
  const loops = plan.loops.map((loop) => startExclusiveLoop(connectionString, loop, log));
  return {
    runner,
    loops,
    async stop() {
      await Promise.all(loops.map((l) => l.stop()));
      await runner.stop();
    },
  };
}
