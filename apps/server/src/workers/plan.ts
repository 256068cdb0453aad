// Which jobs and loops the worker role runs. Modules add theirs here.
import type { Db } from '../db/database.ts';
import { housekeepingTask } from './housekeeping.ts';
import type { WorkerPlan } from './index.ts';

export function workerPlan(db: Db): WorkerPlan {
  return {
    tasks: { housekeeping: housekeepingTask(db) },
    crontab: ['17 * * * * housekeeping'],
    loops: [],
  };
}
