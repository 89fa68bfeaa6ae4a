import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adsKey, type AdSummary } from './types.ts';

export const ADS_PAGE_SIZE = 24;

export const getAds = (brandId: number, offset: number, signal?: AbortSignal) =>
  api<{ items: AdSummary[]; total: number }>(`/api/brands/${brandId}/ads`, {
    query: { offset, limit: ADS_PAGE_SIZE },
    signal,
  });

export const adsQuery = (brandId: number, offset: number) =>
  queryOptions({
    queryKey: [...adsKey(brandId), 'list', { offset }],
    queryFn: ({ signal }) => getAds(brandId, offset, signal),
    placeholderData: keepPreviousData,
  });

export const useAds = (brandId: number, offset: number) => useQuery(adsQuery(brandId, offset));
