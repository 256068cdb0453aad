// The figures of one robot, each from the ledger or its own fills: current earnings in
// the headline (a loss in red), then principal, cumulative earnings and yield rate,
// trades, duration, the grid it runs and the estimated daily yield.
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { formatUsdt } from '../../../lib/format.ts';
import type { Robot } from '../api/get-robot.ts';
import { formatRate, signOf, signedAmount, toneOf } from '../utils/figures.ts';
import { CoinMark } from './coin-mark.tsx';
import { Duration } from './duration.tsx';
import { EstimateNote } from './estimate-note.tsx';
import { RobotStatus } from './robot-status.tsx';
import '../robots.css';
import './robot-figures.css';

function Figure({
  label,
  children,
  testId,
  tone = '',
}: {
  label: ReactNode;
  children: ReactNode;
  testId?: string;
  tone?: string;
}) {
  return (
    <div className="robot-figures__item">
      <dt>{label}</dt>
      <dd className={`amount ${tone}`} dir="ltr" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * Money as a figure shows it: to the unit (8 decimals) on an investor's own robot, to the
 * cent on a demo investor's (issue 34: its earnings are read at a glance, not reconciled).
 */
const moneyOf = (demo: boolean) => (value: string) => formatUsdt(value, 2, demo ? 2 : 8);

export function RobotHeadline({
  robot,
  returned,
  demo = false,
}: {
  robot: Robot;
  returned?: string;
  demo?: boolean;
}) {
  const { t } = useTranslation();
  const money = moneyOf(demo);
  const ended = robot.status === 'ended';
  const headline = ended ? robot.cumulative_earnings : robot.current_earnings;
  return (
    <section className="robot-hero" data-testid="robot-hero" data-status={robot.status}>
      <div className="robot-hero__top">
        <CoinMark market={robot.market} size={40} />
        <div className="robot-hero__name">
          <strong data-testid="robot-name">
            <bdi>{robot.name}</bdi>
          </strong>
          <span>
            <span dir="ltr">{robot.market}</span> · {t(`trade.dir.${robot.direction}`)}
          </span>
        </div>
        <RobotStatus robot={robot} />
      </div>
      <div className="robot-hero__label">
        {ended ? t('trade.finalPnl') : t('trade.currentEarnings')}{' '}
        <span className="asset-card__unit">USDT</span>
      </div>
      <div
        className={`robot-hero__value amount ${toneOf(headline)}`}
        dir="ltr"
        data-testid="robot-earnings"
      >
        {signedAmount(money(headline), headline)}
      </div>
      <div className="robot-hero__sub">
        <span>{t('trade.yieldRate')}</span>{' '}
        <span
          className={`amount ${toneOf(robot.cumulative_yield_rate)}`}
          dir="ltr"
          data-testid="robot-yield-rate"
        >
          {formatRate(robot.cumulative_yield_rate, true)}
        </span>
      </div>
      {ended && returned !== undefined ? (
        <div className="robot-hero__returned" data-testid="robot-returned-line">
          <span>{t('trade.returned')}</span>
          <span className="amount" dir="ltr" data-testid="robot-returned">
            {money(returned)} USDT
          </span>
        </div>
      ) : null}
    </section>
  );
}

export function RobotFigures({ robot, demo = false }: { robot: Robot; demo?: boolean }) {
  const { t } = useTranslation();
  const money = moneyOf(demo);
  return (
    <section className="card robot-figures-card">
      <dl className="robot-figures" data-testid="robot-figures">
        <Figure label={t('trade.principal')} testId="robot-principal">
          {money(robot.principal)}
        </Figure>
        <Figure label={t('trade.currentPrincipal')} testId="robot-current-principal">
          {money(robot.current_principal)}
        </Figure>
        <Figure
          label={t('trade.cumulativeEarnings')}
          testId="robot-cumulative"
          tone={toneOf(robot.cumulative_earnings)}
        >
          {signedAmount(money(robot.cumulative_earnings), robot.cumulative_earnings)}
        </Figure>
        <Figure
          label={t('trade.gridProfit')}
          tone={toneOf(robot.grid_profit)}
          testId="robot-grid-profit"
        >
          {signedAmount(money(robot.grid_profit), robot.grid_profit)}
        </Figure>
        <Figure
          label={t('trade.floatingPnl')}
          tone={toneOf(robot.floating_pnl)}
          testId="robot-floating"
        >
          {signedAmount(money(robot.floating_pnl), robot.floating_pnl)}
        </Figure>
        <Figure
          label={t('trade.annualised')}
          tone={toneOf(robot.annualised_return)}
          testId="robot-annualised"
        >
          {formatRate(robot.annualised_return, true)}
        </Figure>
        <Figure label={t('trade.tradesPerDay')}>{robot.trades_per_day}</Figure>
        <Figure label={t('trade.settled')}>{money(robot.settled_total)}</Figure>
        <Figure label={t('trade.profitTrades')} testId="robot-profit-count">
          {robot.profit_count} / {robot.trade_count}
        </Figure>
        <Figure label={t('trade.fees')}>{money(robot.fees)}</Figure>
        <Figure label={t('trade.duration')} testId="robot-duration">
          <Duration seconds={robot.duration_seconds} />
        </Figure>
      </dl>
      <div className="robot-grid-line">
        <div>
          <span>{t('trade.range')}</span>
          <strong className="amount" dir="ltr" data-testid="robot-range">
            <bdi>{formatUsdt(robot.range_low)}</bdi> – <bdi>{formatUsdt(robot.range_high)}</bdi>
          </strong>
        </div>
        <div>
          <span>{t('trade.grids')}</span>
          <strong data-testid="robot-grids">{robot.grids}</strong>
        </div>
        <div>
          <span>{t('trade.expectedDaily')}</span>
          <strong
            className={`amount${signOf(robot.expected_daily_yield) < 0 ? ' is-down' : ''}`}
            dir="ltr"
            data-testid="robot-expected"
          >
            {formatRate(robot.expected_daily_yield)}
          </strong>
        </div>
      </div>
      <EstimateNote />
    </section>
  );
}
