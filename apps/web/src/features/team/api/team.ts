// The team calls: share (invite code and link), team (totals by level), teamuser
// (members by level, paged) and getteamuser (search among my members).
import { useQuery } from '@tanstack/react-query';
import { callData } from '../../../lib/api.ts';

export interface Share {
  invite_code: string;
  invite_url: string;
}
export interface TeamLevel {
  level: number;
  count: number;
  performance: string;
  earnings: string;
}
export interface Team {
  team_count: number;
  performance: string;
  team_earnings: string;
  /** Commissions on withdrawals not yet confirmed: not spendable until they are. */
  pending_earnings: string;
  levels: TeamLevel[];
}
export interface Member {
  user_id: string;
  account: string;
  nickname: string;
  level: number;
  total_topup: string;
  total_withdrawal: string;
  team_count: number;
  joined_at: string;
}
interface Members {
  list: Member[];
  page: number;
  limit: number;
  total: number;
}

export const useShare = () =>
  useQuery({ queryKey: ['team', 'share'], queryFn: () => callData<Share>('/api/user/share', {}) });

export const useTeam = () =>
  useQuery({
    queryKey: ['team', 'totals'],
    queryFn: () => callData<Team>('/api/user/teamupdate', {}),
  });

export const useMembers = (level: number, keyword: string) =>
  useQuery({
    queryKey: ['team', 'members', level, keyword],
    queryFn: () =>
      keyword
        ? callData<Members>('/api/user/getteamuser', { keyword, page: 1, limit: 100 })
        : callData<Members>('/api/user/teamuser', { level, page: 1, limit: 100 }),
  });
