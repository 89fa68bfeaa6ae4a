import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { kbKey, type KbCard } from './types.ts';

export interface KbCardFields {
  title: string;
  content: string;
  status?: KbCard['status'];
}

/** Adds a card, written by the signed-in user (a draft unless published by an admin). */
export const createKbCard = (brandId: number, body: KbCardFields) =>
  api<{ card: KbCard }>(`/api/brands/${brandId}/kb/cards`, { method: 'POST', body }).then((a) => a.card);

export function useCreateKbCard(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: KbCardFields) => createKbCard(brandId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kbKey(brandId) }),
  });
}
