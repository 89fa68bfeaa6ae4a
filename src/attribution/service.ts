/**
 * attributeOrder: decides whether a complete order was recovered by a workflow conversation,
 * writes the decision to the evidence ledger and, when recovered, bills it (see rules.ts for
 * the brand settings and their defaults).
 *
 * - Only complete orders are decided. A decision replaces the order's ledger row.
 * - A recovered order's attribution is final: running it again changes nothing (no second link,
 *   goal or goal event; same ledger row), except that its billing status follows the order:
 *   a cancelled order becomes 'not_billable' (recovered_at, workflow, link, goal and ledger stay as
 *   history; the ledger notes the cancellation), and a reinstated one billable again.
 * - A not-recovered order is decided again on each run (a late click can still recover it).
 */
import { AppError, type AppContext } from '../app/index.ts';
import { withTransaction, type Tx } from '../db/index.ts';
import { markCheckoutRecovered, markOrderRecovered, setOrdersBillingStatus } from '../stores/index.ts';
import {
  billingStatusFor,
  decideAttribution,
  resolveAttributionSettings,
  summarize,
  type AttributionDecision,
  type AttributionRule,
} from './rules.ts';
import { gatherEvidence, type ConversationMeta } from './store/evidence.ts';
import { linkOrderConversation, recordOrderGoal, recordOrderGoalEvent } from './store/goals.ts';
import { patchEvidence, readEvidence, saveEvidence } from './store/ledger.ts';
import { loadOrder, type OrderForAttribution } from './store/orders.ts';

export interface AttributionResult {
  recovered: boolean;
  /** The deciding rule (rules.ts AttributionRule), or 'not_complete' when nothing was decided. */
  rule?: AttributionRule | 'not_complete';
  conversationId?: number;
  billingStatus?: string | null;
}

export async function attributeOrder(ctx: AppContext, orderId: number): Promise<AttributionResult> {
  const result = await withTransaction(ctx.db, (tx) => attributeInTransaction(tx, orderId));
  ctx.logger.info(
    {
      order_id: orderId,
      recovered: result.recovered,
      rule: result.rule,
      conversation_id: result.conversationId ?? null,
      billing_status: result.billingStatus ?? null,
    },
    'order attribution',
  );
  return result;
}

async function attributeInTransaction(tx: Tx, orderId: number): Promise<AttributionResult> {
  const order = await loadOrder(tx, orderId, { lock: true });
  if (!order) throw new AppError('not_found', 'Order not found');
  if (order.recovered_at !== null) return keepDecision(tx, order);
  if (order.state !== 'complete')
    return { recovered: false, rule: 'not_complete', billingStatus: order.billing_status };

  const settings = resolveAttributionSettings(order.brand);
  const from = new Date(order.created_at.getTime() - settings.hardCapDays * 86_400_000);
  const { items, conversations } = await gatherEvidence(tx, order, from);
  const decision = decideAttribution(order.created_at, items, settings);
  const conversation = decision.conversationId === undefined ? undefined : conversations.get(decision.conversationId);
  const billingStatus = decision.recovered ? billingStatusFor(order.state, order.billing_status) : order.billing_status;

  await saveEvidence(tx, {
    brand_id: order.brand_id,
    order_id: order.id,
    conversation_id: decision.conversationId ?? null,
    workflow_id: decision.workflowId ?? null,
    rule: decision.rule,
    window_hours: decision.windowHours,
    evidence: ledgerEvidence(order, decision, settings, billingStatus),
  });
  if (!decision.recovered || !conversation) return { recovered: false, rule: decision.rule, billingStatus };

  await recordRecovery(tx, order, {
    conversation,
    billingStatus: billingStatus!,
    attribution: {
      type: decision.rule,
      conversation_source: conversation.workflow_type ?? 'conversation',
      model: settings.type,
      conversation_id: conversation.id,
      workflow_id: conversation.workflow_id,
      window_hours: decision.windowHours,
    },
  });
  return { recovered: true, rule: decision.rule, conversationId: conversation.id, billingStatus };
}

