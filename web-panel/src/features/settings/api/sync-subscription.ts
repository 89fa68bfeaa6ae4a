import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { settingsKey } from './types.ts';

export interface SyncAnswer {
  changes: Array<{ subscription_id: number; from: string; to: string }>;
  errors: string[];
}

/** Reads the brand's subscription from its gateway now (back from a checkout). */
export const syncSubscription = (brandId: number) =>
  api<SyncAnswer>(`/api/brands/${brandId}/subscription/sync`, { method: 'POST' });

export function useSyncSubscription(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => syncSubscription(brandId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKey(brandId) }),
  });
}
