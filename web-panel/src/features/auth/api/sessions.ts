import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiAnswer } from '../../../lib/api.ts';
import { api } from '../../../lib/api-client.ts';

export type UserSession = ApiAnswer<'/api/auth/sessions'>['sessions'][number];
export const sessionsKey = ['me', 'sessions'] as const;

export const sessionsQuery = () =>
  queryOptions({
    queryKey: sessionsKey,
    queryFn: ({ signal }) => api<{ sessions: UserSession[] }>('/api/auth/sessions', { signal }),
  });

export const useSessions = () => useQuery(sessionsQuery());

export const signOutOthers = () =>
  api<{ signed_out: number }>('/api/auth/sessions/sign-out-others', { method: 'POST' });

export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutOthers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}
