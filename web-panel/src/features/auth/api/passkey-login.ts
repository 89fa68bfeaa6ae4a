import { useMutation } from '@tanstack/react-query';
import { api, auth, type Session } from '../../../lib/api-client.ts';
import type { LoginAnswer } from './login.ts';
import { getAssertion } from './webauthn.ts';

/** Passkey sign-in: options from the server, the browser's assertion, verified by the server. */
export async function passkeyLogin({ email }: { email: string }): Promise<Session> {
  const options = await api<Parameters<typeof getAssertion>[0]>('/api/auth/passkeys/login/options', {
    method: 'POST',
    body: { email },
  });
  let response: Record<string, unknown>;
  try {
    response = await getAssertion(options);
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'NotAllowedError' || name === 'AbortError') throw new Error('Passkey sign-in was cancelled.');
    throw error;
  }
  return auth.accept(
    await api<LoginAnswer>('/api/auth/passkeys/login/verify', {
      method: 'POST',
      body: { email, response, app: 'brand' },
    }),
  );
}

export const usePasskeyLogin = () => useMutation({ mutationFn: passkeyLogin });
