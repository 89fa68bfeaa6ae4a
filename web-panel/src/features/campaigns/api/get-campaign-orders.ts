import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { campaignsKey, type RecoveredOrder } from './types.ts';

export const getCampaignOrders = (brandId: number, id: number, signal?: AbortSignal) =>
  api<{ items: RecoveredOrder[] }>(`/api/brands/${brandId}/campaigns/${id}/orders`, { signal });

export const campaignOrdersQuery = (brandId: number, id: number) =>
  queryOptions({
    queryKey: [...campaignsKey(brandId), 'one', id, 'orders'],
    queryFn: ({ signal }) => getCampaignOrders(brandId, id, signal),
  });

export const useCampaignOrders = (brandId: number, id: number) => useQuery(campaignOrdersQuery(brandId, id));
