import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { campaignsKey, type Campaign } from './types.ts';

export const CAMPAIGNS_PAGE_SIZE = 25;

export const getCampaigns = (brandId: number, offset: number, signal?: AbortSignal) =>
  api<{ items: Campaign[]; total: number }>(`/api/brands/${brandId}/campaigns`, {
    query: { offset, limit: CAMPAIGNS_PAGE_SIZE },
    signal,
  });

export const campaignsQuery = (brandId: number, offset: number) =>
  queryOptions({
    queryKey: [...campaignsKey(brandId), 'list', { offset }],
    queryFn: ({ signal }) => getCampaigns(brandId, offset, signal),
    placeholderData: keepPreviousData,
    // A campaign that is sending moves; the list follows it.
    refetchInterval: (query) => (query.state.data?.items.some((c) => c.progress.state === 'sending') ? 10_000 : false),
  });

export const useCampaigns = (brandId: number, offset: number) => useQuery(campaignsQuery(brandId, offset));
