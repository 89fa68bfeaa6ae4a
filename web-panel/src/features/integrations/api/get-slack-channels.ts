import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { integrationsKey, type SlackChannels } from './types.ts';

/** The workspace's public channels; asked only once Slack is connected. */
export const getSlackChannels = (brandId: number, signal?: AbortSignal) =>
  api<SlackChannels>(`/api/brands/${brandId}/integrations/slack/channels`, { signal });

export const slackChannelsQuery = (brandId: number, enabled: boolean) =>
  queryOptions({
    queryKey: [...integrationsKey(brandId), 'slack', 'channels'],
    queryFn: ({ signal }) => getSlackChannels(brandId, signal),
    enabled,
  });

export const useSlackChannels = (brandId: number, enabled: boolean) => useQuery(slackChannelsQuery(brandId, enabled));
