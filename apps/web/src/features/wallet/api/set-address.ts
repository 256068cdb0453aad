// /api/user/setaddress: saves the withdrawal address of a network, once. Afterwards only
// customer service can change it, so the screens ask for confirmation first.
import { useMutation } from '@tanstack/react-query';
import { callOk } from '../../../lib/api.ts';
import { i18n } from '../../../lib/i18n.ts';
import { withSecondFactor } from '../../../lib/second-factor.tsx';
import type { Network } from '../utils/networks.ts';
import { useInvalidateDrawInfo } from './get-draw-info.ts';

export interface SetAddressInput {
  network: Network;
  address: string;
  fund_password: string;
}

/** With two-factor on, the authenticator code is asked as a second step. */
export const setWithdrawalAddress = withSecondFactor(
  (input: SetAddressInput & { otp?: string }) =>
    callOk<{ network: Network; address: string }>('/api/user/setaddress', {
      ...input,
      address: input.address.trim(),
    }),
  () => i18n.t('accountSecurity.otp'),
);

export function useSetWithdrawalAddress(onSaved?: () => void) {
  const invalidateDrawInfo = useInvalidateDrawInfo();
  return useMutation({
    mutationFn: setWithdrawalAddress,
    onSuccess: () => {
      void invalidateDrawInfo();
      onSaved?.();
    },
  });
}
