import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { settingsKey, type StoreConnection } from './types.ts';

/** The brand's store connections and their health. */
export const getStoreConnections = (brandId: number, signal?: AbortSignal) =>
  api<{ items: StoreConnection[] }>(`/api/brands/${brandId}/store-connections`, { signal });

export const storeConnectionsQuery = (brandId: number) =>
  queryOptions({
    queryKey: [...settingsKey(brandId), 'store-connections'],
    queryFn: ({ signal }) => getStoreConnections(brandId, signal),
  });

export const useStoreConnections = (brandId: number) => useQuery(storeConnectionsQuery(brandId));
