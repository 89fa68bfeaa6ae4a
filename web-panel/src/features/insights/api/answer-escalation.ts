import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ApiAnswer } from '../../../lib/api.ts';
import { escalationsKey } from './get-escalations.ts';

export type EscalationAnswer = ApiAnswer<'/api/brands/{brandId}/escalations/{escalationId}/answer', 'post'>;

/** Texts the answer to the shopper who asked (the person's reply) and records it as the processed response. */
export const answerEscalation = (brandId: number, escalationId: number, response: string) =>
  api<EscalationAnswer>(`/api/brands/${brandId}/escalations/${escalationId}/answer`, {
    method: 'POST',
    body: { response },
  });

export function useAnswerEscalation(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; response: string }) => answerEscalation(brandId, input.id, input.response),
    onSettled: () => queryClient.invalidateQueries({ queryKey: escalationsKey(brandId) }),
  });
}
