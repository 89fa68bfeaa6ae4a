import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { agentKey, type AgentDecision } from './get-agent.ts';

/** Marks the agent's answer wrong: its card counts less for that topic; the insights page lists it. */
export const markWrong = (brandId: number, messageId: number, note: string | null) =>
  api<{ decision: AgentDecision }>(`/api/brands/${brandId}/agent/decisions/${messageId}/wrong`, {
    method: 'POST',
    body: { note },
  });

export function useMarkWrong(brandId: number, conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { messageId: number; note: string | null }) => markWrong(brandId, input.messageId, input.note),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: agentKey(brandId, conversationId) }),
        queryClient.invalidateQueries({ queryKey: ['brands', brandId, 'agent', 'wrong-answers'] }),
      ]),
  });
}
