/**
 * Making ads from the panel: what the form offers, a generation job started (the server reads the
 * site, writes the concepts and makes the images in the background) and polled until it is done,
 * and one concept made again.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { ApiAnswer, ApiBody } from '../../../lib/api.ts';
import { adsKey, type Ad } from './types.ts';

export type AdOptions = ApiAnswer<'/api/brands/{brandId}/ads/options'>;
export type NewAd = ApiBody<'/api/brands/{brandId}/ad-jobs'>;
export type AdJob = ApiAnswer<'/api/brands/{brandId}/ad-jobs', 'post'>['job'];

/** How often a working job is asked for its progress. */
export const AD_JOB_POLL_MS = 700;

export const useAdOptions = (brandId: number) =>
  useQuery({
    queryKey: [...adsKey(brandId), 'options'],
    queryFn: ({ signal }) => api<AdOptions>(`/api/brands/${brandId}/ads/options`, { signal }),
    staleTime: 5 * 60_000,
  });

export const useStartAdJob = (brandId: number) =>
  useMutation({
    mutationFn: (body: NewAd) =>
      api<{ job: AdJob }>(`/api/brands/${brandId}/ad-jobs`, { method: 'POST', body }).then((a) => a.job),
  });

/** The job's progress, asked again every AD_JOB_POLL_MS while it works. */
export const useAdJob = (brandId: number, jobId: string | undefined) =>
  useQuery({
    queryKey: [...adsKey(brandId), 'job', jobId],
    queryFn: ({ signal }) =>
      api<{ job: AdJob }>(`/api/brands/${brandId}/ad-jobs/${jobId}`, { signal }).then((a) => a.job),
    enabled: jobId !== undefined,
    refetchInterval: (query) => (query.state.data?.state === 'working' || !query.state.data ? AD_JOB_POLL_MS : false),
  });

export function useRegenerateConcept(brandId: number, adId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (index: number) =>
      api<{ ad: Ad }>(`/api/brands/${brandId}/ads/${adId}/concepts/${index}/regenerate`, { method: 'POST' }).then(
        (a) => a.ad,
      ),
    onSuccess: (ad) => {
      queryClient.setQueryData([...adsKey(brandId), 'one', adId], ad);
      void queryClient.invalidateQueries({ queryKey: adsKey(brandId), exact: false });
    },
  });
}
