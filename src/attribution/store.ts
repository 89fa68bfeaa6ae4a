/**
 * Attribution SQL: the order and its brand's settings, the evidence around it, and the rows a
 * recovered order gets. Every query is scoped by the order's brand.
 */
import type { Db, Tx } from '../db/index.ts';
import type { EvidenceItem } from './rules.ts';

type Handle = Db | Tx;

export interface OrderForAttribution {
  id: number;
  brand_id: number;
  number: string | null;
  state: string;
  total: string;
  currency: string;
  contact_id: number | null;
  cart_id: number | null;
  checkout_id: number | null;
  workflow_id: number | null;
  billing_status: string | null;
  recovered_at: Date | null;
  discount_codes: string[];
  extra_data: Record<string, unknown>;
  created_at: Date;
  brand: { attribution_type: string | null; attribution_rules: unknown; attribution_hard_cap: number | null };
}

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

/** The order with its brand's attribution settings; lock = FOR UPDATE of the order row. */
export async function loadOrder(
  db: Handle,
  orderId: number,
  { lock = false, brandId }: { lock?: boolean; brandId?: number } = {},
): Promise<OrderForAttribution | undefined> {
  const query = db('orders as o')
    .join('brands as b', 'b.id', 'o.brand_id')
    .where('o.id', orderId)
    .first(
      'o.id',
      'o.brand_id',
      'o.number',
      'o.state',
      'o.total',
      'o.currency',
      'o.contact_id',
      'o.cart_id',
      'o.checkout_id',
      'o.workflow_id',
      'o.billing_status',
      'o.recovered_at',
      'o.discount_codes',
      'o.extra_data',
      'o.created_at',
      'b.attribution_type',
      'b.attribution_rules',
      'b.attribution_hard_cap',
    );
  if (brandId !== undefined) void query.where('o.brand_id', brandId);
  if (lock) void query.forUpdate('o');
  const row = await query;
  if (!row) return undefined;
  return {
    id: Number(row.id),
    brand_id: Number(row.brand_id),
    number: row.number,
    state: row.state,
    total: row.total,
    currency: row.currency,
    contact_id: num(row.contact_id),
    cart_id: num(row.cart_id),
    checkout_id: num(row.checkout_id),
    workflow_id: num(row.workflow_id),
    billing_status: row.billing_status,
    recovered_at: row.recovered_at,
    discount_codes: row.discount_codes ?? [],
    extra_data: row.extra_data ?? {},
    created_at: row.created_at,
    brand: {
      attribution_type: row.attribution_type,
      attribution_rules: row.attribution_rules,
      attribution_hard_cap: row.attribution_hard_cap,
    },
  };
}

export interface ConversationMeta {
  id: number;
  workflow_id: number | null;
  workflow_type: string | null;
  cart_id: number | null;
  checkout_id: number | null;
}

/**
 * Evidence for an order: messages, clicks and replies in [from, order created_at] in the workflow
 * conversations of its shopper (by contact, the contact's channels, the order's cart or checkout),
 * and every discount code it used that a conversation of the brand issued (an old one is listed
 * and judged outside its window).
 */
