import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiAnswer } from '../../../lib/api.ts';
import { api } from '../../../lib/api-client.ts';
import { createCredential } from './webauthn.ts';

export type Passkey = ApiAnswer<'/api/auth/passkeys'>['passkeys'][number];
const passkeysKey = ['me', 'passkeys'] as const;

export const passkeysQuery = () =>
  queryOptions({
    queryKey: passkeysKey,
    queryFn: ({ signal }) => api<{ passkeys: Passkey[] }>('/api/auth/passkeys', { signal }),
  });

export const usePasskeys = () => useQuery(passkeysQuery());

/** Registers a passkey: options from the server, the browser makes it, the server verifies and keeps it. */
export async function addPasskey(name: string): Promise<Passkey> {
  const options = await api<Parameters<typeof createCredential>[0]>('/api/auth/passkeys/registration/options', {
    method: 'POST',
  });
  let response: Record<string, unknown>;
  try {
    response = await createCredential(options);
  } catch (error) {
    const kind = (error as Error).name;
    if (kind === 'NotAllowedError' || kind === 'AbortError') throw new Error('Adding the passkey was cancelled.');
    if (kind === 'InvalidStateError') throw new Error('This device already holds a passkey for your account.');
    throw error;
  }
  const answer = await api<{ passkey: Passkey }>('/api/auth/passkeys/registration/verify', {
    method: 'POST',
    body: { response, ...(name.trim() ? { name: name.trim() } : {}) },
  });
  return answer.passkey;
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export const removePasskey = (id: string) =>
  api<void>(`/api/auth/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}
