import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { workflowsKey } from './get-workflows.ts';
import type { Workflow } from './types.ts';

export type NewWorkflow = { template: string } | { type: string; name: string };

/** A paused draft from a template, or blank with a type and a name. */
export const createWorkflow = (brandId: number, body: NewWorkflow) =>
  api<{ workflow: Workflow }>(`/api/brands/${brandId}/workflows`, { method: 'POST', body }).then((a) => a.workflow);

export function useCreateWorkflow(brandId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewWorkflow) => createWorkflow(brandId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowsKey(brandId) }),
  });
}
