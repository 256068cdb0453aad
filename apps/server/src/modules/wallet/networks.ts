// The three USDT networks and their operator settings. Defaults come from PRODUCT.md;
// operators change them in the database (console, or `settings:network` on the CLI).
import type { Network } from '@olive/chain';
import { parseAmount } from '@olive/protocol';

export { NETWORKS, isNetwork, oliveToToken, tokenToOlive, type Network } from '@olive/chain';

export const NETWORK_DEFAULTS: Record<
  Network,
  {
    confirmations: number;
    min_deposit: bigint;
    min_withdrawal: bigint;
    withdrawal_fee: bigint;
    daily_withdrawal_limit: bigint;
    token_decimals: number;
  }
> = {
  erc20: {
    confirmations: 12,
    min_deposit: parseAmount('10'),
    min_withdrawal: parseAmount('20'),
    withdrawal_fee: parseAmount('5'),
    daily_withdrawal_limit: parseAmount('50000'),
    token_decimals: 6,
  },
  bep20: {
    confirmations: 15,
    min_deposit: parseAmount('1'),
    min_withdrawal: parseAmount('10'),
    withdrawal_fee: parseAmount('0.5'),
    daily_withdrawal_limit: parseAmount('50000'),
    token_decimals: 18,
  },
  trc20: {
    confirmations: 19,
    min_deposit: parseAmount('1'),
    min_withdrawal: parseAmount('10'),
    withdrawal_fee: parseAmount('1'),
    daily_withdrawal_limit: parseAmount('50000'),
    token_decimals: 6,
  },
};
