/**
 * The campaigns answers: the generated types of /api/openapi.json (tag "campaigns",
 * lib/api-types.ts), named here for the campaign pages.
 */
import type { ApiItem } from '../../../lib/api.ts';

export type Campaign = ApiItem<'/api/brands/{brandId}/campaigns'>;
export type CampaignProgress = Campaign['progress'];
export type CampaignState = CampaignProgress['state'];

export const campaignsKey = (brandId: number) => ['brands', brandId, 'campaigns'] as const;

export interface CampaignFields {
  name?: string;
  message?: string;
  segment_id?: number;
  link_url?: string | null;
  cutoff_hours?: number | null;
  smart_sending?: boolean;
  discount?: { type: string; value?: number; duration_days?: number } | null;
}

export interface CampaignPermissions {
  role: 'admin' | 'member';
  admin_only: string[];
  reason: string | null;
}

export interface TestResult {
  message_id: number;
  body: string;
  status: string;
  reason: string | null;
}

export interface RecoveredOrder {
  id: number;
  number: string | null;
  total: string;
  currency: string;
  recovered_at: string;
  conversation_id: number | null;
}

export interface OrderAttribution {
  summary: string;
  billed: boolean;
  decision: {
    rule: string;
    attribution_type: string;
    window_hours: number | null;
    items: Array<{
      kind: string;
      at: string;
      hours_before: number;
      window_hours: number;
      counted: boolean;
      reason: string;
    }>;
  } | null;
}
