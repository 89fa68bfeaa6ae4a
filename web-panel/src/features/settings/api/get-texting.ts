import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { settingsKey, type Texting } from './types.ts';

/** The number texts go out from, its 10DLC registration when known, and the quiet-hours rules. */
export const getTexting = (brandId: number, signal?: AbortSignal) =>
  api<Texting>(`/api/brands/${brandId}/texting`, { signal });

export const textingQuery = (brandId: number) =>
  queryOptions({
    queryKey: [...settingsKey(brandId), 'texting'],
    queryFn: ({ signal }) => getTexting(brandId, signal),
  });

export const useTexting = (brandId: number) => useQuery(textingQuery(brandId));
