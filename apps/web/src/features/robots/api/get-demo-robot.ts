// /api/main/quandemo: a demo investor's robot, read-only and public (decision 111d): the
// same detail as the owner's screen plus its first page of trades. Polled while it runs.
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/api.ts';
import type { RobotLogPage } from './get-robot-log.ts';
import { ROBOT_POLL_MS, type RobotDetail } from './get-robot.ts';

export interface DemoRobot extends RobotDetail {
  log: RobotLogPage;
}

export const getDemoRobot = (robotId: string) =>
  callData<DemoRobot>('/api/main/quandemo', { robot_id: robotId });

export const useDemoRobot = (robotId: string) =>
  useQuery({
    queryKey: ['trade', 'demo-robot', robotId] as const,
    queryFn: () => getDemoRobot(robotId),
    enabled: robotId !== '',
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.robot.status === 'running' ? ROBOT_POLL_MS : false,
  });
