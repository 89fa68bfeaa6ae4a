import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Mails a reset link; the answer is the same for any e-mail (nothing tells whether it exists). */
export const forgotPassword = (input: { email: string }) =>
  api<{ message: string }>('/api/auth/forgot-password', { method: 'POST', body: input });
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });

export interface NewPassword {
  token: string;
  password: string;
  confirm_password: string;
}

export const resetPassword = (input: NewPassword) =>
  api<{ user_id: number; email: string; message: string }>('/api/auth/reset-password', { method: 'POST', body: input });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });

export interface Invite {
  kind: 'tenant' | 'partner';
  email: string;
  given_name: string | null;
  family_name: string | null;
  expires_at: string;
}

export const getInvite = (token: string, signal?: AbortSignal) =>
  api<Invite>('/api/auth/invite', { query: { token }, signal });
export const useInvite = (token: string) =>
  useQuery({
    queryKey: ['auth', 'invite', token],
    queryFn: ({ signal }) => getInvite(token, signal),
    enabled: !!token,
  });

export const setupAccount = (input: NewPassword & { given_name?: string; family_name?: string }) =>
  api<{ user_id: number; email: string; kind: 'tenant' | 'partner' }>('/api/auth/setup-account', {
    method: 'POST',
    body: input,
  });
export const useSetupAccount = () => useMutation({ mutationFn: setupAccount });
