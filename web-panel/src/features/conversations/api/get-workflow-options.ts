import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The brand's workflows by id and name, for the inbox's workflow filter. */
export const getWorkflowOptions = (brandId: number, signal?: AbortSignal) =>
  api<{ items: Array<{ id: number; name: string }> }>(`/api/brands/${brandId}/workflows`, {
    query: { limit: 100 },
    signal,
  }).then((answer) => answer.items.map((w) => ({ id: w.id, name: w.name })));

export const workflowOptionsQuery = (brandId: number) =>
  queryOptions({
    queryKey: ['brands', brandId, 'workflows', 'options'],
    queryFn: ({ signal }) => getWorkflowOptions(brandId, signal),
    staleTime: 5 * 60_000,
  });

export const useWorkflowOptions = (brandId: number) => useQuery(workflowOptionsQuery(brandId));
