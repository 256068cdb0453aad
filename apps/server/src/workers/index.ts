// The worker role: graphile-worker for queued and scheduled jobs, plus the exclusive
// loops. Modules hand in their tasks, cron lines and loops; every job is idempotent, so
// a retried or duplicated run changes nothing twice.
import { run, type Runner, type TaskList } from 'graphile-worker';
import pg from 'pg';
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
  // Our own pool, so that a database going away first (Ctrl-C reaches PostgreSQL too)
  // is an event to log, not an unhandled error that kills the process mid-shutdown.
  const pgPool = new pg.Pool({ connectionString, max: 6, application_name: 'olive-worker' });
  pgPool.on('error', (error) => log.warn({ error: error.message }, 'worker pool connection lost'));
  const runner = await run({
    pgPool,
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
      await pgPool.end();
    },
  };
}
