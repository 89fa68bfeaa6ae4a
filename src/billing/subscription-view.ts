/**
 * A brand's subscription as the panel's settings show it: the live one (else the newest), its
 * status, plan (price, usage share, features) and gateway. Never an external id or a secret.
 */
import type { Handle } from '../db/index.ts';
import { LIVE_STATUSES } from './rules.ts';
import { findPlan } from './store/plans.ts';
import { brandSubscriptions } from './store/subscriptions.ts';

export interface SubscriptionView {
  id: number;
  status: string;
  gateway: string | null;
  started_at: Date | null;
  activated_at: Date | null;
  trial_end_at: Date | null;
  cancelled_at: Date | null;
  last_billed_at: Date | null;
  billing_email: string | null;
  /** A pending checkout the brand can still open. */
  checkout_url: string | null;
  current_period_end: string | null;
  /** Shopify: the usage cap asked for and not yet known to be approved. */
  requested_cap_usd: number | null;
  plan: {
    id: number;
    name: string;
    price: string;
    usage_charge_percentage: number;
    frequency: string;
    features: string[];
  } | null;
}

export async function brandSubscriptionView(db: Handle, brandId: number): Promise<SubscriptionView | null> {
  const all = await brandSubscriptions(db, brandId);
  const current = all.find((s) => LIVE_STATUSES.includes(s.status)) ?? all[0];
  if (!current) return null;
  const plan = await findPlan(db, current.plan_id);
  const features =
    plan && Array.isArray(plan.extra_data?.features) ? (plan.extra_data.features as unknown[]).map(String) : [];
  return {
    id: current.id,
    status: current.status,
    gateway: current.gateway,
    started_at: current.started_at,
    activated_at: current.activated_at,
    trial_end_at: current.trial_end_at,
    cancelled_at: current.cancelled_at,
    last_billed_at: current.last_billed_at,
    billing_email: current.billing_email ?? null,
    checkout_url:
      current.status === 'pending_setup' &&
      typeof current.extra_data.checkout_url === 'string' &&
      (typeof current.extra_data.checkout_expired_at !== 'string' ||
        Date.parse(current.extra_data.checkout_expired_at) > Date.now())
        ? current.extra_data.checkout_url
        : null,
    current_period_end:
      typeof current.extra_data.current_period_end === 'string' ? current.extra_data.current_period_end : null,
    requested_cap_usd:
      current.extra_data.requested_capped_amount === undefined
        ? null
        : Number(current.extra_data.requested_capped_amount),
    plan: plan
      ? {
          id: plan.id,
          name: plan.name,
          price: Number(plan.price).toFixed(2),
          usage_charge_percentage: Number(plan.usage_charge_percentage),
          frequency: plan.frequency,
          features,
        }
      : null,
  };
}
