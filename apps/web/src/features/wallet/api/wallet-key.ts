// The root of every wallet query's key (drawinfo, invest, usdtlog, withdrawlist): a robot or
// a withdrawal that moves money invalidates them all.
import { useQueryClient } from '@tanstack/react-query';

export const WALLET_KEY = ['wallet'] as const;

/** Every wallet query asked again, when money moved. */
export function useInvalidateWallet() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: WALLET_KEY });
}
