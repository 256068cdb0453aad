// The robot engine as a worker loop: exactly one worker process runs it (advisory lock),
// once a second; a standby takes over, reloading every robot from the database.
import type { Clock } from '../../ports/clock.ts';
import type { ExclusiveLoop, LoopLogger } from '../../workers/loop.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MarketDataService } from '../market/market-data.service.ts';
import type { SettingsRepository } from '../support/settings.repository.ts';
import { robotEngine } from './robot.engine.ts';
import type { RobotRepository } from './robot.repository.ts';

export function robotLoops(deps: {
  repo: RobotRepository;
  ledger: LedgerService;
  marketData: MarketDataService;
  settings: SettingsRepository;
  clock: Clock;
  log: LoopLogger;
}): ExclusiveLoop[] {
  // A new engine per leadership: memory is rebuilt from the database each time.
  let engine: ReturnType<typeof robotEngine> | null = null;
  return [
    {
      name: 'robot-engine',
      intervalMs: 1000,
      tick: async () => {
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
