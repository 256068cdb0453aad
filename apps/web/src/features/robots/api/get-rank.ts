// /api/user/quanrank (public): robots run at least a day, ranked by return over 7, 30 or
// 90 days, by drawdown or by copiers.
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/api.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { getUserId } from '../../../lib/session.ts';
import type { Direction } from './get-robot.ts';

export type RankPeriod = '7d' | '30d' | '90d';
export type RankSort = 'roi' | 'drawdown' | 'copiers';

export interface RankedRobot {
  rank: number;
  robot_id: string;
  /** Masked by the server ("al***"); a demo investor's name is in the reader's language. */
  nickname: string;
  /** A seeded demo investor (shown with a "Demo" mark), not a customer. */
  demo: boolean;
  /** The reader's own robot (shown as "You"). */
  me: boolean;
  market: string;
  direction: Direction;
  return_rate: string;
  runtime_seconds: number;
  principal: string;
  /** The deepest fall from a peak, a positive fraction. */
  max_drawdown: string;
  copiers: number;
  /** Running and public (or a demo investor's): it can be copied. */
  public: boolean;
  profit_share_pct: number;
}

export const getRank = (period: RankPeriod, sort: RankSort) =>
  callData<{ period: RankPeriod; sort: RankSort; list: RankedRobot[] }>('/api/user/quanrank', {
    period,
    sort,
  });

export const useRank = (period: RankPeriod, sort: RankSort = 'roi') =>
  useQuery({
    queryKey: ['trade', 'rank', period, sort, currentLanguage(), getUserId()] as const,
    queryFn: () => getRank(period, sort),
    staleTime: 60_000,
  });
