import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Authorize } from './types.ts';

/** Klaviyo's authorize link (OAuth with PKCE) for this brand. */
export const connectKlaviyo = (brandId: number) =>
  api<Authorize>(`/api/brands/${brandId}/integrations/klaviyo/connect`, { method: 'POST' });

export const useConnectKlaviyo = (brandId: number) => useMutation({ mutationFn: () => connectKlaviyo(brandId) });
