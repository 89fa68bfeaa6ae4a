import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { teamKey, type InviteBody, type Invitations } from './types.ts';

/** Invites people by e-mail; each gets the mailed setup link. */
export const invite = (brandId: number, body: InviteBody) =>
  api<Invitations>(`/api/brands/${brandId}/team/invitations`, { method: 'POST', body });

export function useInvite(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteBody) => invite(brandId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey(brandId) }),
  });
}
