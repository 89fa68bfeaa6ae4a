import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { conversationKey } from './get-conversation.ts';
import { conversationListsKey } from './get-conversations.ts';
import { agentKey, type AgentDecision } from './get-agent.ts';

export interface DraftReview {
  messageId: number;
  action: 'send' | 'discard';
  /** The edited text (the draft as written when absent). */
  body?: string;
}

/** Sends the agent's draft (as written or edited) or discards it. */
export const reviewDraft = (brandId: number, input: DraftReview) =>
  api<{ decision: AgentDecision & { edited: boolean } }>(
    `/api/brands/${brandId}/agent/decisions/${input.messageId}/draft`,
    { method: 'POST', body: { action: input.action, ...(input.body === undefined ? {} : { body: input.body }) } },
  );

export function useReviewDraft(brandId: number, conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DraftReview) => reviewDraft(brandId, input),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: agentKey(brandId, conversationId) }),
        queryClient.invalidateQueries({ queryKey: conversationKey(brandId, conversationId) }),
        queryClient.invalidateQueries({ queryKey: conversationListsKey(brandId) }),
      ]),
  });
}
