import { useMutation } from '@tanstack/react-query';
import { api, auth, type Session } from '../../../lib/api-client.ts';

export type LoginAnswer = Session & { access_token: string; refresh_token: string };

/** Password sign-in to the brand app; the server sets the refresh cookie, the access token stays in memory. */
export const login = async (input: { email: string; password: string }): Promise<Session> =>
  auth.accept(await api<LoginAnswer>('/api/auth/login', { method: 'POST', body: { ...input, app: 'brand' } }));

export const useLogin = () => useMutation({ mutationFn: login });
