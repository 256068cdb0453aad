// /api/user/regist: a new account by e-mail or phone; the reply is a session, kept at
// once so the account-created screen is already signed in.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOk } from '../../../lib/api.ts';
import { saveSession } from '../../../lib/session.ts';
import { USER_INFO_KEY } from './get-user-info.ts';

export interface RegisterInput {
  account: string;
  password: string;
  fund_password: string;
  code: string;
  /** The proof the code call answered (one picture for the whole registration)... */
  captcha_proof?: string;
  /** ...or, when it has expired, a freshly solved picture. */
  captcha_id?: string;
  captcha?: string;
  invite_code?: string;
  telegram?: string;
}

export interface SessionData {
  token: string;
  user_id: string;
}

export const register = (input: RegisterInput) =>
  callOk<SessionData>('/api/user/regist', {
    ...input,
    invite_code: input.invite_code?.trim() || undefined,
    telegram: input.telegram?.trim() || undefined,
    agree: 1,
  });

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (reply) => {
      if (!reply.data) return;
      queryClient.removeQueries({ queryKey: USER_INFO_KEY });
      saveSession(reply.data.token, reply.data.user_id);
    },
  });
}
