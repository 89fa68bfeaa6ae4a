import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { integrationsKey, type SlackLink } from './types.ts';

/** Chooses the channel notifications go to. */
export const setSlackChannel = (brandId: number, channel: string) =>
  api<SlackLink>(`/api/brands/${brandId}/integrations/slack/channel`, { method: 'PUT', body: { channel } });

export function useSetSlackChannel(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channel: string) => setSlackChannel(brandId, channel),
    onSuccess: (link) => queryClient.setQueryData([...integrationsKey(brandId), 'slack'], link),
  });
}
