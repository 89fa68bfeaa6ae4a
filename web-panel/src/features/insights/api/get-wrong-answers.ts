import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ApiItem } from '../../../lib/api.ts';

export type WrongAnswer = ApiItem<'/api/brands/{brandId}/agent/wrong-answers'>;

/** The agent's answers a brand user marked wrong, newest first (the same key the conversation page invalidates). */
export const wrongAnswersQuery = (brandId: number) =>
  queryOptions({
    queryKey: ['brands', brandId, 'agent', 'wrong-answers'],
    queryFn: ({ signal }) =>
      api<{ items: WrongAnswer[] }>(`/api/brands/${brandId}/agent/wrong-answers`, { query: { limit: 20 }, signal }),
  });

export const useWrongAnswers = (brandId: number) => useQuery(wrongAnswersQuery(brandId));
