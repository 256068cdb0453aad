// /api/user/userinfo (API.md): the signed-in investor and their balances.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../lib/api.ts';
import { useSignedIn } from '../../../lib/session.ts';

export interface UserInfo {
  user_id: string;
  account: string;
  account_kind: 'email' | 'phone';
  nickname: string;
  avatar: string;
  invite_code: string;
  telegram: string;
  language: string;
  created_at: string;
  balance: string;
  frozen: string;
  total_assets: string;
  trading_principal: string;
  undistributed_earnings: string;
  total_earnings: string;
  addresses: { erc20: string; bep20: string; trc20: string };
}

export const USER_INFO_KEY = ['userinfo'] as const;

export const getUserInfo = () => callData<UserInfo>('/api/user/userinfo');

export const userInfoQuery = () => queryOptions({ queryKey: USER_INFO_KEY, queryFn: getUserInfo });

/** The investor's info when signed in; a visitor never calls the server for it. */
export function useUserInfo() {
  const signedIn = useSignedIn();
  const query = useQuery({ ...userInfoQuery(), enabled: signedIn });
  return { signedIn, user: signedIn ? query.data : undefined, isLoading: query.isLoading };
}

/** For mutations that change what userinfo answers. */
export function useInvalidateUserInfo() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: USER_INFO_KEY });
}

/** The userinfo already in the cache, if any, without asking the server. */
export function useCachedUserInfo() {
  return useQueryClient().getQueryData<UserInfo>(USER_INFO_KEY);
}
