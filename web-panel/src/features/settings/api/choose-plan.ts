import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { settingsKey, type PlanChoice } from './types.ts';

/** Chooses a plan: subscribes (a checkout to confirm) or changes the live subscription's plan. */
export const choosePlan = (brandId: number, body: { plan_id: number; billing_email?: string }) =>
  api<PlanChoice>(`/api/brands/${brandId}/subscription`, { method: 'POST', body });

export function useChoosePlan(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { plan_id: number; billing_email?: string }) => choosePlan(brandId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKey(brandId) }),
  });
}
