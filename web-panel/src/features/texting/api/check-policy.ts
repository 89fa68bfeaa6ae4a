import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { PolicyResult } from './types.ts';

export interface PolicyPages {
  terms_url?: string;
  privacy_url?: string;
}

/** Reads the terms and privacy pages (the ones given, else the saved ones) and lists what is missing. */
export const checkPolicy = (brandId: number, body: PolicyPages) =>
  api<PolicyResult>(`/api/brands/${brandId}/texting/policy-check`, { method: 'POST', body });

export const useCheckPolicy = (brandId: number) =>
  useMutation({ mutationFn: (body: PolicyPages) => checkPolicy(brandId, body) });
