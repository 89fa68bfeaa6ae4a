import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { escalationsKey } from './get-escalations.ts';
import { kbKey, type KbCard } from './types.ts';

/**
 * Saves an escalated question's answer and makes it a KB card (a draft, or published when an admin
 * asks): the question as its title, the answer as its text; the escalation is marked added to the
 * knowledge base.
 */
export async function promoteEscalation(
  brandId: number,
  escalationId: number,
  answer: { processed_question: string; processed_response: string; publish?: boolean },
): Promise<KbCard> {
  const { publish, ...processed } = answer;
  await api(`/api/brands/${brandId}/escalations/${escalationId}`, { method: 'PATCH', body: processed });
  const { card } = await api<{ card: KbCard }>(`/api/brands/${brandId}/escalations/${escalationId}/kb-card`, {
    method: 'POST',
    body: publish ? { status: 'published' } : {},
  });
  return card;
}

export function usePromoteEscalation(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; processed_question: string; processed_response: string; publish?: boolean }) =>
      promoteEscalation(brandId, input.id, input),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: kbKey(brandId) });
      await queryClient.invalidateQueries({ queryKey: escalationsKey(brandId) });
    },
  });
}
