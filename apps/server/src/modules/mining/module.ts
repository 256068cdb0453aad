// Builds the mining module from the shared services: the network feed (simulator or
// mempool.space, with BTC/USDT from the market feed), the service, and its routes.
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { ManualClock, type Clock } from '../../ports/clock.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MarketDataService } from '../market/market-data.service.ts';
import {
  MempoolMiningFeed,
  SimulatedMiningFeed,
  dayNumber,
  type BtcPriceOf,
  type MiningDataFeed,
} from './feed.ts';
import { miningAudit } from './audit.ts';
import { miningPayoutRepository } from './mining.payout.repository.ts';
import { miningRepository } from './mining.repository.ts';
import { miningService, type FundPasswordCheck } from './mining.service.ts';
import { miningOperations } from './operations.service.ts';
import { miningRoutes } from './routes.ts';

/** A day's BTC/USDT: the close of the day's last minute where the feed has it, else now. */
export function btcPriceFrom(marketData: MarketDataService, clock: Clock): BtcPriceOf {
  return async (day) => {
    const end = (dayNumber(day) + 1) * 86_400_000;
    if (end < clock.now().getTime()) {
      const candles = await marketData.feed.candles('BTC/USDT', end - 60_000, end);
      const last = candles.at(-1);
      if (last) return last.close;
    }
    return (await marketData.tick('BTC/USDT')).price;
  };
}

export function miningModule(deps: {
  config: Pick<Config, 'MINING_FEED' | 'MINING_FEED_URL' | 'MARKET_SEED' | 'MARKET_EPOCH'>;
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  marketData: MarketDataService;
  checkFundPassword: FundPasswordCheck;
  feed?: MiningDataFeed;
  /** The per-IP limit of its money calls, a minute. */
  perMinute: number;
}) {
  const btcPrice = btcPriceFrom(deps.marketData, deps.clock);
  const feed =
    deps.feed ??
    (deps.config.MINING_FEED === 'mempool'
      ? new MempoolMiningFeed({ baseUrl: deps.config.MINING_FEED_URL, btcPrice })
      : new SimulatedMiningFeed(
          { seed: deps.config.MARKET_SEED, epoch: deps.config.MARKET_EPOCH.slice(0, 10) },
          btcPrice,
        ));
  const repo = miningRepository(deps.db);
  const payouts = miningPayoutRepository(deps.db);
  const mining = miningService({
    repo,
    payouts,
    ledger: deps.ledger,
    feed,
    clock: deps.clock,
    checkFundPassword: deps.checkFundPassword,
  });
  return {
    mining,
    /**
     * For the demo seed only (issue 35): renting for its own demo investors at a past moment
     * (no fund password: the seed acts for accounts it made), and the daily job.
     */
    demo: {
      source: feed.source,
      async rentOf(name: string, days: number) {
        const model = (await repo.models({ enabledOnly: true })).find((m) => m.name === name);
        if (!model || days < model.min_days) return null;
        return { modelId: model.id, rent: BigInt(model.price_per_day) * BigInt(days) };
      },
      async rentAt(at: Date, userId: string, modelId: string, days: number) {
        const past = miningService({
          repo,
          payouts,
          ledger: deps.ledger,
          feed,
          clock: new ManualClock(at),
          checkFundPassword: async () => undefined,
        });
        return (await past.create(userId, { model_id: modelId, days, fund_password: '-' }))
          .rental_id;
      },
      payDue: () => mining.payDue(),
    },
    /** The console's machine models, rentals and day rates. */
    operations: miningOperations({ repo }),
    /** Its checks for the audit: terms paid for, payouts of paid terms only. */
    audit: miningAudit(repo),
    routes: miningRoutes,
    options: { mining, perMinute: deps.perMinute },
  };
}

/** The worker's job: pays due days (catch-up in order) and renews or expires rentals. */
export function miningTasks(mining: ReturnType<typeof miningModule>['mining']) {
  return {
    tasks: {
      mining_payout: async () => {
        await mining.payDue();
      },
    },
    // Shortly after midnight UTC, and hourly after that so a missed run catches up.
    crontab: ['5 * * * * mining_payout'],
  };
}
