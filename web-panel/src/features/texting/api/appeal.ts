import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { registrationKey, type RegistrationView } from './types.ts';

/** Appeals a rejected campaign with what was fixed. */
export const appeal = (brandId: number, reason: string) =>
  api<RegistrationView>(`/api/brands/${brandId}/texting/registration/appeal`, { method: 'POST', body: { reason } });

export function useAppeal(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => appeal(brandId, reason),
    onSuccess: (view) => queryClient.setQueryData(registrationKey(brandId), view),
  });
}
