import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { integrationsKey, type KlaviyoLink } from './types.ts';

/** Connects Klaviyo with a private API key (checked before it is kept). */
export const saveKlaviyoKey = (brandId: number, apiKey: string) =>
  api<KlaviyoLink>(`/api/brands/${brandId}/integrations/klaviyo/api-key`, {
    method: 'PUT',
    body: { api_key: apiKey },
  });

export function useSaveKlaviyoKey(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (apiKey: string) => saveKlaviyoKey(brandId, apiKey),
    onSuccess: (link) => queryClient.setQueryData([...integrationsKey(brandId), 'klaviyo'], link),
  });
}
