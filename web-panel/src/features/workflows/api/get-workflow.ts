import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { workflowsKey } from './get-workflows.ts';
import type { Workflow } from './types.ts';

/** One workflow: message, rules and discount. */
export const getWorkflow = (brandId: number, workflowId: number, signal?: AbortSignal) =>
  api<{ workflow: Workflow }>(`/api/brands/${brandId}/workflows/${workflowId}`, { signal }).then((a) => a.workflow);

export const workflowQuery = (brandId: number, workflowId: number) =>
  queryOptions({
    queryKey: [...workflowsKey(brandId), 'one', workflowId],
    queryFn: ({ signal }) => getWorkflow(brandId, workflowId, signal),
  });

export const useWorkflow = (brandId: number, workflowId: number) => useQuery(workflowQuery(brandId, workflowId));
