import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { registrationKey, type RegistrationView } from './types.ts';

/** Starts the registration (the policy check runs first on the server). */
export const register = (brandId: number) =>
  api<RegistrationView>(`/api/brands/${brandId}/texting/registration`, { method: 'POST' });

export function useRegister(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => register(brandId),
    onSuccess: (view) => {
      queryClient.setQueryData(registrationKey(brandId), view);
      void queryClient.invalidateQueries({ queryKey: ['brands', brandId, 'settings'] });
    },
  });
}
