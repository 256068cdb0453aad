// Passwords of the security centre: the login password (/api/user/loginpwd, the old one
// required; every other session ends) and the fund password (/api/user/setfundpassword:
// login password plus a code sent to the account).
import { useMutation } from '@tanstack/react-query';
import { callOk } from '../../../lib/api.ts';
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

export const changeLoginPassword = (input: LoginPasswordInput) =>
  callOk('/api/user/loginpwd', { ...input });

export const changeFundPassword = (input: FundPasswordInput) =>
  callOk('/api/user/setfundpassword', { ...input });

export function useChangeLoginPassword() {
  const invalidate = useInvalidateUserInfo();
  return useMutation({ mutationFn: changeLoginPassword, onSuccess: invalidate });
}

export function useChangeFundPassword() {
  const invalidate = useInvalidateUserInfo();
  return useMutation({ mutationFn: changeFundPassword, onSuccess: invalidate });
}
