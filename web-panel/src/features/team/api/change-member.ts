import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { teamKey, type Member, type MemberChange } from './types.ts';

/** A member's new role, a suspension, or its end. */
export const changeMember = (brandId: number, memberId: number, body: MemberChange) =>
  api<{ member: Member }>(`/api/brands/${brandId}/team/members/${memberId}`, { method: 'PATCH', body });

export function useChangeMember(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, ...body }: MemberChange & { memberId: number }) => changeMember(brandId, memberId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKey(brandId) }),
  });
}
