// Profile calls of the security centre: nickname (/api/user/setname) and the interface
// language saved on the account (/api/user/setlang). Both refresh userinfo.
import { useMutation } from '@tanstack/react-query';
import { callOk } from '../../../lib/api.ts';
import { useInvalidateUserInfo } from './get-user-info.ts';

/** The server's limit, counted in characters as a person sees them. */
export const NICKNAME_MAX = 20;

export const setNickname = (nickname: string) =>
  callOk<{ nickname: string }>('/api/user/setname', { nickname });

export const setAccountLanguage = (language: string) =>
  callOk<{ language: string }>('/api/user/setlang', { language });

export function useSetNickname() {
  const invalidate = useInvalidateUserInfo();
  return useMutation({ mutationFn: setNickname, onSuccess: invalidate });
}

export function useSetAccountLanguage() {
  const invalidate = useInvalidateUserInfo();
  return useMutation({ mutationFn: setAccountLanguage, onSuccess: invalidate });
}
