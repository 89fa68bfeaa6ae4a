import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { campaignsKey, type Campaign, type CampaignFields } from './types.ts';

export const createCampaign = (brandId: number, body: CampaignFields & { segment_id: number; message: string }) =>
  api<{ campaign: Campaign }>(`/api/brands/${brandId}/campaigns`, { method: 'POST', body }).then((a) => a.campaign);

export const updateCampaign = (brandId: number, id: number, body: CampaignFields) =>
  api<{ campaign: Campaign }>(`/api/brands/${brandId}/campaigns/${id}`, { method: 'PATCH', body }).then(
    (a) => a.campaign,
  );

/** A new draft (no id) or a change of one not sending yet; the campaigns are read again. */
export function useSaveCampaign(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: CampaignFields & { id?: number }) =>
      id === undefined
        ? createCampaign(brandId, body as CampaignFields & { segment_id: number; message: string })
        : updateCampaign(brandId, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsKey(brandId) }),
  });
}
