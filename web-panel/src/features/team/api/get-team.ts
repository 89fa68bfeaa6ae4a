import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { teamKey, type Team } from './types.ts';

/** The brand's members (and, for a partner user, its partner's). */
export const getTeam = (brandId: number, signal?: AbortSignal) => api<Team>(`/api/brands/${brandId}/team`, { signal });

export const teamQuery = (brandId: number) =>
  queryOptions({ queryKey: teamKey(brandId), queryFn: ({ signal }) => getTeam(brandId, signal) });

export const useTeam = (brandId: number) => useQuery(teamQuery(brandId));
