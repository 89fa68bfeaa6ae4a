import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Escalation } from './types.ts';

export const escalationsKey = (brandId: number) => ['brands', brandId, 'escalations'] as const;

/** The questions escalated to a person and not yet in the knowledge base, newest first. */
export const escalationsQuery = (brandId: number) =>
  queryOptions({
    queryKey: [...escalationsKey(brandId), 'open'],
    queryFn: ({ signal }) =>
      api<{ items: Escalation[]; total: number }>(`/api/brands/${brandId}/escalations`, {
        query: { is_added_kb: false, limit: 20 },
        signal,
      }),
  });

export const useEscalations = (brandId: number) => useQuery(escalationsQuery(brandId));
