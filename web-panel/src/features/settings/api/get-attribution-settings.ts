import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { settingsKey, type AttributionSettings } from './types.ts';

/** Attribution model, evidence windows (hours) and holdout groups. */
export const getAttributionSettings = (brandId: number, signal?: AbortSignal) =>
  api<AttributionSettings>(`/api/brands/${brandId}/attribution/settings`, { signal });

export const attributionSettingsQuery = (brandId: number) =>
  queryOptions({
    queryKey: [...settingsKey(brandId), 'attribution/settings'],
    queryFn: ({ signal }) => getAttributionSettings(brandId, signal),
  });

export const useAttributionSettings = (brandId: number) => useQuery(attributionSettingsQuery(brandId));
