import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { workflowsKey } from './get-workflows.ts';

export interface WorkflowChange {
  id: number;
  action: 'created' | 'updated' | 'activated' | 'paused' | 'resumed' | 'deleted';
  actor: 'user' | 'cli';
  user: { id: number; name: string } | null;
  changes: Record<string, { from: unknown; to: unknown }>;
  created_at: string;
}

/** The workflow's history, newest first (GET /api/brands/:id/workflows/:id/changes). */
export const getWorkflowChanges = (brandId: number, workflowId: number, signal?: AbortSignal) =>
  api<{ items: WorkflowChange[]; total: number }>(`/api/brands/${brandId}/workflows/${workflowId}/changes`, {
    query: { limit: 50 },
    signal,
  });

// Under the workflows key: every mutation of a workflow invalidates it with the lists.
export const workflowChangesQuery = (brandId: number, workflowId: number) =>
  queryOptions({
    queryKey: [...workflowsKey(brandId), 'changes', workflowId],
    queryFn: ({ signal }) => getWorkflowChanges(brandId, workflowId, signal),
  });

export const useWorkflowChanges = (brandId: number, workflowId: number) =>
  useQuery(workflowChangesQuery(brandId, workflowId));