export async function gatherEvidence(
  db: Handle,
  order: OrderForAttribution,
  from: Date,
): Promise<{ items: EvidenceItem[]; conversations: Map<number, ConversationMeta> }> {
  const conversations = new Map<number, ConversationMeta>();
  const meta = (row: {
    id: string;
    workflow_id: string | null;
    workflow_type: string | null;
    cart_id: string | null;
    checkout_id: string | null;
  }): ConversationMeta => {
    const m = {
      id: Number(row.id),
      workflow_id: num(row.workflow_id),
      workflow_type: row.workflow_type,
      cart_id: num(row.cart_id),
      checkout_id: num(row.checkout_id),
    };
    conversations.set(m.id, m);
    return m;
  };

  const convRows = await db('conversations as c')
    .leftJoin('workflows as w', 'w.id', 'c.workflow_id')
    .where('c.brand_id', order.brand_id)
    .whereNotNull('c.workflow_id')
    .where('c.created_at', '<=', order.created_at)
    .where((q) => {
      void q.whereRaw('false');
      if (order.contact_id !== null) {
        void q.orWhere('c.contact_id', order.contact_id);
        void q.orWhereIn(
          'c.contact_channel_id',
          db('contact_channels').select('id').where({ brand_id: order.brand_id, contact_id: order.contact_id }),
        );
      }
      if (order.cart_id !== null) void q.orWhere('c.cart_id', order.cart_id);
      if (order.checkout_id !== null) void q.orWhere('c.checkout_id', order.checkout_id);
    })
    .select('c.id', 'c.workflow_id', 'w.type as workflow_type', 'c.cart_id', 'c.checkout_id');
  convRows.forEach(meta);
  const ids = [...conversations.keys()];
  const items: EvidenceItem[] = [];

  if (ids.length > 0) {
    const messages = await db('conversation_messages')
      .where('brand_id', order.brand_id)
      .whereIn('conversation_id', ids)
      .whereNotNull('sent_at')
      .whereBetween('sent_at', [from, order.created_at])
      .select<
        {
          id: string;
          conversation_id: string;
          direction: string;
          status: string;
          is_marketing: boolean;
          sent_at: Date;
          action: string | null;
        }[]
      >(
        'id',
        'conversation_id',
        'direction',
        'status',
        'is_marketing',
        'sent_at',
        db.raw(`extra_data->>'action' as action`),
      );
    for (const m of messages) {
      const conversationId = Number(m.conversation_id);
      const workflowId = conversations.get(conversationId)!.workflow_id;
      if (m.direction === 'incoming') {
        const action = m.action ?? 'reply';
        items.push({
          kind: 'reply',
          id: Number(m.id),
          conversationId,
          workflowId,
          at: m.sent_at,
          ...(action === 'reply' ? {} : { ineligible: `a keyword reply (${action}), not engagement` }),
        });
      } else {
        const ineligible = !['sent', 'delivered'].includes(m.status)
          ? `not delivered (status ${m.status})`
          : !m.is_marketing
            ? 'a service message (opt-out or help answer)'
            : undefined;
        items.push({
          kind: 'message',
          id: Number(m.id),
          conversationId,
          workflowId,
          at: m.sent_at,
          ...(ineligible ? { ineligible } : {}),
        });
      }
    }
    const clicks = await db('link_clicks as lc')
      .join('short_links as sl', 'sl.id', 'lc.short_link_id')
      .where('lc.brand_id', order.brand_id)
      .whereIn('sl.conversation_id', ids)
      .whereBetween('lc.clicked_at', [from, order.created_at])
      .select<{ id: string; conversation_id: string; clicked_at: Date }[]>(
        'lc.id',
        'sl.conversation_id',
        'lc.clicked_at',
      );
    for (const c of clicks) {
      const conversationId = Number(c.conversation_id);
      items.push({
        kind: 'click',
        id: Number(c.id),
        conversationId,
        workflowId: conversations.get(conversationId)!.workflow_id,
        at: c.clicked_at,
      });
    }
  }

  const used = [...new Set(order.discount_codes.map((c) => c.trim().toUpperCase()).filter((c) => c !== ''))];
  if (used.length > 0) {
    const codes = await db('discount_codes as dc')
      .join('conversations as c', 'c.id', 'dc.conversation_id')
      .leftJoin('workflows as w', 'w.id', db.raw('coalesce(c.workflow_id, dc.workflow_id)'))
      .leftJoin('conversation_messages as m', 'm.id', 'dc.message_id')
      .where('dc.brand_id', order.brand_id)
      .where('c.brand_id', order.brand_id)
      .whereRaw('upper(dc.code) = any(?)', [used])
      .select<
        {
          id: string;
          code: string;
          conversation_id: string;
          workflow_id: string | null;
          workflow_type: string | null;
          cart_id: string | null;
          checkout_id: string | null;
          issued_at: Date;
        }[]
      >(
        'dc.id',
        'dc.code',
        'dc.conversation_id',
        db.raw('coalesce(c.workflow_id, dc.workflow_id) as workflow_id'),
        'w.type as workflow_type',
        'c.cart_id',
        'c.checkout_id',
        db.raw('coalesce(m.sent_at, dc.created_at) as issued_at'),
      );
    for (const code of codes) {
      const m = meta({
        id: code.conversation_id,
        workflow_id: code.workflow_id,
        workflow_type: code.workflow_type,
        cart_id: code.cart_id,
        checkout_id: code.checkout_id,
      });
      items.push({
        kind: 'discount_code',
        id: Number(code.id),
        code: code.code,
        conversationId: m.id,
        workflowId: m.workflow_id,
        at: code.issued_at,
      });
    }
  }
  return { items, conversations };
}

export interface EvidenceRow {
  brand_id: number;
  order_id: number;
  conversation_id: number | null;
  workflow_id: number | null;
  rule: string;
  window_hours: number;
  evidence: Record<string, unknown>;
}

/** One ledger row per order: a new decision replaces the previous one. */
export async function saveEvidence(tx: Tx, row: EvidenceRow): Promise<void> {
  await tx('attribution_evidence')
    .insert({ ...row, evidence: JSON.stringify(row.evidence), decided_at: tx.fn.now() })
    .onConflict('order_id')
    .merge(['brand_id', 'conversation_id', 'workflow_id', 'rule', 'window_hours', 'evidence', 'decided_at']);
}

/** Adds keys to a ledger row's evidence without re-deciding (a cancellation, say). */
export async function patchEvidence(tx: Tx, orderId: number, patch: Record<string, unknown>): Promise<void> {
  await tx('attribution_evidence')
    .where({ order_id: orderId })
    .update({ evidence: tx.raw('evidence || ?::jsonb', [JSON.stringify(patch)]) });
}

