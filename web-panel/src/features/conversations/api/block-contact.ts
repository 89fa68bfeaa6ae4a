import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Blocks a shopper: every text channel unsubscribed and blocked, queued texts skipped. */
export const blockContact = (brandId: number, contactId: number) =>
  api<{ contact_id: number; skipped_messages: number }>(`/api/brands/${brandId}/contacts/${contactId}/block`, {
    method: 'POST',
    body: {},
  });

/** A block changes every conversation of the shopper (consent, reply, skipped texts) and the lists. */
export function useBlockContact(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactId: number) => blockContact(brandId, contactId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['brands', brandId, 'conversations'] }),
  });
}
