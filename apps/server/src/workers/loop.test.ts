// Exactly one process runs a loop: two contenders, one leads, the other takes over when
// the leader stops; a failing tick backs off and recovers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { startExclusiveLoop } from './loop.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(2);
});
afterAll(() => database.drop());

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('exclusive loops', () => {
  it('run in one process at a time and fail over', async () => {
    const ticks = { a: 0, b: 0 };
    const loop = (who: 'a' | 'b') => ({
      name: 'test-failover',
      intervalMs: 10,
      tick: async () => void (ticks[who] += 1),
    });
    const a = startExclusiveLoop(database.url, loop('a'), quiet, 50);
    await until(() => ticks.a > 3);
    const b = startExclusiveLoop(database.url, loop('b'), quiet, 50);
    await new Promise((r) => setTimeout(r, 300));
    expect(ticks.b).toBe(0);
    expect(a.leading && !b.leading).toBe(true);
    await a.stop();
    await until(() => ticks.b > 3);
    expect(b.leading).toBe(true);
    await b.stop();
  });

  it('backs off after a failing tick and recovers', async () => {
    let calls = 0;
    const running = startExclusiveLoop(
      database.url,
      {
        name: 'test-backoff',
        intervalMs: 5,
        tick: async () => {
          calls += 1;
          if (calls <= 2) throw new Error('rpc down');
        },
      },
      quiet,
    );
    await until(() => calls > 5);
    await running.stop();
  });
});
