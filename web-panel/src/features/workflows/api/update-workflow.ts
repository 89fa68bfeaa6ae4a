import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { workflowsKey } from './get-workflows.ts';
import type { Rule, Workflow } from './types.ts';

/** The fields the editor saves (only those given change). */
export interface WorkflowChanges {
  name?: string;
  message?: string;
  delay_minutes?: number | string;
  condition?: 'AND' | 'OR';
  rules?: Rule[];
  main_rule?: Rule | null;
  discount?: { type: string; value?: number; duration_days?: number } | null;
}

export const updateWorkflow = (brandId: number, workflowId: number, body: WorkflowChanges) =>
  api<{ workflow: Workflow }>(`/api/brands/${brandId}/workflows/${workflowId}`, { method: 'PATCH', body }).then(
    (a) => a.workflow,
  );

export function useUpdateWorkflow(brandId: number, workflowId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkflowChanges) => updateWorkflow(brandId, workflowId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workflowsKey(brandId) }),
  });
}
