// "My robots" by state: Running, Not started, Ended. The running tab refreshes itself.
import { useState } from 'react';
import { SpinLoading, Tabs } from 'antd-mobile';
import { HistogramOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../../lib/i18n.ts';
import { StatePanel } from '../../../components/state-panel.tsx';
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
        activeKey={status}
        onChange={(key) => setStatus(TABS.find((s) => s === key) ?? 'running')}
        className="robot-tabs"
      >
        {TABS.map((tab) => (
          <Tabs.Tab
            key={tab}
            title={<span data-testid={`robots-tab-${tab}`}>{t(`trade.tab.${tab}`)}</span>}
          />
        ))}
      </Tabs>
      {query.isPending ? (
        <div className="list-loading">
          <SpinLoading color="primary" style={{ '--size': '24px' }} />
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
