import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { integrationsKey, type SlackLink } from './types.ts';

/** The brand's Slack link: workspace, channel, last check. */
export const getSlack = (brandId: number, signal?: AbortSignal) =>
  api<SlackLink>(`/api/brands/${brandId}/integrations/slack`, { signal });

export const slackQuery = (brandId: number) =>
  queryOptions({
    queryKey: [...integrationsKey(brandId), 'slack'],
    queryFn: ({ signal }) => getSlack(brandId, signal),
  });

export const useSlack = (brandId: number) => useQuery(slackQuery(brandId));
