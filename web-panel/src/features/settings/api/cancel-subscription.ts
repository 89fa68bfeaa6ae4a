import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { settingsKey } from './types.ts';

/** Cancels the live subscription (else the pending checkout) at its gateway. */
export const cancelSubscription = (brandId: number) =>
  api<{ subscription_id: number; status: string; was: string }>(`/api/brands/${brandId}/subscription`, {
    method: 'DELETE',
  });

export function useCancelSubscription(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelSubscription(brandId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKey(brandId) }),
  });
}
