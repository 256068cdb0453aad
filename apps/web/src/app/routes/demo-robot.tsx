// pages/quantification/demo?id=: a demo investor's robot, opened from the leaderboard by
// anyone, signed in or not. The same figures, charts and trades as an owner's screen,
// read-only: no Start, Settle or Stop, and a note that it is a demo investor on demo
// market data (decision 111d). Any other robot is "not found" here.
import { useTranslation } from '../../lib/i18n.ts';
import { useIdParam } from '../../hooks/use-id-param.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { useCandles } from '../../features/robots/api/get-candles.ts';
import { useDemoRobot } from '../../features/robots/api/get-demo-robot.ts';
import { RobotBody } from '../../features/robots/components/robot-body.tsx';
import { RobotUnavailable } from '../../features/robots/components/robot-unavailable.tsx';
import '../../features/robots/components/leaderboard.css';

export default function DemoRobotScreen() {
  const { t } = useTranslation();
  const robotId = useIdParam();
  const demo = useDemoRobot(robotId);
  const robot = demo.data?.robot;
  const candles = useCandles(robot?.status === 'running' ? robot.market : undefined);

  return (
    <div className="screen" data-testid="screen-demo-robot">
      <PageHeader title={t('trade.detailTitle')} />
      <main className="screen__body">
        {demo.data ? (
          <RobotBody
            demo
            detail={demo.data}
            updatedAt={demo.dataUpdatedAt}
            candles={candles.data?.candles}
            log={demo.data.log}
            logLoading={false}
            actions={
              <p className="demo-robot-note" role="note" data-testid="demo-robot-note">
                <span className="rank-row__demo">{t('trade.demoInvestor')}</span>
                <span>{t('trade.demoRobotNote')}</span>
              </p>
            }
          />
        ) : (
          <RobotUnavailable query={demo} robotId={robotId} />
        )}
      </main>
    </div>
  );
}
