// Windowed counters for abuse limits (failed logins, code sends). With REDIS_URL they
// live in Redis and every API process sees the same counts; otherwise in memory.
import type { Redis } from 'ioredis';
import type { Clock } from '../../ports/clock.ts';

export interface CounterStore {
  /** Adds one to `key` and returns the count within the window that started at its first hit. */
  hit(key: string, windowMs: number): Promise<number>;
  get(key: string): Promise<number>;
  /** Takes back one hit (a claimed try that turned out not to be a failure). */
  undo(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export function redisCounters(redis: Redis, prefix = 'olive:c:'): CounterStore {
  return {
    async hit(key, windowMs) {
      const k = prefix + key;
      const [[, count]] = (await redis.multi().incr(k).pexpire(k, windowMs, 'NX').exec()) as [
        [unknown, number],
      ];
      return count;
    },
    async get(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async undo(key) {
      // Only while the key lives, so an expired window is not brought back at -1.
      await redis.eval(
        "if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0",
        1,
        prefix + key,
      );
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

export function memoryCounters(clock: Clock): CounterStore {
  const counts = new Map<string, { count: number; until: number }>();
  const live = (key: string) => {
    const entry = counts.get(key);
    if (entry && entry.until <= clock.now().getTime()) {
      counts.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async hit(key, windowMs) {
      const entry = live(key) ?? { count: 0, until: clock.now().getTime() + windowMs };
      entry.count += 1;
      counts.set(key, entry);
      return entry.count;
    },
    async get(key) {
      return live(key)?.count ?? 0;
    },
    async undo(key) {
      const entry = live(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async reset(key) {
      counts.delete(key);
    },
  };
}
