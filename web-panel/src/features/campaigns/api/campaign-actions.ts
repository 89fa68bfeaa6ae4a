import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { campaignsKey, type Campaign, type TestResult } from './types.ts';

export const scheduleCampaign = (brandId: number, id: number, body: { at: string; confirm_past?: boolean }) =>
  api<{ campaign: Campaign }>(`/api/brands/${brandId}/campaigns/${id}/schedule`, { method: 'POST', body }).then(
    (a) => a.campaign,
  );

export const cancelCampaign = (brandId: number, id: number) =>
  api<{ campaign: Campaign; skipped_messages: number }>(`/api/brands/${brandId}/campaigns/${id}/cancel`, {
    method: 'POST',
  });

export const testCampaign = (brandId: number, id: number, to: string) =>
  api<TestResult>(`/api/brands/${brandId}/campaigns/${id}/test`, { method: 'POST', body: { to } });

export function useScheduleCampaign(brandId: number, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { at: string; confirm_past?: boolean }) => scheduleCampaign(brandId, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsKey(brandId) }),
  });
}

export function useCancelCampaign(brandId: number, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelCampaign(brandId, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignsKey(brandId) }),
  });
}

/** A test text: not part of the campaign's figures, so nothing is read again. */
export const useTestCampaign = (brandId: number, id: number) =>
  useMutation({ mutationFn: (to: string) => testCampaign(brandId, id, to) });
