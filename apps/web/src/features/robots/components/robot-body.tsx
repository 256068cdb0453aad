// One robot as its detail screens show it: headline, the price chart with its range and
// resting orders while it runs, the PnL chart, every figure and its trades. The owner's
// screen puts Start / Settle / Stop under the headline; a demo robot's has none.
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Section } from '../../../components/section.tsx';
import type { Candle } from '../api/get-candles.ts';
import type { RobotLogPage } from '../api/get-robot-log.ts';
import type { RobotDetail } from '../api/get-robot.ts';
import { pnlPoints } from '../utils/pnl-points.ts';
import { GridChart } from './grid-chart.tsx';
import { PnlChart } from './pnl-chart.tsx';
import { RobotFigures, RobotHeadline } from './robot-figures.tsx';
import { RobotLog } from './robot-log.tsx';
import { RobotRecord } from './robot-record.tsx';

export function RobotBody({
  detail,
  updatedAt,
  candles,
  log,
  logLoading,
  actions,
  sharing,
  demo = false,
}: {
  detail: RobotDetail;
  /** When the detail was fetched: a running robot's line ends there. */
  updatedAt: number;
  candles: Candle[] | undefined;
  log: RobotLogPage | undefined;
  logLoading: boolean;
  actions?: ReactNode;
  /** Copy trading (the owner's screen): publish, the share, copiers. */
  sharing?: ReactNode;
  /** A demo investor's robot: money to the cent. */
  demo?: boolean;
}) {
  const { t } = useTranslation();
  const { robot, pnl_series: series } = detail;
  const { status, started_at: startedAt, ended_at: endedAt, cumulative_earnings } = robot;
  const points = useMemo(() => {
    // The line ends now while the robot runs, at its end once it has ended.
    const at = status === 'running' ? updatedAt : status === 'ended' ? Date.parse(endedAt) : NaN;
    const last = Number.isFinite(at) ? { pnl: cumulative_earnings, at } : null;
    return pnlPoints(series, { startedAt, last });
  }, [series, status, startedAt, endedAt, cumulative_earnings, updatedAt]);
  const returned = log?.list.find((record) => record.kind === 'stop')?.amount;

  return (
    <>
      <RobotHeadline robot={robot} returned={returned} demo={demo} />
      {actions}
      {status === 'running' ? (
        <Section title={t('trade.priceChart')} testId="robot-price-chart">
          <GridChart robot={robot} candles={candles} />
        </Section>
      ) : null}
      <Section title={t('trade.pnlChart')} testId="robot-chart">
        <PnlChart points={points} />
      </Section>
      <RobotFigures robot={robot} demo={demo} />
      <Section title={t('trade.trackRecord')} testId="robot-track-record">
        <RobotRecord record={robot} />
      </Section>
      {sharing ? (
        <Section title={t('trade.copyTrading')} testId="robot-copy-trading">
          {sharing}
        </Section>
      ) : null}
      <Section
        title={t('trade.trades')}
        extra={
          log ? (
            <span className="badge" data-testid="robot-log-total">
              {log.total}
            </span>
          ) : null
        }
        testId="robot-trades"
      >
        <RobotLog records={log?.list} loading={logLoading} />
      </Section>
    </>
  );
}
