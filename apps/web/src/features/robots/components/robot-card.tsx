// One robot in "My robots": name, state, principal and current earnings (a loss in red,
// as a loss), yield so far and running time. Tapping opens its detail.
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatUsdt } from '../../../lib/format.ts';
import type { Robot } from '../api/get-robot.ts';
import { formatRate, signedAmount, toneOf } from '../utils/figures.ts';
import { CoinMark } from './coin-mark.tsx';
import { Duration } from './duration.tsx';
import { RobotStatus } from './robot-status.tsx';
import '../robots.css';
import './robot-card.css';

export function RobotCard({ robot, onOpen }: { robot: Robot; onOpen: () => void }) {
  const { t } = useTranslation();
  const earnings = robot.status === 'ended' ? robot.cumulative_earnings : robot.current_earnings;
  return (
    <button
      type="button"
      className="robot-card"
      onClick={onOpen}
      data-testid="robot-card"
      data-robot-id={robot.robot_id}
    >
      <div className="robot-card__head">
        <CoinMark market={robot.market} size={36} />
        <div className="robot-card__title">
          <strong>
            <bdi>{robot.name}</bdi>
          </strong>
          <span>
            <span dir="ltr">{robot.market}</span> · {t(`trade.dir.${robot.direction}`)} ·{' '}
            {t('trade.gridsCount', { n: robot.grids })}
          </span>
        </div>
        <RobotStatus robot={robot} />
      </div>
      <dl className="robot-card__figures">
        <div>
          <dt>{t('trade.principal')}</dt>
          <dd className="amount" dir="ltr">
            {formatUsdt(robot.principal)}
          </dd>
        </div>
        <div>
          <dt>
            {robot.status === 'ended' ? t('trade.cumulativeEarnings') : t('trade.currentEarnings')}
          </dt>
          <dd className={`amount ${toneOf(earnings)}`} dir="ltr" data-testid="robot-card-earnings">
            {signedAmount(formatUsdt(earnings), earnings)}
          </dd>
        </div>
        <div>
          <dt>{t('trade.yieldRate')}</dt>
          <dd className={`amount ${toneOf(robot.cumulative_yield_rate)}`} dir="ltr">
            {formatRate(robot.cumulative_yield_rate, true)}
          </dd>
        </div>
      </dl>
      <div className="robot-card__foot">
        <span>
          {robot.status === 'not_started' ? (
            t('trade.tapToStart')
          ) : (
            <>
              {t('trade.duration')} <Duration seconds={robot.duration_seconds} />
            </>
          )}
        </span>
        <RightOutline className="chevron" />
      </div>
    </button>
  );
}
