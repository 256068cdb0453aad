// A demo seed stopped half-way (issue 34: Ctrl-C in a first `npm start`, a crash, a slow
// machine) is finished by the next start, once: the robots it had not made are made at
// their planned moments with the history they would have had, the ones it made go on from
// where it stopped, none is made twice, and the play money is granted once. Older releases marked such a seed `interrupted` and
// gave up; a database left that way is finished too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE_MS } from '@olive/market';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { ManualClock } from '../../ports/clock.ts';
import type { LoopLogger } from '../../workers/loop.ts';
import { auditRepository } from '../ledger/audit.repository.ts';
import { auditService } from '../ledger/audit.service.ts';
import { DEMO_PLAN, DEMO_SEED_KEY } from './demo.service.ts';

const NOW = Date.parse('2026-03-01T12:00:30Z');
const DAY_MS = 86_400_000;
const clock = new ManualClock(new Date(NOW));
const planned = DEMO_PLAN.flatMap((robots, i) => robots.map((r) => ({ ...r, investor: i + 1 })));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { DEMO_INVESTORS: 'true' } });
}, 60_000);
afterAll(() => t.close());

/** A start that is stopped (its signal aborted) once it has started `robots` robots. */
async function stoppedAfter(robots: number) {
  const stop = new AbortController();
  let started = 0;
  const log: LoopLogger = {
    info: (_fields, message) => {
      if (message === 'demo robot started' && ++started === robots) stop.abort();
    },
    warn: () => {},
    error: () => {},
  };
  await expect(t.app.services.demo.seed({ signal: stop.signal, log })).rejects.toThrow(
    'demo seed stopped',
  );
}

const demoRobots = () =>
  t.db
    .selectFrom('robots')
    .innerJoin('users', 'users.id', 'robots.user_id')
    .select([
      'robots.id',
      'robots.market',
      'robots.direction',
      'robots.status',
      'robots.started_at',
      'users.nickname',
    ])
    .where('users.demo', '=', true)
    .orderBy('robots.id')
    .execute();

describe('a demo seed stopped half-way', () => {
  it('is finished by the next start, once, with every robot made once at its planned moment', async () => {
    await stoppedAfter(2);
    expect(await demoRobots()).toHaveLength(2);
    expect(await t.app.services.settings.get(DEMO_SEED_KEY)).toMatchObject({ done: false });

    // What a release before issue 34 wrote when it found the seed stopped: done, given up.
    const record = await t.app.services.settings.get<object>(DEMO_SEED_KEY);
    await t.app.services.settings.put(DEMO_SEED_KEY, { ...record, done: true, interrupted: true });

    // The next start is stopped as well, two robots further on; the one after finishes.
    clock.advance(10 * MINUTE_MS);
    await stoppedAfter(2);
    expect(await demoRobots()).toHaveLength(4);
    clock.advance(10 * MINUTE_MS);
    const report = await t.app.services.demo.seed();
    expect(report).toMatchObject({ status: 'resumed', investors: 5, robots: planned.length - 4 });

    const robots = await demoRobots();
    expect(robots.map((r) => `${r.nickname} ${r.market} ${r.direction}`).sort()).toEqual(
      planned.map((p) => `Demo investor ${p.investor} ${p.market} ${p.direction}`).sort(),
    );
    for (const robot of robots) {
      expect(robot.status).toBe('running');
      const plan = planned.find(
        (p) =>
          `Demo investor ${p.investor}` === robot.nickname &&
          p.market === robot.market &&
          p.direction === robot.direction,
      )!;
      // Counted back from the first start's moment, floored to the minute.
      const at = NOW - plan.daysAgo * DAY_MS;
      expect(new Date(robot.started_at!).getTime()).toBe(at - (at % MINUTE_MS));
    }
    // Every robot has its history, the resumed ones replayed up to the start that made them.
    const snapshots = await t.db
      .selectFrom('robot_pnl_snapshots')
      .select(['robot_id', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('robot_id')
      .execute();
    expect(snapshots).toHaveLength(planned.length);
    for (const s of snapshots) expect(Number(s.n)).toBeGreaterThan(40);
    // ...with no hole where a start was stopped: a robot made before a stop goes on from
    // the last minute it stored (older minutes are thinned to one an hour).
    const times = await t.db
      .selectFrom('robot_pnl_snapshots')
      .select(['robot_id', 't'])
      .orderBy('robot_id')
      .orderBy('t')
      .execute();
    for (const robot of robots) {
      const own = times.filter((s) => s.robot_id === robot.id).map((s) => s.t.getTime());
      const gaps = own.slice(1).map((at, i) => at - own[i]!);
      expect(Math.max(...gaps)).toBeLessThanOrEqual(60 * MINUTE_MS);
      expect(own.at(-1)).toBeGreaterThanOrEqual(clock.now().getTime() - 2 * MINUTE_MS);
    }

    // The play money went out once per investor, whatever the number of starts.
    const grants = await t.db
      .selectFrom('journal_entries')
      .select('idempotency_key')
      .where('kind', '=', 'demo_grant')
      .where('idempotency_key', 'like', '%:grant')
      .where('idempotency_key', 'not like', '%:mining:%') // the rentals' grants
      .execute();
    expect(grants).toHaveLength(DEMO_PLAN.length);
    expect(await t.app.services.settings.get(DEMO_SEED_KEY)).toMatchObject({
      done: true,
      robots: planned.length,
      resumed: planned.length - 4,
    });
    const audit = await auditService(auditRepository(t.db)).run();
    expect(audit.checks.filter((c) => !c.ok)).toEqual([]);
  }, 240_000);

  it('is not resumed a second time', async () => {
    const before = await demoRobots();
    expect((await t.app.services.demo.seed()).status).toBe('done_before');
    expect(await demoRobots()).toEqual(before);
  }, 60_000);
});
