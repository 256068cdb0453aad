// /api/user/quanmy: my robots of one state, newest first; the running ones refresh.
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/api.ts';
import { ROBOT_POLL_MS, type Robot, type RobotStatus } from './get-robot.ts';

interface MyRobotsPage {
  list: Robot[];
  page: number;
  limit: number;
  total: number;
}

export const MY_ROBOTS_LIMIT = 50;

export const getMyRobots = (status: RobotStatus) =>
  callData<MyRobotsPage>('/api/user/quanmy', { status, page: 1, limit: MY_ROBOTS_LIMIT });

export function useMyRobots(status: RobotStatus, enabled: boolean) {
  return useQuery({
    queryKey: ['trade', 'mine', status] as const,
    queryFn: () => getMyRobots(status),
    enabled,
    staleTime: 0,
    refetchInterval: status === 'running' ? ROBOT_POLL_MS * 2 : false,
  });
}
