import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adsKey, type Ad } from './types.ts';

export const getAd = (brandId: number, adId: number, signal?: AbortSignal) =>
  api<{ ad: Ad }>(`/api/brands/${brandId}/ads/${adId}`, { signal }).then((answer) => answer.ad);

export const adQuery = (brandId: number, adId: number) =>
  queryOptions({
    queryKey: [...adsKey(brandId), 'one', adId],
    queryFn: ({ signal }) => getAd(brandId, adId, signal),
  });

export const useAd = (brandId: number, adId: number | undefined) =>
  useQuery({ ...adQuery(brandId, adId ?? 0), enabled: adId !== undefined });
