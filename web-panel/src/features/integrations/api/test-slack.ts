import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { integrationsKey, type SlackTest } from './types.ts';

/** Checks the token and sends one test message to the channel. */
export const testSlack = (brandId: number) =>
  api<SlackTest>(`/api/brands/${brandId}/integrations/slack/test`, { method: 'POST' });

export function useTestSlack(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => testSlack(brandId),
    onSuccess: (answer) => queryClient.setQueryData([...integrationsKey(brandId), 'slack'], answer.slack),
    onError: () => queryClient.invalidateQueries({ queryKey: [...integrationsKey(brandId), 'slack'] }),
  });
}
