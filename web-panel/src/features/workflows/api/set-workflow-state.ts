import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { workflowsKey } from './get-workflows.ts';
import type { Workflow } from './types.ts';

export type Transition = 'pause' | 'resume';

/** Pauses (it selects nobody until resumed) or resumes a workflow. */
export const setWorkflowState = (brandId: number, workflowId: number, transition: Transition) =>
  api<{ workflow: Workflow }>(`/api/brands/${brandId}/workflows/${workflowId}/${transition}`, {
    method: 'POST',
    body: {},
  }).then((a) => a.workflow);

/** The mutation; on success the brand's workflow lists, pages and stats (home's funnel too) refetch. */
export function useSetWorkflowState(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ workflowId, transition }: { workflowId: number; transition: Transition }) =>
      setWorkflowState(brandId, workflowId, transition),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workflowsKey(brandId) }),
        queryClient.invalidateQueries({ queryKey: ['brands', brandId, 'stats'] }),
      ]),
  });
}
