// The worker role: graphile-worker for queued and scheduled jobs, plus the exclusive
// loops. Modules hand in their tasks, cron lines and loops; every job is idempotent, so
// a retried or duplicated run changes nothing twice.
import { run, type Runner, type TaskList } from 'graphile-worker';
import pg from 'pg';
import { keepClientErrors } from '../db/pool-errors.ts';
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
  /**
   * Jobs queued each time a worker starts (their task decides whether there is anything to
   * do); the job key keeps one in the queue however many workers start.
   */
  atStart?: { task: string; jobKey: string }[];
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
  keepClientErrors(pgPool);
  const options = {
    pgPool,
    concurrency: 4,
    noHandleSignals: true,
    pollInterval: 1000,
    taskList: plan.tasks,
    crontab: plan.crontab.join('\n'),
  };
  // graphile-worker stops its runner for good when a cron query fails (as during a database
  // failover: the primary is gone for some seconds). Start it again until we stop.
  let stopping = false;
  let runner: Runner = await run(options);
  const supervise = (current: Runner) => {
    current.promise.catch((error: unknown) => {
      if (stopping) return;
      log.warn(
        { reason: error instanceof Error ? error.message : String(error) },
        'job runner stopped on a database error: starting it again',
      );
      const restart = async (): Promise<void> => {
        if (stopping) return;
        try {
          runner = await run(options);
          supervise(runner);
        } catch {
          await new Promise((r) => setTimeout(r, 1000));
          return restart();
        }
      };
      setTimeout(() => void restart(), 1000);
    });
  };
  supervise(runner);
  for (const job of plan.atStart ?? []) {
    await runner.addJob(job.task, {}, { jobKey: job.jobKey, maxAttempts: 10 });
  }
  const loops = plan.loops.map((loop) => startExclusiveLoop(connectionString, loop, log));
  return {
    get runner() {
      return runner;
    },
    loops,
    async stop() {
      stopping = true;
      await Promise.all(loops.map((l) => l.stop()));
      await runner.stop().catch(() => undefined);
      await pgPool.end();
    },
  };
}
