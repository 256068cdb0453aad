// The living demo (issue 11, decision 111d) as one piece for app.ts: the seed service,
// with the robot module and market data of a past moment on a clock the seed moves.
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../ports/clock.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { marketDataAt, type FeedSettings } from '../market/market-data.service.ts';
import type { RobotsAt } from '../robots/past.ts';
import type { SettingsRepository } from '../../db/settings.repository.ts';
import type { DemoAccounts } from '../users/demo-accounts.ts';
import { demoRepository } from './demo.repository.ts';
import { demoService, type DemoMining } from './demo.service.ts';

export function demoModule(deps: {
  db: Db;
  /** DEMO_INVESTORS, and only over the simulator the feed settings name. */
  enabled: boolean;
  feed: FeedSettings;
  clock: Clock;
  ledger: LedgerService;
  settings: SettingsRepository;
  /** The users module's demo investors' accounts. */
  accounts: DemoAccounts;
  /** The robots module at a past moment (its own repository, ledger and settings). */
  robotsAt: RobotsAt;
  /** Mining's demo calls; a function, as mining is built after this module. */
  mining?: () => DemoMining;
}) {
  const { db, feed, ledger, settings } = deps;
  return demoService({
    enabled: deps.enabled && feed.MARKET_FEED === 'simulated',
    clock: deps.clock,
    ledger,
    settings,
    accounts: deps.accounts,
    exclusively: demoRepository(db).exclusively,
    ...(deps.mining ? { mining: lazyMining(deps.mining) } : {}),
    robotsAt: (clock, log) =>
      deps.robotsAt({ clock, marketData: marketDataAt(feed, db, clock), log }),
  });
}

/** Mining's demo calls, looked up when first used (after app.ts has built mining). */
function lazyMining(get: () => DemoMining): DemoMining {
  return {
    get source() {
      return get().source;
    },
    rentOf: (model, days) => get().rentOf(model, days),
    rentAt: (at, userId, modelId, days) => get().rentAt(at, userId, modelId, days),
    payDue: () => get().payDue(),
  };
}
