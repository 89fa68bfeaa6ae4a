import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** What the composer counts a text with (GET /api/brands/:id/texting/composer). */
export interface ComposerContext {
  link_example: string;
  sample: { first_name: string; brand_name: string; discount_code: string; discount_value: string };
  segment_price: { amount: string; currency: 'USD' } | null;
}

export const getComposerContext = (brandId: number, signal?: AbortSignal) =>
  api<ComposerContext>(`/api/brands/${brandId}/texting/composer`, { signal });

export const composerContextQuery = (brandId: number) =>
  queryOptions({
    queryKey: ['brands', brandId, 'texting', 'composer'],
    queryFn: ({ signal }) => getComposerContext(brandId, signal),
    staleTime: 10 * 60_000,
  });

export const useComposerContext = (brandId: number) => useQuery(composerContextQuery(brandId));
