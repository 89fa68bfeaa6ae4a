import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { campaignsKey, type CampaignPermissions } from './types.ts';

export const getCampaignPermissions = (brandId: number, signal?: AbortSignal) =>
  api<CampaignPermissions>(`/api/brands/${brandId}/campaign-permissions`, { signal });

export const campaignPermissionsQuery = (brandId: number) =>
  queryOptions({
    queryKey: [...campaignsKey(brandId), 'permissions'],
    queryFn: ({ signal }) => getCampaignPermissions(brandId, signal),
    staleTime: 5 * 60_000,
  });

export const useCampaignPermissions = (brandId: number) => useQuery(campaignPermissionsQuery(brandId));
