// /api/user/quanrank (public): the top robots by return over 7 or 30 days.
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/api.ts';
import type { Direction } from './get-robot.ts';

export type RankPeriod = '7d' | '30d';

export interface RankedRobot {
  rank: number;
  robot_id: string;
  /** Masked by the server ("al***"). */
  nickname: string;
  /** A seeded demo investor (shown with a "Demo" mark), not a customer. */
  demo: boolean;
  market: string;
  direction: Direction;
  return_rate: string;
  runtime_seconds: number;
  principal: string;
}

export const getRank = (period: RankPeriod) =>
  callData<{ period: RankPeriod; list: RankedRobot[] }>('/api/user/quanrank', { period });

export const useRank = (period: RankPeriod) =>
  useQuery({
    queryKey: ['trade', 'rank', period] as const,
    queryFn: () => getRank(period),
    staleTime: 60_000,
  });
