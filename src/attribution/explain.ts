/**
 * `reclaim orders explain`: why a brand is billed (or not) for an order, from the evidence ledger
 * (the rule, its window, each piece of evidence with its time) and the live feed rule.
 */
import { AppError } from '../app/index.ts';
import type { Handle } from '../db/index.ts';
import { evidenceReasonCode, type EvidenceReasonCode } from './rules.ts';
import { readEvidence } from './store/ledger.ts';
import { isLiveFeedRecovered, loadOrder } from './store/orders.ts';

export interface EvidenceItemView {
  kind: string;
  id: number;
  code?: string;
  conversation_id: number;
  workflow_id: number | null;
  at: string;
  hours_before: number;
  window_hours: number;
  counted: boolean;
  reason: string;
  /** The reason as a machine value (the panel's words). */
  reason_code: EvidenceReasonCode;
}

export interface OrderExplanation {
  order: {
    id: number;
    brand_id: number;
    number: string | null;
    state: string;
    total: string;
    currency: string;
    created_at: string;
    billing_status: string | null;
    recovered_at: string | null;
    workflow_id: number | null;
    discount_codes: string[];
  };
  billed: boolean;
  live_feed_recovered: boolean;
  summary: string;
  decision: {
    recovered: boolean;
    rule: string;
    attribution_type: string;
    window_hours: number | null;
    hard_cap_days: number | null;
    windows: Record<string, number>;
    conversation_id: number | null;
    workflow_id: number | null;
    decided_at: string;
    warnings: string[];
    billing_note: string | null;
    items: EvidenceItemView[];
  } | null;
}

const BILLED = ['billable', 'processing', 'complete'];

/** The summary of an order not attributed yet (the CLI adds the command that attributes it now). */
export const NOT_DECIDED_YET = 'Not billed: no attribution decision recorded yet.';

export async function explainOrder(
  db: Handle,
  { orderId, brandId }: { orderId: number; brandId?: number },
): Promise<OrderExplanation> {
  const order = await loadOrder(db, orderId, { brandId });
  if (!order) throw new AppError('not_found', 'Order not found');
  const stored = await readEvidence(db, order.id);
  const liveFeedRecovered = await isLiveFeedRecovered(db, order.id);
  const billed = order.billing_status !== null && BILLED.includes(order.billing_status);
  const e = stored?.evidence ?? {};

  let summary: string;
  if (stored) {
    const why = String(e.summary ?? stored.rule);
    summary = billed ? `Billed: ${why}` : `Not billed: ${why.replace(/^not recovered: /, '')}`;
    if (e.cancelled === true) summary += '; the order was cancelled afterwards, so it is not billable';
  } else if (order.state === 'pending')
    summary = 'Not billed: the order is pending; attribution runs when it is complete.';
  else if (order.state === 'cancelled') summary = 'Not billed: the order is cancelled.';
  else summary = NOT_DECIDED_YET;

  return {
    order: {
      id: order.id,
      brand_id: order.brand_id,
      number: order.number,
      state: order.state,
      total: order.total,
      currency: order.currency,
      created_at: order.created_at.toISOString(),
      billing_status: order.billing_status,
      recovered_at: order.recovered_at?.toISOString() ?? null,
      workflow_id: order.workflow_id,
      discount_codes: order.discount_codes,
    },
    billed,
    live_feed_recovered: liveFeedRecovered,
    summary,
    decision: stored
      ? {
          recovered: e.decision === 'recovered',
          rule: stored.rule,
          attribution_type: String(e.attribution_type ?? ''),
          window_hours: stored.window_hours,
          hard_cap_days: typeof e.hard_cap_days === 'number' ? e.hard_cap_days : null,
          windows: (e.windows ?? {}) as Record<string, number>,
          conversation_id: stored.conversation_id,
          workflow_id: stored.workflow_id,
          decided_at: stored.decided_at.toISOString(),
          warnings: Array.isArray(e.warnings) ? (e.warnings as string[]) : [],
          billing_note: typeof e.billing_note === 'string' ? e.billing_note : null,
          items: Array.isArray(e.items)
            ? (e.items as Omit<EvidenceItemView, 'reason_code'>[]).map((item) => ({
                ...item,
                reason_code: evidenceReasonCode(item.reason),
              }))
            : [],
        }
      : null,
  };
}
