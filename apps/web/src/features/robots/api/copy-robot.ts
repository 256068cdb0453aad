// Copy trading (issue 32): a public robot as a would-be copier sees it
// (/api/main/quanpublic), copying it (/api/user/quancopy), publishing one's own robot with
// a profit share (openquan publish / unpublish) and its copiers (/api/user/quancopiers).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callData, callOk } from '../../../lib/api.ts';
import { robotKey, type Direction, type Robot, type RobotDetail } from './get-robot.ts';

export const PROFIT_SHARES = ['0', '10', '20', '30'] as const;
export type ProfitShare = (typeof PROFIT_SHARES)[number];

export interface PublicRobot {
  robot_id: string;
  name: string;
  /** Masked, or a demo investor's name. */
  nickname: string;
  demo: boolean;
  market: string;
  direction: Direction;
  principal: string;
  range_low: string;
  range_high: string;
  grids: number;
  cumulative_yield_rate: string;
  duration_seconds: number;
  roi_7d: string;
  roi_30d: string;
  roi_90d: string;
  max_drawdown: string;
  sharpe: string;
  round_trips: number;
  buy_and_hold_return: string;
  copiers: number;
  profit_share_pct: number;
}

export const publicRobotKey = (robotId: string) => ['trade', 'public', robotId] as const;

export const usePublicRobot = (robotId: string) =>
  useQuery({
    queryKey: publicRobotKey(robotId),
    queryFn: () => callData<PublicRobot>('/api/main/quanpublic', { robot_id: robotId }),
    enabled: robotId !== '',
    staleTime: 10_000,
  });

export interface CopyInput {
  robot_id: string;
  principal: string;
  fund_password: string;
}

/** `onMoved` refreshes what belongs to other features (the balance in userinfo). */
export function useCopyRobot(onMoved?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CopyInput) =>
      callOk<{ robot_id: string }>('/api/user/quancopy', { ...input }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['trade', 'mine'] });
      void queryClient.invalidateQueries({ queryKey: ['trade', 'rank'] });
      onMoved?.();
    },
  });
}

export function usePublishRobot(robotId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (share: ProfitShare | null) =>
      callOk<Robot>(
        '/api/user/openquan',
        share === null
          ? { robot_id: robotId, action: 'unpublish' }
          : { robot_id: robotId, action: 'publish', profit_share_pct: share },
      ),
    onSuccess: (reply) => {
      const robot = reply.data;
      if (robot) {
        queryClient.setQueryData<RobotDetail>(robotKey(robotId), (detail) =>
          detail ? { ...detail, robot } : detail,
        );
      }
      void queryClient.invalidateQueries({ queryKey: ['trade', 'rank'] });
    },
  });
}

export interface Copier {
  /** Masked by the server. */
  nickname: string;
  status: string;
  share_pct: number;
  shares_paid: string;
  started_at: string;
}

export const useCopiers = (robotId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['trade', 'copiers', robotId] as const,
    queryFn: () =>
      callData<{ list: Copier[]; total: number }>('/api/user/quancopiers', {
        robot_id: robotId,
        page: 1,
        limit: 20,
      }),
    enabled,
    staleTime: 10_000,
  });
