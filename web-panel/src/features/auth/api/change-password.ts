import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiAnswer, ApiBody } from '../../../lib/api.ts';
import { api, auth } from '../../../lib/api-client.ts';
import { sessionsKey } from './sessions.ts';

type Body = ApiBody<'/api/auth/password'>;
type Changed = ApiAnswer<'/api/auth/password', 'post'>;

/** Changes the password; the answer is this browser's new session (every other one ended). */
export async function changePassword(body: Body): Promise<Changed> {
  const answer = await api<Changed>('/api/auth/password', { method: 'POST', body });
  auth.accept(answer);
  return answer;
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
