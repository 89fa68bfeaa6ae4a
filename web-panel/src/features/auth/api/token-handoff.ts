import { useMutation } from '@tanstack/react-query';
import { api, auth, type Session } from '../../../lib/api-client.ts';
import type { LoginAnswer } from './login.ts';

/**
 * `/auth/redirect?token=`: a sign-in made elsewhere (a store's install or app open) hands over a
 * one-time, short-lived token; exchanging it sets this browser's cookie and opens the session.
 */
export const exchangeToken = async (token: string): Promise<Session> =>
  auth.accept(await api<LoginAnswer>('/api/auth/redirect', { method: 'POST', body: { token } }));

export const useExchangeToken = () => useMutation({ mutationFn: exchangeToken });
