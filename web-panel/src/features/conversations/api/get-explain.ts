import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Explanation } from './types.ts';

export type ExplainSubject = { kind: 'cart' | 'order'; id: number };

/** Why the shopper of a cart (or order) was or was not texted, per workflow (the explain API). */
export const getExplanation = (brandId: number, subject: ExplainSubject, signal?: AbortSignal) =>
  api<Explanation>(`/api/brands/${brandId}/${subject.kind}s/${subject.id}/explain`, { signal });

export const explanationQuery = (brandId: number, subject: ExplainSubject | null, enabled: boolean) =>
  queryOptions({
    queryKey: ['brands', brandId, 'explain', subject?.kind ?? 'none', subject?.id ?? 0],
    queryFn: ({ signal }) => getExplanation(brandId, subject!, signal),
    enabled: enabled && subject !== null,
  });

export const useExplanation = (brandId: number, subject: ExplainSubject | null, enabled: boolean) =>
  useQuery(explanationQuery(brandId, subject, enabled));
