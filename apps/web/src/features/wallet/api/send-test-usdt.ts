// /api/user/devfaucet: on the local devchain only, a real transfer of 100 test USDT to
// the caller's deposit address, which then confirms and is credited like any deposit.
import { useMutation } from '@tanstack/react-query';
import { callOk } from '../../../lib/api.ts';
import type { Network } from '../utils/networks.ts';

export interface FaucetTransfer {
  tx_hash: string;
  amount: string;
}

export const sendTestUsdt = (network: Network) =>
  callOk<FaucetTransfer>('/api/user/devfaucet', { network });

export function useSendTestUsdt() {
  return useMutation({ mutationFn: sendTestUsdt });
}
