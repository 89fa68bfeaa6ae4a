import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { campaignsKey, type Campaign } from './types.ts';

export const getCampaign = (brandId: number, id: number, signal?: AbortSignal) =>
  api<Campaign>(`/api/brands/${brandId}/campaigns/${id}`, { signal });

export const campaignQuery = (brandId: number, id: number) =>
  queryOptions({
    queryKey: [...campaignsKey(brandId), 'one', id],
    queryFn: ({ signal }) => getCampaign(brandId, id, signal),
    // A campaign that is sending moves; its page follows it.
    refetchInterval: (query) => (query.state.data?.progress.state === 'sending' ? 5_000 : false),
  });

export const useCampaign = (brandId: number, id: number) => useQuery(campaignQuery(brandId, id));
