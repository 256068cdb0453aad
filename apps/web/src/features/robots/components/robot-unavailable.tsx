// What a robot screen shows when it has no robot to show: a failed connection is never
// "not found" (it says so and offers a retry; the query client also refetches when the
// connection returns), a pending one spins, and only a real miss is "not found".
import { Button } from 'antd-mobile';
import { HistogramOutline, LinkOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/i18n.ts';
import { LoadingFallback } from '../../../components/loading-fallback.tsx';
import { StatePanel } from '../../../components/state-panel.tsx';
import { isConnectionFailure } from '../../../lib/api.ts';

export function RobotUnavailable({
  query,
  robotId,
}: {
  query: { isError: boolean; isPending: boolean; error: unknown; refetch: () => unknown };
  robotId: string;
}) {
  const { t } = useTranslation();
  if (query.isError && isConnectionFailure(query.error)) {
    return (
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
            onClick={() => void query.refetch()}
            data-testid="robot-retry"
          >
            {t('common.retry')}
          </Button>
        </StatePanel>
      </div>
    );
  }
  if (query.isPending && robotId) return <LoadingFallback />;
  return (
    <div className="card">
      <StatePanel icon={<HistogramOutline />} title={t('trade.notFound')} />
    </div>
  );
}
