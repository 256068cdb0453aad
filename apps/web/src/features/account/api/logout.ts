// /api/user/logout: revokes the session on the server, then forgets it here whatever
// the answer (a person who asks to log out must end up logged out).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { clearSession } from '../../../lib/session.ts';
import { USER_INFO_KEY } from './get-user-info.ts';

export const logout = () => callApi('/api/user/logout');

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearSession();
      queryClient.removeQueries({ queryKey: USER_INFO_KEY });
    },
  });
}