/**
 * Everything a recovered order gets, each written once: billing status, recovered_at, workflow,
 * extra_data.attribution; the order_conversations link; the workflow goal; the 'converted' goal
 * event and, for the checkout/cart's goal, 'recovered' (the checkout itself becomes recovered).
 */
async function recordRecovery(
  tx: Tx,
  order: OrderForAttribution,
  {
    conversation,
    billingStatus,
    attribution,
  }: { conversation: ConversationMeta; billingStatus: string; attribution: Record<string, unknown> },
): Promise<void> {
  await markOrderRecovered(tx, order.id, { billingStatus, workflowId: conversation.workflow_id, attribution });
  await linkOrderConversation(tx, { brandId: order.brand_id, orderId: order.id, conversationId: conversation.id });
  await recordOrderGoal(tx, {
    brandId: order.brand_id,
    contactId: order.contact_id,
    workflowId: conversation.workflow_id,
    conversationId: conversation.id,
    orderId: order.id,
  });
  const checkoutId = order.checkout_id ?? conversation.checkout_id;
  const cartId = order.cart_id ?? conversation.cart_id;
  const states: ('converted' | 'recovered')[] =
    checkoutId !== null || cartId !== null ? ['converted', 'recovered'] : ['converted'];
  for (const state of states)
    await recordOrderGoalEvent(tx, {
      brandId: order.brand_id,
      workflowId: conversation.workflow_id,
      orderId: order.id,
      conversationId: conversation.id,
      cartId,
      checkoutId,
      state,
      stateDisplay: state === 'converted' ? 'Converted' : 'Recovered',
    });
  if (checkoutId !== null) await markCheckoutRecovered(tx, { checkoutId, brandId: order.brand_id });
}

/** An attributed order keeps its decision; only the billing status follows the order's state. */
async function keepDecision(tx: Tx, order: OrderForAttribution): Promise<AttributionResult> {
  const stored = await readEvidence(tx, order.id);
  const attribution = (order.extra_data.attribution ?? {}) as { type?: AttributionRule; conversation_id?: number };
  const billingStatus = billingStatusFor(order.state, order.billing_status);
  if (billingStatus !== order.billing_status) {
    await setOrdersBillingStatus(tx, [order.id], billingStatus);
    await patchEvidence(tx, order.id, {
      billing_status: billingStatus,
      ...(order.state === 'cancelled'
        ? { cancelled: true, billing_note: 'order cancelled after attribution: not billable; its history is kept' }
        : { cancelled: false, billing_note: null }),
    });
  }
  return {
    recovered: true,
    rule: (stored?.rule as AttributionRule | undefined) ?? attribution.type,
    conversationId: stored?.conversation_id ?? attribution.conversation_id,
    billingStatus,
  };
}

function ledgerEvidence(
  order: OrderForAttribution,
  decision: AttributionDecision,
  settings: ReturnType<typeof resolveAttributionSettings>,
  billingStatus: string | null,
): Record<string, unknown> {
  return {
    decision: decision.recovered ? 'recovered' : 'not_recovered',
    summary: summarize(decision, settings),
    attribution_type: settings.type,
    hard_cap_days: settings.hardCapDays,
    windows: settings.windows,
    warnings: settings.warnings,
    billing_status: billingStatus,
    order_created_at: order.created_at.toISOString(),
    discount_codes: order.discount_codes,
    items: decision.items.map((i) => ({
      kind: i.kind,
      id: i.id,
      ...(i.code !== undefined ? { code: i.code } : {}),
      conversation_id: i.conversationId,
      workflow_id: i.workflowId,
      at: i.at.toISOString(),
      hours_before: i.hoursBefore,
      window_hours: i.windowHours,
      counted: i.counted,
      reason: i.reason,
    })),
  };
}
