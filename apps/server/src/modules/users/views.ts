// What the investor sees of their own account (userinfo): the profile plus the balance
// figures, which come from the ledger and nowhere else.
import { formatAmount } from '@olive/protocol';
import type { UserCache } from '../../db/user-cache.ts';
import type { UserRepository } from './user.repository.ts';

export interface BalanceFigures {
  available: bigint;
  frozen: bigint;
  total_assets: bigint;
  trading_principal: bigint;
  undistributed_earnings: bigint;
  total_earnings: bigint;
}

export type BalancesPort = (userId: string) => Promise<BalanceFigures>;

type Addresses = { erc20: string; bep20: string; trc20: string };

/** The part of userinfo that is not money: kept until a trigger announces a change. */
export interface UserProfile {
  user_id: string;
  account: string;
  account_kind: string;
  nickname: string;
  avatar: string;
  invite_code: string;
  telegram: string;
  language: string;
  created_at: string;
  addresses: Addresses;
}

export function userViews(
  users: UserRepository,
  balances: BalancesPort,
  withdrawalAddresses: (userId: string) => Promise<Addresses>,
  profiles?: UserCache<UserProfile>,
) {
  async function loadProfile(userId: string): Promise<UserProfile> {
    const [user, addresses] = await Promise.all([
      users.findById(userId),
      withdrawalAddresses(userId),
    ]);
    if (!user) throw new Error(`user ${userId} vanished`);
    return {
      user_id: user.id,
      account: user.account,
      account_kind: user.account_kind,
      nickname: user.nickname,
      avatar: user.avatar ?? '',
      invite_code: user.invite_code,
      telegram: user.telegram ?? '',
      language: user.lang,
      created_at: new Date(user.created_at).toISOString(),
      addresses,
    };
  }

  function shown(profile: UserProfile, figures: BalanceFigures) {
    const { addresses, ...rest } = profile;
    return {
      ...rest,
      balance: formatAmount(figures.available),
      frozen: formatAmount(figures.frozen),
      total_assets: formatAmount(figures.total_assets),
      trading_principal: formatAmount(figures.trading_principal),
      undistributed_earnings: formatAmount(figures.undistributed_earnings),
      total_earnings: formatAmount(figures.total_earnings),
      addresses,
    };
  }
  // The caches hand back the same objects until a change drops them, so the reply written
  // from a pair is kept beside the profile and written again only when either is new
  // (formatting six amounts and serialising them was a seventh of a cached call's CPU).
  const written = new WeakMap<UserProfile, { figures: BalanceFigures; json: string }>();

  return {
    /** userinfo's data as JSON text. */
    async userinfoJson(userId: string): Promise<string> {
      const [profile, figures] = await Promise.all([
        profiles ? profiles.get(userId, () => loadProfile(userId)) : loadProfile(userId),
        balances(userId),
      ]);
      const kept = written.get(profile);
      if (kept?.figures === figures) return kept.json;
      const json = JSON.stringify(shown(profile, figures));
      written.set(profile, { figures, json });
      return json;
    },
    avatar: (userId: string) => users.findAvatar(userId),
  };
}

export type UserViews = ReturnType<typeof userViews>;
