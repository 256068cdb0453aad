// What the investor sees of their own account (userinfo): the profile plus the balance
// figures, which come from the ledger and nowhere else.
import { formatAmount } from '@olive/protocol';
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

export function userViews(
  users: UserRepository,
  balances: BalancesPort,
  withdrawalAddresses: (userId: string) => Promise<{ erc20: string; bep20: string; trc20: string }>,
) {
  return {
    async userinfo(userId: string) {
      const [user, figures, addresses] = await Promise.all([
        users.findById(userId),
        balances(userId),
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
        balance: formatAmount(figures.available),
        frozen: formatAmount(figures.frozen),
        total_assets: formatAmount(figures.total_assets),
        trading_principal: formatAmount(figures.trading_principal),
        undistributed_earnings: formatAmount(figures.undistributed_earnings),
        total_earnings: formatAmount(figures.total_earnings),
        addresses,
      };
    },
    avatar: (userId: string) => users.findAvatar(userId),
  };
}

export type UserViews = ReturnType<typeof userViews>;
