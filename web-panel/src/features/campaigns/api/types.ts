/** Shapes of the campaigns answers (see /api/openapi.json, tag "campaigns"). */
export type CampaignState = 'draft' | 'scheduled' | 'sending' | 'sent' | 'cancelled';

export interface CampaignProgress {
  state: CampaignState;
  scheduled_for: string | null;
  targeted: number;
  queued: number;
  held: number;
  pending: number;
  sent: number;
  delivered: number;
  /** Sent, then not delivered: counted in sent and in failed. */
  undelivered: number;
  failed: number;
  /** Left out at freeze or send time, by reason. */
  skipped: Record<string, number>;
  clicked: number;
  replied: number;
  recovered: number;
  recovered_revenue: string;
  /** When the texts not sent yet will have gone out at the brand's number's pace; null when none is left or there is no pace. */
  estimated_finish_at: string | null;
  /** The brand's number's pace (texts per second and per day); null without one. */
  pace: { per_second: number; per_day: number } | null;
}

export interface Campaign {
  id: number;
  brand_id: number;
  name: string;
  timezone: string;
  segment: { id: number; name: string } | null;
  message: string;
  link_url: string | null;
  cutoff_hours: number | null;
  smart_sending: boolean;
  discount: string | null;
  progress: CampaignProgress;
}

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
