// "My robots" by state: Running, Not started, Ended. The running tab refreshes itself.
// Our own tabs and spinner, not antd-mobile's: theirs bring react-spring into Trade's first
// load (issue 33).
import { useState } from 'react';
import { HistogramOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/i18n.ts';
import { Spinner } from '../../../components/spinner.tsx';
import { StatePanel } from '../../../components/state-panel.tsx';
import { Tabs } from '../../../components/tabs.tsx';
import { useMyRobots } from '../api/get-my-robots.ts';
import type { RobotStatus } from '../api/get-robot.ts';
import { RobotCard } from './robot-card.tsx';
import './my-robots.css';

const TABS: readonly RobotStatus[] = ['running', 'waiting', 'not_started', 'ended'];

export function MyRobots({ onOpen }: { onOpen: (robotId: string) => void }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<RobotStatus>('running');
  const query = useMyRobots(status, true);
  const robots = query.data?.list ?? [];

  return (
    <div className="my-robots" data-testid="my-robots">
      <Tabs
        className="robot-tabs"
        label={t('trade.myRobots')}
        active={status}
        onChange={setStatus}
        items={TABS.map((tab) => ({
          key: tab,
          title: t(`trade.tab.${tab}`),
          testId: `robots-tab-${tab}`,
        }))}
      />
      {query.isPending ? (
        <div className="list-loading">
          <Spinner size={24} />
        </div>
      ) : robots.length === 0 ? (
        <div className="card">
          <StatePanel
            icon={<HistogramOutline />}
            title={t(`trade.empty.${status}`)}
            body={status === 'running' ? t('trade.emptyHint') : undefined}
          />
        </div>
      ) : (
        <div className="robot-cards">
          {robots.map((robot) => (
            <RobotCard key={robot.robot_id} robot={robot} onOpen={() => onOpen(robot.robot_id)} />
          ))}
        </div>
      )}
    </div>
  );
}
