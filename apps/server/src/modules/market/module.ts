// The market module's one entry point: prices and candles from the configured feed (the
// seeded simulator, or an exchange through ccxt), stored as they arrive, with their routes.
import type { PriceFeed } from '@olive/market';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../ports/clock.ts';
import { createFeed, marketDataService, type FeedSettings } from './market-data.service.ts';
import { marketRepository } from './market.repository.ts';
import { marketRoutes } from './routes.ts';

export function marketModule(deps: {
  config: FeedSettings;
  db: Db;
  clock: Clock;
  /** A feed given by the caller (tests); otherwise MARKET_FEED decides. */
  feed?: PriceFeed;
}) {
  const { config, db, clock } = deps;
  const marketData = marketDataService({
    ...(deps.feed ? { feed: deps.feed } : createFeed(config, clock)),
    repo: marketRepository(db),
    clock,
  });
  return { marketData, routes: marketRoutes, options: { marketData } };
}

export type MarketModule = ReturnType<typeof marketModule>;
