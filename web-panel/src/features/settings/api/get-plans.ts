import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { settingsKey, type PlanCatalogue } from './types.ts';

/** The plans the brand may choose, the gateway a choice goes through, and what waits to be charged. */
export const getPlans = (brandId: number, signal?: AbortSignal) =>
  api<PlanCatalogue>(`/api/brands/${brandId}/plans`, { signal });

export const plansQuery = (brandId: number) =>
  queryOptions({
    queryKey: [...settingsKey(brandId), 'plans'],
    queryFn: ({ signal }) => getPlans(brandId, signal),
  });

export const usePlans = (brandId: number) => useQuery(plansQuery(brandId));
