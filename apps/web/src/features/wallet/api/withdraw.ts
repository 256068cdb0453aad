// /api/user/withdraw: the whole amount is frozen at once and the address receives
// amount - fee. `request_id` names one submission, so a repeated tap or a retry after a
// lost reply is the same withdrawal, never a second one.
import { useMutation } from '@tanstack/react-query';
import { callOk } from '../../../lib/api.ts';
import { i18n } from '../../../lib/i18n.ts';
import { withSecondFactor } from '../../../lib/second-factor.tsx';
import type { Network } from '../utils/networks.ts';
import type { Withdrawal } from './get-withdrawals.ts';
import { useInvalidateWallet } from './wallet-key.ts';

export interface WithdrawInput {
  network: Network;
  amount: string;
  fund_password: string;
  request_id: string;
}

/** A fresh submission id (the server accepts [A-Za-z0-9_-]); works on plain http too. */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** With two-factor on, the authenticator code is asked as a second step (same request_id). */
export const withdraw = withSecondFactor(
  (input: WithdrawInput & { otp?: string }) =>
    callOk<Withdrawal>('/api/user/withdraw', { ...input }),
  () => i18n.t('accountSecurity.otp'),
);

export function useWithdraw(onDone?: () => void) {
  const invalidateWallet = useInvalidateWallet();
  return useMutation({
    mutationFn: withdraw,
    onSuccess: () => {
      void invalidateWallet();
      onDone?.();
    },
  });
}
