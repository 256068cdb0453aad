// The living demo (issue 11): a handful of labelled demo investors whose robots started
// days ago on the simulator. Their history is made by the real robot service and engine
// replaying the simulator's past prices under a manual clock, so what they show is what
// the strategy earned or lost. Once per database; docs/decisions/111d-demo-investors.md.
import { MINUTE_MS, type Direction, type MarketId } from '@olive/market';
import { parseAmount } from '@olive/protocol';
import type { Clock } from '../../ports/clock.ts';
import { ManualClock } from '../../ports/clock.ts';
import type { LoopLogger } from '../../workers/loop.ts';
import { platformAccount, userAccount, type LedgerService } from '../ledger/ledger.service.ts';
import type { RobotService } from '../robots/robot.service.ts';
import type { SettingsRepository } from '../../db/settings.repository.ts';
import type { DemoAccounts } from '../users/demo-accounts.ts';

/** The settings key recording the seed: its anchor time and whether it finished. */
export const DEMO_SEED_KEY = 'demo_investors';

/** How far apart the replay samples the simulator (the live engine: every second). */
export const DEMO_STEP_MS = MINUTE_MS;

const DAY_MS = 86_400_000;

/** The settings key recording the demo rentals' seed (apart: added after the robots'). */
export const DEMO_MINING_KEY = 'demo_miners';

export interface DemoRentalPlan {
  /** 1-based, as DEMO_PLAN's investors. */
  investor: number;
  /** A seeded model's name. */
  model: string;
  days: number;
  /** Rented this long before the seed's anchor. */
  daysAgo: number;
}

/**
 * The demo investors' machine rentals (issue 35): fixed before anything ran, one each, the
 * seeded models in turn, rented 3 to 7 days ago. Paid by the real daily job from the stored
 * network days, so the mining leaderboard shows what those machines earned.
 */
export const DEMO_MINING_PLAN: readonly DemoRentalPlan[] = [
  { investor: 1, model: 'Antminer S21', days: 30, daysAgo: 7 },
  { investor: 2, model: 'Whatsminer M60S', days: 30, daysAgo: 6 },
  { investor: 3, model: 'Antminer S21 Pro', days: 30, daysAgo: 5 },
  { investor: 4, model: 'Antminer S19k Pro', days: 7, daysAgo: 3 },
  { investor: 5, model: 'Antminer S21', days: 30, daysAgo: 4 },
];

/** What the demo needs of mining: renting at a past moment and the daily job. */
export interface DemoMining {
  /** Where network days come from: only a simulated network is replayed into the past. */
  source: string;
  /** A listed model's id and rent for `days`; null when not listed. */
  rentOf(model: string, days: number): Promise<{ modelId: string; rent: bigint } | null>;
  /** Rents as `userId` at `at` (the seed's own demo investors: no fund password). */
  rentAt(at: Date, userId: string, modelId: string, days: number): Promise<string>;
  /** The daily job at the real time: pays every day since the rentals started. */
  payDue(): Promise<unknown>;
}

export interface DemoRobotPlan {
  market: MarketId;
  direction: Direction;
  /** USDT, as the create screen takes it. */
  principal: string;
  /** Started this long before the seed's anchor. */
  daysAgo: number;
}

/**
 * Who the demo investors are and what they run. Fixed before anything ran: markets and
 * directions cover every market and direction in turn, start times spread over 2 to 7
 * days. Nothing here was chosen by how the robots did, and nothing may be.
 */
export const DEMO_PLAN: readonly (readonly DemoRobotPlan[])[] = [
  [
    { market: 'BTC/USDT', direction: 'long', principal: '2000', daysAgo: 7 },
    { market: 'ETH/USDT', direction: 'neutral', principal: '1000', daysAgo: 4 },
  ],
  [{ market: 'SOL/USDT', direction: 'short', principal: '1500', daysAgo: 6 }],
  [
    { market: 'BNB/USDT', direction: 'neutral', principal: '1000', daysAgo: 5 },
    { market: 'BTC/USDT', direction: 'short', principal: '1000', daysAgo: 2 },
  ],
  [{ market: 'TRX/USDT', direction: 'long', principal: '800', daysAgo: 3 }],
  [{ market: 'ETH/USDT', direction: 'long', principal: '3000', daysAgo: 6 }],
];

interface SeedRecord {
  /** The "now" of the first run; every start time is counted back from it. */
  anchor: string;
  done: boolean;
  robots?: number;
  seconds?: number;
  /** Written by releases before issue 34 when they found a stopped seed and gave up. */
  interrupted?: boolean;
  /** A stopped seed was finished by a later start: how many robots that start made. */
  resumed?: number;
}

/** A robot an investor already has: what the seed matches a planned robot by. */
export interface MadeRobot {
  id: string;
  market: string;
  direction: string;
  status: string;
  /** The minute of its newest stored tick; null when it never ticked. */
  lastTickAt: Date | null;
}

