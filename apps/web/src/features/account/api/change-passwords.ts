// Passwords of the security centre: the login password (/api/user/loginpwd, the old one
// required; every other session ends) and the fund password (/api/user/setfundpassword:
// login password plus a code sent to the account).
import { useMutation } from '@tanstack/react-query';
import { callOk } from '../../../lib/api.ts';
import { i18n } from '../../../lib/i18n.ts';
import { withSecondFactor } from '../../../lib/second-factor.tsx';
import { useInvalidateUserInfo } from './get-user-info.ts';

export interface LoginPasswordInput {
  old_password: string;
  new_password: string;
}

export interface FundPasswordInput {
  /** The login password. */
  password: string;
  code: string;
  fund_password: string;
}

const title = () => i18n.t('accountSecurity.otp');

/** With two-factor on, both ask for the authenticator code (`otp`) as a second step. */
export const changeLoginPassword = withSecondFactor(
  (input: LoginPasswordInput & { otp?: string }) => callOk('/api/user/loginpwd', { ...input }),
  title,
);

export const changeFundPassword = withSecondFactor(
  (input: FundPasswordInput & { otp?: string }) =>
    callOk('/api/user/setfundpassword', { ...input }),
  title,
);

export function useChangeLoginPassword() {
  const invalidate = useInvalidateUserInfo();
  return useMutation({ mutationFn: changeLoginPassword, onSuccess: invalidate });
}

export function useChangeFundPassword() {
  const invalidate = useInvalidateUserInfo();
  return useMutation({ mutationFn: changeFundPassword, onSuccess: invalidate });
}
