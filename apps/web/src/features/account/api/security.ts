// Security-centre calls of issue 10: password reset (/api/user/resetpwd with a
// reset_password code), two-factor (getskey, skeyon, skeyoff), binding a phone or an
// e-mail (bindcode, setphone) and what is bound and enabled (securityinfo).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callData, callOk } from '../../../lib/api.ts';

export interface SecurityInfo {
  email: string;
  phone: string;
  two_factor: boolean;
  recovery_left: number;
  /** Wallets verified for signing in (walletverify). */
  wallets: { address: string; kind: 'evm' | 'tron' }[];
}

export const SECURITY_INFO_KEY = ['securityinfo'] as const;

export const securityInfoQuery = () =>
  queryOptions({
    queryKey: SECURITY_INFO_KEY,
    queryFn: () => callData<SecurityInfo>('/api/user/securityinfo'),
  });

export function useSecurityInfo() {
  return useQuery(securityInfoQuery());
}

/**
 * Refetched even while no screen shows it, and awaited by the mutation: the Security
 * Center a form returns to shows the new state at once, never the old one first.
 */
function useInvalidateSecurity() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: SECURITY_INFO_KEY, refetchType: 'all' });
}

export interface ResetPasswordInput {
  account: string;
  code: string;
  password: string;
  otp?: string;
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => callOk('/api/user/resetpwd', { ...input }),
  });
}

export function useNewSecret() {
  return useMutation({
    mutationFn: () =>
      callData<{ enabled: boolean; secret: string; otpauth_url: string }>('/api/user/getskey'),
  });
}

export function useTwoFactorOn() {
  const invalidate = useInvalidateSecurity();
  return useMutation({
    mutationFn: (otp: string) =>
      callOk<{ enabled: boolean; recovery_codes: string[] }>('/api/user/skeyon', { otp }),
    onSuccess: invalidate,
  });
}

export function useTwoFactorOff() {
  const invalidate = useInvalidateSecurity();
  return useMutation({
    mutationFn: (otp: string) => callOk('/api/user/skeyoff', { otp }),
    onSuccess: invalidate,
  });
}

export function useBindCode() {
  return useMutation({
    mutationFn: ({ kind, account }: { kind: 'email' | 'phone'; account: string }) =>
      callOk('/api/user/bindcode', { [kind]: account }),
  });
}

export function useBind() {
  const invalidate = useInvalidateSecurity();
  return useMutation({
    mutationFn: (input: { account: string; code: string }) =>
      callOk<{ account: string; kind: string }>('/api/user/setphone', { ...input }),
    onSuccess: invalidate,
  });
}