export async function readEvidence(
  db: Handle,
  orderId: number,
): Promise<(Omit<EvidenceRow, 'evidence'> & { evidence: Record<string, unknown>; decided_at: Date }) | undefined> {
  const row = await db('attribution_evidence').where({ order_id: orderId }).first();
  if (!row) return undefined;
  return {
    brand_id: Number(row.brand_id),
    order_id: Number(row.order_id),
    conversation_id: num(row.conversation_id),
    workflow_id: num(row.workflow_id),
    rule: row.rule,
    window_hours: row.window_hours,
    evidence: row.evidence ?? {},
    decided_at: row.decided_at,
  };
}

/**
 * Everything a recovered order gets, each written once: billing status, recovered_at, workflow,
 * extra_data.attribution; the order_conversations link; the workflow goal; the 'converted' goal
 * event and, for the checkout/cart's goal, 'recovered' (the checkout itself becomes recovered).
 */
export async function markRecovered(
  tx: Tx,
  order: OrderForAttribution,
  {
    conversation,
    billingStatus,
    attribution,
  }: { conversation: ConversationMeta; billingStatus: string; attribution: Record<string, unknown> },
): Promise<void> {
  await tx('orders')
    .where({ id: order.id })
    .update({
      billing_status: billingStatus,
      recovered_at: tx.raw('coalesce(recovered_at, now())'),
      workflow_id: conversation.workflow_id,
      extra_data: tx.raw(`extra_data || jsonb_build_object('attribution', ?::jsonb)`, [JSON.stringify(attribution)]),
      updated_at: tx.fn.now(),
    });
  await tx('order_conversations')
    .insert({ brand_id: order.brand_id, order_id: order.id, conversation_id: conversation.id })
    .onConflict(['order_id', 'conversation_id'])
    .ignore();
  if (!(await tx('workflow_goals').where({ order_id: order.id }).first('id'))) {
    await tx('workflow_goals').insert({
      brand_id: order.brand_id,
      contact_id: order.contact_id,
      workflow_id: conversation.workflow_id,
      conversation_id: conversation.id,
      order_id: order.id,
    });
  }
  const checkoutId = order.checkout_id ?? conversation.checkout_id;
  const cartId = order.cart_id ?? conversation.cart_id;
  const states: ('converted' | 'recovered')[] =
    checkoutId !== null || cartId !== null ? ['converted', 'recovered'] : ['converted'];
  for (const state of states) {
    if (await tx('workflow_goal_state_change_events').where({ order_id: order.id, state }).first('id')) continue;
    await tx('workflow_goal_state_change_events').insert({
      brand_id: order.brand_id,
      workflow_id: conversation.workflow_id,
      order_id: order.id,
      conversation_id: conversation.id,
      cart_id: cartId,
      checkout_id: checkoutId,
      state,
      state_display: state === 'converted' ? 'Converted' : 'Recovered',
    });
  }
  if (checkoutId !== null) {
    await tx('checkouts')
      .where({ id: checkoutId, brand_id: order.brand_id })
      .whereNot({ state: 'recovered' })
      .update({ state: 'recovered', updated_at: tx.fn.now() });
  }
}

/** A recovered order's billing status follows its state; its history stays. */
export async function setBillingStatus(tx: Tx, orderId: number, billingStatus: string): Promise<void> {
  await tx('orders').where({ id: orderId }).update({ billing_status: billingStatus, updated_at: tx.fn.now() });
}

export async function conversationMeta(
  db: Handle,
  brandId: number,
  conversationId: number,
): Promise<ConversationMeta | undefined> {
  const row = await db('conversations as c')
    .leftJoin('workflows as w', 'w.id', 'c.workflow_id')
    .where({ 'c.id': conversationId, 'c.brand_id': brandId })
    .first('c.id', 'c.workflow_id', 'w.type as workflow_type', 'c.cart_id', 'c.checkout_id');
  if (!row) return undefined;
  return {
    id: Number(row.id),
    workflow_id: num(row.workflow_id),
    workflow_type: row.workflow_type,
    cart_id: num(row.cart_id),
    checkout_id: num(row.checkout_id),
  };
}

/** Rewrites the ledger rows of the given orders through `strip` (a privacy redaction). Returns how many. */
export async function redactOrderEvidence(
  tx: Tx,
  orderIds: number[],
  strip: (evidence: unknown) => unknown,
): Promise<number> {
  if (orderIds.length === 0) return 0;
  const rows = await tx('attribution_evidence')
    .whereIn('order_id', orderIds)
    .select<{ id: string; evidence: unknown }[]>('id', 'evidence');
  for (const row of rows)
    await tx('attribution_evidence')
      .where({ id: Number(row.id) })
      .update({ evidence: JSON.stringify(strip(row.evidence)) });
  return rows.length;
}
