// The robot module's one service, composed of its concerns, each in its own file:
//   robot.estimates.ts  preview, range and grid choice, expected daily yield
//   robot.lifecycle.ts  create, start, stop, disable
//   robot.settlement.ts settle (profit less the performance fee)
//   robot.views.ts      info, detail, log, my robots, leaderboard
//   robot.copying.ts    publish, unpublish, copy, the leader's copiers (issue 32)
//   robot.records.ts    track records quaninfo adds (used by the views)
// The arrows point one way: this file -> the concerns -> robot.common.ts / repository.
import { DEFAULT_FEE_RATE } from '@olive/market';
import type { Translate } from '../../i18n/index.ts';
import type { Clock } from '../../ports/clock.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MarketDataService } from '../market/market-data.service.ts';
import type { SettingsRepository } from '../../db/settings.repository.ts';
import type { RobotAction } from './robot.common.ts';
import { robotCopying } from './robot.copying.ts';
import { robotEstimates } from './robot.estimates.ts';
import type { ExitInput } from './robot.exits.ts';
import { robotLifecycle } from './robot.lifecycle.ts';
import type { RobotFiguresCache } from './robot.figures.ts';
import type { RobotRepository } from './robot.repository.ts';
import { robotSettlement } from './robot.settlement.ts';
import { robotViews } from './robot.views.ts';

export { DIRECTIONS, ROBOT_STATUSES, minuteOf, type RobotAction } from './robot.common.ts';
export { DEFAULT_PERFORMANCE_FEE, PERFORMANCE_FEE_KEY, rateUnits } from './robot.settlement.ts';
export { maskNickname } from './robot.views.ts';
export { DISABLED_MARKETS_KEY } from './robot.lifecycle.ts';

export function robotService(deps: {
  repo: RobotRepository;
  ledger: LedgerService;
  marketData: MarketDataService;
  settings: SettingsRepository;
  clock: Clock;
  feeRate?: number;
  /** quaninfo's reads kept in memory while nothing they show changed (issue 33). */
  figures?: RobotFiguresCache;
  /** quancopy asks for the fund password (the wallet's check). */
  checkFundPassword?: (userId: string, fundPassword: string) => Promise<unknown>;
}) {
  const feeRate = deps.feeRate ?? DEFAULT_FEE_RATE;
  const estimates = robotEstimates({ ...deps, feeRate });
  const lifecycle = robotLifecycle({ ...deps, estimates, feeRate });
  const settlement = robotSettlement(deps);
  const views = robotViews(deps);
  const copying = robotCopying({
    ...deps,
    create: lifecycle.create,
    start: lifecycle.start,
  });

  return {
    view: views.view,
    plan: estimates.plan,
    preview: estimates.preview,
    limits: estimates.limits,
    create: lifecycle.create,

    /** start | stop | settle | edit (the exit fields) | publish | unpublish, then the robot. */
    async act(
      userId: string,
      robotId: string,
      action: RobotAction,
      t: Translate,
      options: ExitInput & { profit_share_pct?: string | number } = {},
    ) {
      if (action === 'start') await lifecycle.start(userId, robotId);
      else if (action === 'publish')
        await copying.publish(userId, robotId, options.profit_share_pct);
      else if (action === 'unpublish') await copying.unpublish(userId, robotId);
      else if (action === 'stop') await lifecycle.stop(userId, robotId);
      else if (action === 'edit') await lifecycle.edit(userId, robotId, options);
      else await settlement.settle(userId, robotId);
      return views.info(userId, robotId, t);
    },

    info: views.info,
    infoJson: views.infoJson,
    detail: views.detail,
    log: views.log,
    mine: views.mine,
    rank: views.rank,
    leaderboard: views.leaderboard,
    publicRobot: views.publicRobot,
    copy: copying.copy,
    copiers: copying.copiers,
    demo: views.demo,
    setDisabled: lifecycle.setDisabled,
    performanceFeeRate: settlement.performanceFeeRate,
  };
}

export type RobotService = ReturnType<typeof robotService>;
