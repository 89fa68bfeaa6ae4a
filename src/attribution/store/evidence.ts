/**
 * The evidence around an order: messages, clicks and replies of its shopper's workflow
 * conversations, and the discount codes it used. Reads only; every query is scoped by the order's
 * brand.
 */
import type { Handle } from '../../db/index.ts';
import type { EvidenceItem } from '../rules.ts';
import type { OrderForAttribution } from './orders.ts';

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));

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
          user_id: string | null;
          sent_at: Date;
          action: string | null;
        }[]
      >(
        'id',
        'conversation_id',
        'direction',
        'status',
        'is_marketing',
        'user_id',
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
          : m.is_marketing
            ? undefined
            : m.user_id !== null
              ? "a conversational reply by the brand's team, not marketing"
              : 'a service message (opt-out or help answer)';
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
