// /api/user/quanlog for one robot: every fill, settlement and stop, newest first. The
// stop entry's amount is what went back to the balance.
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/api.ts';
import { ROBOT_POLL_MS, type RobotStatus } from './get-robot.ts';

export type RobotLogKind = 'buy' | 'sell' | 'settle' | 'stop';

export interface RobotLogRecord {
  id: string;
  robot_id: string;
  market: string;
  kind: RobotLogKind;
  price: string;
  quantity: string;
  amount: string;
  fee: string;
  pnl: string;
  created_at: string;
}

export interface RobotLogPage {
  list: RobotLogRecord[];
  page: number;
  limit: number;
  total: number;
}

export const ROBOT_LOG_LIMIT = 50;

export const getRobotLog = (robotId: string, page = 1, limit = ROBOT_LOG_LIMIT) =>
  callData<RobotLogPage>('/api/user/quanlog', { robot_id: robotId, page, limit });

export function useRobotLog(robotId: string, status: RobotStatus | undefined) {
  return useQuery({
    queryKey: ['trade', 'robot', robotId, 'log'] as const,
    queryFn: () => getRobotLog(robotId),
    enabled: robotId !== '',
    staleTime: 0,
    refetchInterval: status === 'running' ? ROBOT_POLL_MS : false,
  });
}
