import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { registrationKey, type RegistrationView } from './types.ts';

/** Starts the registration again from the step that stopped. */
export const retry = (brandId: number) =>
  api<RegistrationView>(`/api/brands/${brandId}/texting/registration/retry`, { method: 'POST' });

export function useRetry(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => retry(brandId),
    onSuccess: (view) => queryClient.setQueryData(registrationKey(brandId), view),
  });
}
