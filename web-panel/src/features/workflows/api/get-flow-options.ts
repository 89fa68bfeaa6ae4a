import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** What the scheduled-flow and keyword-flow forms offer (GET /api/brands/:id/flow-options). */
export interface FlowOptions {
  segments: Array<{ id: number; name: string }>;
  texting_number: string | null;
  timezone: string;
  default_greeting: string;
  can_start: boolean;
  reason: string | null;
}

export const flowOptionsQuery = (brandId: number) =>
  queryOptions({
    queryKey: ['brands', brandId, 'flow-options'],
    queryFn: ({ signal }) => api<FlowOptions>(`/api/brands/${brandId}/flow-options`, { signal }),
  });

export const useFlowOptions = (brandId: number) => useQuery(flowOptionsQuery(brandId));
