// The robot module at another moment: its service, and an engine limited to some robots,
// on a clock the caller moves and market data of that moment. Only the demo seed uses it,
// to replay the simulator's past for its own robots (decision 111d); no other robot ever
// sees a past price.
import type { Clock } from '../../ports/clock.ts';
import type { LoopLogger } from '../../workers/loop.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MarketDataService } from '../market/market-data.service.ts';
import type { SettingsRepository } from '../../db/settings.repository.ts';
import { robotEngine } from './robot.engine.ts';
import { makerFeeRateOf } from './robot.fees.ts';
import type { RobotRepository } from './robot.repository.ts';
import { robotService } from './robot.service.ts';

/** A past moment: its clock, its market data and where its engine logs. */
export type PastMoment = { clock: Clock; marketData: MarketDataService; log: LoopLogger };

export function robotsAt(
  deps: {
    repo: RobotRepository;
    ledger: LedgerService;
    settings: SettingsRepository;
  },
  at: PastMoment,
) {
  const { clock, marketData, log } = at;
  return {
    robots: robotService({ ...deps, marketData, clock }),
    engine: async (only: ReadonlySet<string>) =>
      robotEngine({
        ...deps,
        marketData,
        clock,
        log,
        only,
        // The operator's maker fee, read once: a replay is seconds of work, not days.
        makerFeeRate: await makerFeeRateOf(deps.settings),
        storeCandles: false,
      }),
    made: async (userId: string) => {
      const { rows } = await deps.repo.listByUser(userId, 1, 100);
      const last = await deps.repo.lastSnapshotAt(rows.map((r) => r.id));
      return rows.map((r) => ({
        id: r.id,
        market: r.market,
        direction: r.direction,
        status: r.status,
        lastTickAt: last.get(r.id) ?? null,
      }));
    },
  };
}

/** The robots module at a past moment, as its module builds it (robotsModule's `at`). */
export type RobotsAt = (at: PastMoment) => ReturnType<typeof robotsAt>;
