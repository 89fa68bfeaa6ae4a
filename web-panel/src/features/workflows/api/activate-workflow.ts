import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { workflowsKey } from './get-workflows.ts';
import type { Workflow } from './types.ts';

/** Activates a workflow (admins): checked as a whole, then it runs. */
export const activateWorkflow = (brandId: number, workflowId: number) =>
  api<{ workflow: Workflow }>(`/api/brands/${brandId}/workflows/${workflowId}/activate`, {
    method: 'POST',
    body: {},
  }).then((a) => a.workflow);

export function useActivateWorkflow(brandId: number, workflowId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => activateWorkflow(brandId, workflowId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: workflowsKey(brandId) }),
        queryClient.invalidateQueries({ queryKey: ['brands', brandId, 'stats'] }),
      ]),
  });
}
