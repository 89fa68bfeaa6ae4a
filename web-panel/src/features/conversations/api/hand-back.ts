import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { agentKey } from './get-agent.ts';

/** Hands a conversation a person took over back to the shopper agent. */
export const handBack = (brandId: number, conversationId: number) =>
  api<{ conversation_id: number; handed_back_at: string }>(
    `/api/brands/${brandId}/agent/conversations/${conversationId}/hand-back`,
    { method: 'POST', body: {} },
  );

export function useHandBack(brandId: number, conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => handBack(brandId, conversationId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: agentKey(brandId, conversationId) }),
  });
}
