import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ApiAnswer } from '../../../lib/api.ts';

/** One brand as the API answers it (with `currency`, ISO 4217, on one brand's answer). */
export type ApiBrand = ApiAnswer<'/api/brands/{brandId}'>['brand'];

export const getBrand = (brandId: number, signal?: AbortSignal) =>
  api<{ brand: ApiBrand }>(`/api/brands/${brandId}`, { signal }).then((answer) => answer.brand);

export const brandQuery = (brandId: number) =>
  queryOptions({
    queryKey: ['brands', brandId],
    queryFn: ({ signal }) => getBrand(brandId, signal),
    staleTime: 5 * 60_000,
  });

export const useBrandQuery = (brandId: number) => useQuery(brandQuery(brandId));
