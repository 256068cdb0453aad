// The robots module's one entry point: the robot service and its routes. The engine that
// ticks the robots runs in the worker, from the same repository (workers/plan.ts).
import type { Db } from '../../db/database.ts';
import type { UserCache } from '../../db/user-cache.ts';
import type { Clock } from '../../ports/clock.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MarketDataService } from '../market/market-data.service.ts';
import type { SettingsRepository } from '../../db/settings.repository.ts';
import { robotsAudit } from './audit.ts';
import { robotsAt, type RobotsAt } from './past.ts';
import { robotOperations } from './operations.service.ts';
import { robotFiguresCache } from './robot.figures.ts';
import { robotRepository } from './robot.repository.ts';
import { robotService } from './robot.service.ts';
import { robotRoutes } from './routes.ts';

export function robotsModule(deps: {
  db: Db;
  /** For the leaderboard and the console's lists, which tolerate a little lag (decision 144). */
  reads?: Db;
  clock: Clock;
  ledger: LedgerService;
  marketData: MarketDataService;
  settings: SettingsRepository;
  /** Per-IP ceiling per minute of the money-moving calls. */
  perMinute: number;
  /** quancopy's fund password check (the wallet's). */
  checkFundPassword?: (userId: string, fundPassword: string) => Promise<unknown>;
  /**
   * The balance cache: robot writes are announced on it, and quaninfo keeps a robot's
   * figures while it does not drop their owner (decision 198).
   */
  balanceCache?: UserCache<unknown>;
}) {
  const robotRepo = robotRepository(deps.db, deps.reads, deps.balanceCache);
  const { ledger, marketData, settings, clock } = deps;
  const robots = robotService({
    repo: robotRepo,
    ledger,
    marketData,
    settings,
    clock,
    figures: robotFiguresCache({ announced: deps.balanceCache }),
    ...(deps.checkFundPassword ? { checkFundPassword: deps.checkFundPassword } : {}),
  });
  const at: RobotsAt = (moment) => robotsAt({ repo: robotRepo, ledger, settings }, moment);
  return {
    robotRepo,
    robots,
    /** The console's markets and robots. */
    operations: robotOperations({ repo: robotRepo, settings, clock }),
    /** The module at a past moment, for the demo seed (decision 111d). */
    at,
    /** Its check for the audit: copies' profit shares match the ledger (decision 150). */
    audit: robotsAudit(deps.db),
    routes: robotRoutes,
    options: { robots, perMinute: deps.perMinute },
  };
}

export type RobotsModule = ReturnType<typeof robotsModule>;
