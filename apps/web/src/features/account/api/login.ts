// /api/user/login: account and password; after 3 failures the server also asks for the
// image code (data.captcha_required).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callOk } from '../../../lib/api.ts';
import { saveSession } from '../../../lib/session.ts';
import { USER_INFO_KEY } from './get-user-info.ts';
import type { SessionData } from './register.ts';

export interface LoginInput {
  account: string;
  password: string;
  captcha_id?: string;
  captcha?: string;
  /** The authenticator code, once the server asks for it (two-factor on). */
  otp?: string;
}

export const login = (input: LoginInput) => callOk<SessionData>('/api/user/login', { ...input });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (reply) => {
      if (!reply.data) return;
      queryClient.removeQueries({ queryKey: USER_INFO_KEY });
      saveSession(reply.data.token, reply.data.user_id);
    },
  });
}
