import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiAnswer } from '../../../lib/api.ts';
import { api } from '../../../lib/api-client.ts';
import { teamKey } from './types.ts';

type Reinvited = ApiAnswer<'/api/brands/{brandId}/team/members/{memberId}/reinvite', 'post'>;

/** A fresh setup link by mail for a member who has not accepted yet. */
export const reinvite = (brandId: number, memberId: number) =>
  api<Reinvited>(`/api/brands/${brandId}/team/members/${memberId}/reinvite`, { method: 'POST' });

export function useReinvite(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: number) => reinvite(brandId, memberId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey(brandId) }),
  });
}
