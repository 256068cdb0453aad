// pages/quantification/detail?id=: one robot. Its figures, the price chart with its range
// and resting orders (and a notice when the price left the range), the PnL chart, every trade,
// and Start / Settle / Stop for its state; its track record and copy trading (publish with
// a profit share, copiers; or the terms of a copy); refreshed every 2 s while it runs. Once
// ended, the headline is its final PnL and the stop's amount is what came back. A failed
// connection is never "not found": the screen says so and recovers by itself when the
// connection returns (the query client refetches on reconnect).
import { useTranslation } from '../../lib/i18n.ts';
import { useIdParam } from '../../hooks/use-id-param.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useInvalidateUserInfo } from '../../features/account/api/get-user-info.ts';
import { useInvalidateWallet } from '../../features/wallet/api/wallet-key.ts';
import { useRobotDetail } from '../../features/robots/api/get-robot.ts';
import { useRobotLog } from '../../features/robots/api/get-robot-log.ts';
import { useCandles } from '../../features/robots/api/get-candles.ts';
import { RobotActions } from '../../features/robots/components/robot-actions.tsx';
import { RobotBody } from '../../features/robots/components/robot-body.tsx';
import { RobotSharing } from '../../features/robots/components/robot-sharing.tsx';
import { RobotExits } from '../../features/robots/components/robot-exits.tsx';
import { RobotUnavailable } from '../../features/robots/components/robot-unavailable.tsx';

export default function RobotDetailScreen() {
  const { t } = useTranslation();
  const robotId = useIdParam();
  const detail = useRobotDetail(robotId);
  const robot = detail.data?.robot;
  const log = useRobotLog(robotId, robot?.status);
  const candles = useCandles(robot?.status === 'running' ? robot.market : undefined);
  const refreshUser = useInvalidateUserInfo();
  const refreshWallet = useInvalidateWallet();

  const onMoved = () => {
    void refreshUser();
    void refreshWallet();
  };

  return (
    <div className="screen" data-testid="screen-robot">
      <PageHeader title={t('trade.detailTitle')} />
      <main className="screen__body">
        {detail.data && robot ? (
          <RobotBody
            detail={detail.data}
            updatedAt={detail.dataUpdatedAt}
            candles={candles.data?.candles}
            log={log.data}
            logLoading={log.isPending}
            actions={
              <>
                <RobotActions robot={robot} onMoved={onMoved} />
                <RobotExits robot={robot} onMoved={onMoved} />
              </>
            }
            sharing={<RobotSharing robot={robot} />}
          />
        ) : (
          <RobotUnavailable query={detail} robotId={robotId} />
        )}
      </main>
    </div>
  );
}
