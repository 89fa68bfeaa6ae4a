import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { integrationsKey, type KlaviyoLink } from './types.ts';

/** Checks the Klaviyo link with an account lookup; the outcome is kept as its last check. */
export const checkKlaviyo = (brandId: number) =>
  api<KlaviyoLink>(`/api/brands/${brandId}/integrations/klaviyo/check`, { method: 'POST' });

export function useCheckKlaviyo(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => checkKlaviyo(brandId),
    onSuccess: (link) => queryClient.setQueryData([...integrationsKey(brandId), 'klaviyo'], link),
  });
}
