// pages/quantification/detail?id=: one robot. Its figures, the price chart with its range
// and resting orders (and a notice when the price left the range), the PnL chart, every trade,
// and Start / Settle / Stop for its state; refreshed every 2 s while it runs. Once
// ended, the headline is its final PnL and the stop's amount is what came back. A failed
// connection is never "not found": the screen says so and recovers by itself when the
// connection returns (the query client refetches on reconnect).
import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { Button } from 'antd-mobile';
import { HistogramOutline, LinkOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { LoadingFallback } from '../../components/loading-fallback.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Section } from '../../components/section.tsx';
import { StatePanel } from '../../components/state-panel.tsx';
import { isConnectionFailure } from '../../lib/api.ts';
import { useInvalidateUserInfo } from '../../features/account/api/get-user-info.ts';
import { useRobotDetail } from '../../features/trade/api/get-robot.ts';
import { useRobotLog } from '../../features/trade/api/get-robot-log.ts';
import { useCandles } from '../../features/trade/api/get-candles.ts';
import { GridChart } from '../../features/trade/components/grid-chart.tsx';
import { PnlChart } from '../../features/trade/components/pnl-chart.tsx';
import { RobotActions } from '../../features/trade/components/robot-actions.tsx';
import { RobotFigures, RobotHeadline } from '../../features/trade/components/robot-figures.tsx';
import { RobotLog } from '../../features/trade/components/robot-log.tsx';
import { pnlPoints } from '../../features/trade/utils/pnl-points.ts';
import '../../features/trade/trade.css';

export default function RobotDetailScreen() {
  const { t } = useTranslation();
  const search: { id?: unknown } = useSearch({ strict: false });
  const robotId =
    typeof search.id === 'string' || typeof search.id === 'number' ? String(search.id) : '';
  const detail = useRobotDetail(robotId);
  const robot = detail.data?.robot;
  const log = useRobotLog(robotId, robot?.status);
  const candles = useCandles(robot?.status === 'running' ? robot.market : undefined);
  const queryClient = useQueryClient();
  const refreshUser = useInvalidateUserInfo();

  const series = detail.data?.pnl_series;
  const status = robot?.status;
  const startedAt = robot?.started_at ?? '';
  const endedAt = robot?.ended_at ?? '';
  const cumulative = robot?.cumulative_earnings;
  const updatedAt = detail.dataUpdatedAt;
  const points = useMemo(() => {
    // The line ends now while the robot runs, at its end once it has ended.
    const at = status === 'running' ? updatedAt : status === 'ended' ? Date.parse(endedAt) : NaN;
    const last = cumulative && Number.isFinite(at) ? { pnl: cumulative, at } : null;
    return pnlPoints(series ?? [], { startedAt, last });
  }, [series, status, startedAt, endedAt, cumulative, updatedAt]);
  const returned = log.data?.list.find((record) => record.kind === 'stop')?.amount;

  const onMoved = () => {
    void refreshUser();
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
  };

  return (
    <div className="screen" data-testid="screen-robot">
      <PageHeader title={t('trade.detailTitle')} />
      <main className="screen__body">
        {robot ? (
          <>
            <RobotHeadline robot={robot} returned={returned} />
            <RobotActions robot={robot} onMoved={onMoved} />
            {robot.status === 'running' ? (
              <Section title={t('trade.priceChart')} testId="robot-price-chart">
                <GridChart robot={robot} candles={candles.data?.candles} />
              </Section>
            ) : null}
            <Section title={t('trade.pnlChart')} testId="robot-chart">
              <PnlChart points={points} />
            </Section>
            <RobotFigures robot={robot} />
            <Section
              title={t('trade.trades')}
              extra={
                log.data ? (
                  <span className="badge" data-testid="robot-log-total">
                    {log.data.total}
                  </span>
                ) : null
              }
              testId="robot-trades"
            >
              <RobotLog records={log.data?.list} loading={log.isPending} />
            </Section>
          </>
        ) : detail.isError && isConnectionFailure(detail.error) ? (
          <div className="card" role="status">
            <StatePanel
              icon={<LinkOutline />}
              title={t('errors.connectionTitle')}
              body={t('errors.connectionBody')}
              testId="robot-offline"
            >
              <Button
                color="primary"
                fill="outline"
                onClick={() => void detail.refetch()}
                data-testid="robot-retry"
              >
                {t('common.retry')}
              </Button>
            </StatePanel>
          </div>
        ) : detail.isPending && robotId ? (
          <LoadingFallback />
        ) : (
          <div className="card">
            <StatePanel icon={<HistogramOutline />} title={t('trade.notFound')} />
          </div>
        )}
      </main>
    </div>
  );
}