/** The robot module's calls at a past moment, and its engine limited to some robots. */
export interface PastRobots {
  robots: Pick<RobotService, 'create' | 'act'>;
  engine(only: ReadonlySet<string>): Promise<{ tick(): Promise<unknown> }>;
  /** The robots `userId` has, in any state. */
  made(userId: string): Promise<MadeRobot[]>;
}

export interface DemoSeedReport {
  status: 'disabled' | 'done_before' | 'resumed' | 'seeded';
  investors: number;
  robots: number;
  ms: number;
}

const untranslated = (key: string) => key;
const quiet: LoopLogger = { info: () => {}, warn: () => {}, error: () => {} };

export function demoService(deps: {
  enabled: boolean;
  clock: Clock;
  ledger: LedgerService;
  settings: SettingsRepository;
  accounts: DemoAccounts;
  /** The robot module at a past moment: its service and engine on a clock the seed moves. */
  robotsAt(clock: ManualClock, log: LoopLogger): PastRobots;
  /** Runs `work` while holding the database lock of the demo seed (one process seeds). */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  stepMs?: number;
  plan?: typeof DEMO_PLAN;
  /** Mining, for the demo rentals (absent: none are seeded). */
  mining?: DemoMining;
  miningPlan?: readonly DemoRentalPlan[];
}) {
  const { ledger, settings, accounts } = deps;
  const plan = deps.plan ?? DEMO_PLAN;
  const stepMs = deps.stepMs ?? DEMO_STEP_MS;

  /** Every planned robot with its investor and start time, oldest start first. */
  function schedule(anchor: number) {
    return plan
      .flatMap((robots, i) =>
        robots.map((robot, k) => {
          const at = Math.round(anchor - robot.daysAgo * DAY_MS);
          return { investor: i + 1, k, robot, at: at - (at % MINUTE_MS) };
        }),
      )
      .sort((a, b) => a.at - b.at || a.investor - b.investor || a.k - b.k);
  }

  async function run(signal?: AbortSignal, log: LoopLogger = quiet): Promise<DemoSeedReport> {
    const began = Date.now();
    const report = (status: DemoSeedReport['status'], robots = 0): DemoSeedReport => ({
      status,
      investors: status === 'seeded' || status === 'resumed' ? plan.length : 0,
      robots,
      ms: Date.now() - began,
    });
    const existing = await settings.get<SeedRecord>(DEMO_SEED_KEY);
    if (existing?.done && !existing.interrupted) return report('done_before');
    // A first run stopped half-way (Ctrl-C, a crash, a slow machine) left `done: false`
    // (older releases marked it `interrupted` and gave up). It is finished now, once: the
    // robots it had not made are made at their planned moments and replayed up to now, so
    // they have the history they would have had, and the ones it made go on from where
    // they stopped.
    const resuming = existing !== undefined;
    const record: SeedRecord = existing
      ? { anchor: existing.anchor, done: false }
      : { anchor: new Date(deps.clock.now().getTime()).toISOString(), done: false };
    if (!resuming) await settings.put(DEMO_SEED_KEY, record);
    const anchor = Date.parse(record.anchor);
    const until = deps.clock.now().getTime();

    // The investors and their play money: one keyed demo_grant entry each (posting a key
    // again is a no-op, so a resumed seed repeats these safely).
    const ids: string[] = [];
    for (let i = 0; i < plan.length; i++) {
      const userId = await accounts.ensure(i + 1);
      ids.push(userId);
      const amount = plan[i]!.reduce((sum, r) => sum + parseAmount(r.principal), 0n);
      await ledger.post({
        kind: 'demo_grant',
        idempotencyKey: `demo:${userId}:grant`,
        reference: `demo:${userId}`,
        postings: [
          { account: platformAccount('demo_grant'), amount: -amount },
          { account: userAccount(userId, 'available'), amount },
        ],
      });
    }

    // One clock for the whole replay: robots are made and started when it reaches their
    // start, and the engine (limited to them) trades every sample up to now.
    const clock = new ManualClock(new Date(schedule(anchor)[0]!.at));
    const past = deps.robotsAt(clock, log);
    const made = new Map<number, MadeRobot[]>();
    if (resuming) {
      for (const [i, userId] of ids.entries()) made.set(i + 1, await past.made(userId));
    }
    // A planned robot already made is matched by market and direction (unique per investor
    // in the plan). One made but never started is started at its planned moment; one that
    // ran joins the replay after the last minute it stored, so its history goes on where
    // the stopped start left it, as if nothing had stopped (on a database an older release
    // gave up on, the live engine has run it since: it joins at the end).
    type Event = (ReturnType<typeof schedule>[number] & { robotId?: string }) | Continued;
    interface Continued {
      at: number;
      continues: string;
    }
    const events: Event[] = schedule(anchor).flatMap((event): Event[] => {
      const found = made
        .get(event.investor)
        ?.find((r) => r.market === event.robot.market && r.direction === event.robot.direction);
      if (!found) return [event];
      if (found.status === 'created') return [{ ...event, robotId: found.id }];
      if (found.status !== 'running') return [];
      const last = found.lastTickAt?.getTime() ?? event.at;
      return [{ at: Math.min(last + stepMs, until), continues: found.id }];
    });
    events.sort((a, b) => a.at - b.at);
    const only = new Set<string>();
    let madeNow = 0;
    if (events.length > 0) {
      const first = events[0]!.at;
      clock.advance(first - clock.now().getTime());
      const engine = await past.engine(only);
      let next = 0;
      for (let t = first; t <= until; t += stepMs) {
        if (signal?.aborted) throw new Error('demo seed stopped');
        clock.advance(t - clock.now().getTime());
        while (next < events.length && events[next]!.at <= t) {
          if (signal?.aborted) throw new Error('demo seed stopped');
          const event = events[next]!;
          next += 1;
          if ('continues' in event) {
            only.add(event.continues);
            continue;
          }
          const { investor, robot, robotId } = event;
          const userId = ids[investor - 1]!;
          const id =
            robotId ??
            (
              await past.robots.create(userId, {
                market: robot.market,
                principal: robot.principal,
                direction: robot.direction,
              })
            ).robot_id;
          await past.robots.act(userId, id, 'start', untranslated);
          only.add(id);
          madeNow += 1;
          log.info(
            { investor, market: robot.market, direction: robot.direction },
            'demo robot started',
          );
        }
        await engine.tick();
      }
    }
    // From here the live engine runs them, second by second, like every robot.
    const seconds = Math.round((Date.now() - began) / 1000);
    const total = plan.reduce((n, robots) => n + robots.length, 0);
    await settings.put(DEMO_SEED_KEY, {
      ...record,
      done: true,
      robots: total,
      seconds,
      ...(resuming ? { resumed: madeNow } : {}),
    } satisfies SeedRecord);
    log.info(
      { robots: madeNow, ms: Date.now() - began },
      resuming ? 'a stopped demo seed was finished' : 'demo investors seeded',
    );
    return report(resuming ? 'resumed' : 'seeded', madeNow);
  }

  /**
   * The demo investors' rentals, once per database: each rented at its past moment with a
   * keyed demo grant of its rent, then the real daily job pays the days since from the
   * simulated network. A term never covers a day already paid (decision 127), so on a
   * database whose job ran before this seed the rentals start after the newest paid day.
   */
  async function seedRentals(log: LoopLogger): Promise<number> {
    const mining = deps.mining;
    if (!mining || mining.source !== 'simulated') return 0;
    if (await settings.get(DEMO_MINING_KEY)) return 0;
    const anchor = deps.clock.now().getTime();
    await settings.put(DEMO_MINING_KEY, { anchor: new Date(anchor).toISOString(), done: false });
    let rentals = 0;
    for (const rental of deps.miningPlan ?? DEMO_MINING_PLAN) {
      const listed = await mining.rentOf(rental.model, rental.days);
      if (!listed) continue;
      const userId = await accounts.ensure(rental.investor);
      const key = `demo:${userId}:mining:${rental.model}`;
      await ledger.post({
        kind: 'demo_grant',
        idempotencyKey: `${key}:grant`,
        reference: `demo:${userId}`,
        postings: [
          { account: platformAccount('demo_grant'), amount: -listed.rent },
          { account: userAccount(userId, 'available'), amount: listed.rent },
        ],
      });
      await mining.rentAt(
        new Date(anchor - rental.daysAgo * DAY_MS),
        userId,
        listed.modelId,
        rental.days,
      );
      rentals += 1;
    }
    await mining.payDue();
    await settings.put(DEMO_MINING_KEY, {
      anchor: new Date(anchor).toISOString(),
      done: true,
      rentals,
    });
    log.info({ rentals }, 'demo rentals seeded');
    return rentals;
  }

  return {
    /**
     * Seeds the demo investors once per database (DEMO_INVESTORS, simulator only), then
     * their rentals once. A second call, or a second process, finds the records and does
     * nothing.
     */
    async seed(options: { signal?: AbortSignal; log?: LoopLogger } = {}): Promise<DemoSeedReport> {
      if (!deps.enabled) return { status: 'disabled', investors: 0, robots: 0, ms: 0 };
      const record = await settings.get<SeedRecord>(DEMO_SEED_KEY);
      const rentalsDone = !deps.mining || (await settings.get(DEMO_MINING_KEY)) !== undefined;
      if (record?.done && !record.interrupted && rentalsDone) {
        return { status: 'done_before', investors: 0, robots: 0, ms: 0 };
      }
      return deps.exclusively(async () => {
        const report = await run(options.signal, options.log);
        await seedRentals(options.log ?? quiet);
        return report;
      });
    },
  };
}

export type DemoService = ReturnType<typeof demoService>;
