import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { workflowsKey } from './get-workflows.ts';

export interface NewKeywordFlow {
  keyword: string;
  message: string;
  greeting?: string;
  name?: string;
  link_url?: string;
}

export interface KeywordFlow {
  id: number;
  name: string;
  keyword: string;
  greeting: string;
  message: string;
  state: string;
}

/** Starts a tap-to-text flow (admins): the keyword answers with the greeting asking for Y. */
export const createKeywordFlow = (brandId: number, body: NewKeywordFlow) =>
  api<{ flow: KeywordFlow }>(`/api/brands/${brandId}/keyword-flows`, { method: 'POST', body }).then((a) => a.flow);

export function useCreateKeywordFlow(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewKeywordFlow) => createKeywordFlow(brandId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowsKey(brandId) }),
  });
}
