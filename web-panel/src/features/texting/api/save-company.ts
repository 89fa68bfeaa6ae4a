import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { registrationKey, type CompanyBody, type RegistrationView } from './types.ts';

/** Saves the company details (nothing is saved when a field is refused). */
export const saveCompany = (brandId: number, body: CompanyBody) =>
  api<RegistrationView>(`/api/brands/${brandId}/texting/registration/settings`, { method: 'PUT', body });

export function useSaveCompany(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyBody) => saveCompany(brandId, body),
    onSuccess: (view) => queryClient.setQueryData(registrationKey(brandId), view),
  });
}
