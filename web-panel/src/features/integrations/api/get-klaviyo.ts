import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { integrationsKey, type KlaviyoLink } from './types.ts';

/** The brand's Klaviyo link: how it is connected, the account, last check. */
export const getKlaviyo = (brandId: number, signal?: AbortSignal) =>
  api<KlaviyoLink>(`/api/brands/${brandId}/integrations/klaviyo`, { signal });

export const klaviyoQuery = (brandId: number) =>
  queryOptions({
    queryKey: [...integrationsKey(brandId), 'klaviyo'],
    queryFn: ({ signal }) => getKlaviyo(brandId, signal),
  });

export const useKlaviyo = (brandId: number) => useQuery(klaviyoQuery(brandId));
