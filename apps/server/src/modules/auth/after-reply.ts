// Work that runs after a call has answered: the part of a code request that depends on
// whether an account exists (look it up, then mail a code, a notice or nothing), so the
// answer's time tells nothing about the account (issue 30, decision 137). In process and
// best effort: a failure is logged (the caller may ask again after the 60-second wait),
// and closing the app waits for what is under way.
import { randomInt } from 'node:crypto';

/** The longest pause before a task starts (see `run`). */
const MAX_PAUSE_MS = 250;

export interface AfterReply {
  /** Runs `task` once the current call has answered. */
  run(task: () => Promise<void>): void;
  /** Where failures go (the app's logger, once it exists). */
  onError(report: (error: unknown) => void): void;
  /** Starts every paused task now and resolves when nothing is under way (shutdown, tests). */
  drain(): Promise<void>;
}

export function afterReply(): AfterReply {
  const pending = new Map<Promise<void>, () => void>();
  let report: (error: unknown) => void = () => {};
  return {
    run(task) {
      // After the reply, and after a random pause: work that started at once would fall on
      // whichever call comes next, and a client alternating known and unknown accounts
      // would see the unknown ones pay for the known ones' mail.
      let start = () => {};
      const work: Promise<void> = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, randomInt(0, MAX_PAUSE_MS));
        start = () => {
          clearTimeout(timer);
          resolve();
        };
      })
        .then(task)
        .catch((error: unknown) => report(error))
        .finally(() => pending.delete(work));
      pending.set(work, start);
    },
    onError(fn) {
      report = fn;
    },
    async drain() {
      while (pending.size > 0) {
        for (const start of pending.values()) start();
        await Promise.all([...pending.keys()]);
      }
    },
  };
}
