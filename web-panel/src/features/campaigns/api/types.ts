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
