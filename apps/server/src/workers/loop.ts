// A long-running loop (chain watcher, robot engine, price feed) that runs in exactly one
// worker process across the whole deployment: it holds a PostgreSQL advisory lock on a
// dedicated connection, and a standby process takes over when that connection dies.
import pg from 'pg';

export interface LoopLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface ExclusiveLoop {
  name: string;
  /** Pause between two ticks while things go well. */
  intervalMs: number;
  /** One unit of work; throwing backs off (doubling, up to maxBackoffMs) and retries. */
  tick(signal: AbortSignal): Promise<void>;
  maxBackoffMs?: number;
}

export interface RunningLoop {
  /** True while this process holds the loop's lock. */
  readonly leading: boolean;
  stop(): Promise<void>;
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });

export function startExclusiveLoop(
  connectionString: string,
  loop: ExclusiveLoop,
  log: LoopLogger,
  standbyRetryMs = 2000,
): RunningLoop {
  const controller = new AbortController();
  const { signal } = controller;
  let leading = false;
  let client: pg.Client | null = null;

  const done = (async () => {
    while (!signal.aborted) {
      try {
        client = new pg.Client({ connectionString, application_name: `olive-loop:${loop.name}` });
        client.on('error', () => undefined);
        await client.connect();
        const { rows } = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock(hashtext($1)) as locked',
          [`olive-loop:${loop.name}`],
        );
        if (!rows[0]?.locked) {
          await client.end().catch(() => undefined);
          client = null;
          await sleep(standbyRetryMs, signal);
          continue;
        }
        leading = true;
        log.info({ loop: loop.name }, 'loop leading');
        let backoff = loop.intervalMs;
        while (!signal.aborted) {
          try {
            await loop.tick(signal);
            backoff = loop.intervalMs;
            await sleep(loop.intervalMs, signal);
          } catch (error) {
            backoff = Math.min(Math.max(backoff * 2, 500), loop.maxBackoffMs ?? 30_000);
            log.warn({ loop: loop.name, err: error, retryInMs: backoff }, 'loop tick failed');
            await sleep(backoff, signal);
          }
          // A lost lock connection means another process may lead now: start over.
          await client.query('select 1');
        }
      } catch (error) {
        if (!signal.aborted) log.error({ loop: loop.name, err: error }, 'loop connection lost');
        await sleep(standbyRetryMs, signal);
      } finally {
        leading = false;
        await client?.end().catch(() => undefined);
        client = null;
      }
    }
  })();

  return {
    get leading() {
      return leading;
    },
    async stop() {
      controller.abort();
      await done;
    },
  };
}
