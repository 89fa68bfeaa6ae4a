import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Authorize } from './types.ts';

/** Slack's authorize link for this brand (the admin approves there; Slack sends them back). */
export const connectSlack = (brandId: number) =>
  api<Authorize>(`/api/brands/${brandId}/integrations/slack/connect`, { method: 'POST' });

export const useConnectSlack = (brandId: number) => useMutation({ mutationFn: () => connectSlack(brandId) });
