import { useMutation } from '@tanstack/react-query';
import { api, auth, type Session } from '../../../lib/api-client.ts';
import type { LoginAnswer } from './login.ts';

/**
 * `/auth/redirect?token=`: a sign-in made elsewhere (a store's app) hands over its refresh token;
 * exchanging it once sets this browser's cookie and opens the session.
 */
export const exchangeToken = async (token: string): Promise<Session> =>
  auth.accept(await api<LoginAnswer>('/api/auth/refresh', { method: 'POST', body: { refresh_token: token } }));

export const useExchangeToken = () => useMutation({ mutationFn: exchangeToken });
