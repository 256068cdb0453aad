// The robot engine as a worker loop: exactly one worker process runs it (advisory lock),
// once a second; a standby takes over, reloading every robot from the database.
import type { Clock } from '../../ports/clock.ts';
import type { ExclusiveLoop, LoopLogger } from '../../workers/loop.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MarketDataService } from '../market/market-data.service.ts';
import type { SettingsRepository } from '../../db/settings.repository.ts';
import { robotEngine } from './robot.engine.ts';
import type { RobotRepository } from './robot.repository.ts';

export function robotLoops(deps: {
  repo: RobotRepository;
  ledger: LedgerService;
  marketData: MarketDataService;
  settings: SettingsRepository;
  clock: Clock;
  log: LoopLogger;
  /**
   * Runs once, before the first tick of the first leadership: the demo seed, which
   * replays past prices for its robots and so must finish before they trade live.
   */
  beforeFirstTick?: (signal: AbortSignal) => Promise<void>;
}): ExclusiveLoop[] {
  // A new engine per leadership: memory is rebuilt from the database each time.
  let engine: ReturnType<typeof robotEngine> | null = null;
  let before = deps.beforeFirstTick;
  return [
    {
      name: 'robot-engine',
      intervalMs: 1000,
      tick: async (signal) => {
        if (before) {
          const run = before;
          before = undefined;
          // A failed seed is logged; the robots of real investors run regardless. Stopped
          // by a shutdown, it is not a failure: the next start marks it done.
          await run(signal).catch((error: unknown) =>
            signal.aborted
              ? deps.log.info({ loop: 'robot-engine' }, 'demo seed stopped by the shutdown')
              : deps.log.error({ err: error }, 'demo seed failed'),
          );
        }
        engine ??= robotEngine(deps);
        try {
          await engine.tick();
        } catch (error) {
          engine = null;
          throw error;
        }
      },
    },
  ];
}
