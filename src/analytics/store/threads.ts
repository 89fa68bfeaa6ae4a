/**
 * Reads of one brand's conversations, carts and checkouts (getConvoThread, GetConversationMessageCount,
 * GetConversationMessageBody, GetCartInfo, GetCheckoutInfo). Every query is scoped by brand_id, so
 * another brand's id reads as missing.
 */
import type { Handle } from '../../db/index.ts';

type Json = Record<string, unknown>;

export interface ThreadConversationRow {
  id: number;
  workflow_id: number | null;
  workflow_name: string | null;
  contact_id: number | null;
  given_name: string | null;
  family_name: string | null;
  phone: string | null;
  cart_id: number | null;
  checkout_id: number | null;
  order_id: number | null;
  is_hidden: boolean;
  created_at: Date;
  updated_at: Date;
}

const id = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

export async function threadConversation(
  db: Handle,
  brandId: number,
  conversationId: number,
): Promise<ThreadConversationRow | undefined> {
  const row = await db('conversations as c')
    .leftJoin('workflows as w', 'w.id', 'c.workflow_id')
    .leftJoin('contacts as ct', 'ct.id', 'c.contact_id')
    .leftJoin('contact_channels as ch', 'ch.id', 'c.contact_channel_id')
    .where({ 'c.brand_id': brandId, 'c.id': conversationId })
    .first(
      'c.id',
      'c.workflow_id',
      'w.name as workflow_name',
      'c.contact_id',
      'ct.given_name',
      'ct.family_name',
      'ch.username as phone',
      'c.cart_id',
      'c.checkout_id',
      'c.order_id',
      'c.is_hidden',
      'c.created_at',
      'c.updated_at',
    );
  if (!row) return undefined;
  return {
    ...row,
    id: Number(row.id),
    workflow_id: id(row.workflow_id),
    contact_id: id(row.contact_id),
    cart_id: id(row.cart_id),
    checkout_id: id(row.checkout_id),
    order_id: id(row.order_id),
  };
}

export interface ThreadMessageRow {
  id: number;
  body: string;
  direction: 'incoming' | 'outgoing';
  status: string;
  status_reason: string | null;
  is_marketing: boolean;
  created_at: Date;
  sent_at: Date | null;
  scheduled_for: Date | null;
  extra_data: Json;
}

export async function threadMessages(db: Handle, brandId: number, conversationId: number): Promise<ThreadMessageRow[]> {
  const rows = await db('conversation_messages')
    .where({ brand_id: brandId, conversation_id: conversationId })
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .select(
      'id',
      'body',
      'direction',
      'status',
      'status_reason',
      'is_marketing',
      'created_at',
      'sent_at',
      'scheduled_for',
      'extra_data',
    );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export interface FeedbackRow {
  id: number;
  message_id: number;
  rating: number | null;
  comment: string | null;
  created_at: Date;
  updated_at: Date;
}

export async function threadFeedback(db: Handle, brandId: number, conversationId: number): Promise<FeedbackRow[]> {
  const rows = await db('conversation_feedback')
    .where({ brand_id: brandId, conversation_id: conversationId })
    .orderBy('id')
    .select('id', 'message_id', 'rating', 'comment', 'created_at', 'updated_at');
  return rows.map((r) => ({ ...r, id: Number(r.id), message_id: Number(r.message_id) }));
}

export interface GoalEventRow {
  id: number;
  state: string;
  state_display: string | null;
  workflow_id: number | null;
  conversation_id: number | null;
  cart_id: number | null;
  checkout_id: number | null;
  order_id: number | null;
  created_at: Date;
}

/** The conversation's goal state events: its own, and its cart's or checkout's in its workflow. */
export async function threadGoalEvents(
  db: Handle,
  brandId: number,
  c: Pick<ThreadConversationRow, 'id' | 'workflow_id' | 'cart_id' | 'checkout_id'>,
): Promise<GoalEventRow[]> {
  const rows = await db('workflow_goal_state_change_events as e')
    .where('e.brand_id', brandId)
    .where((q) => {
      void q.where('e.conversation_id', c.id);
      if (c.workflow_id !== null && c.cart_id !== null)
        void q.orWhere((r) => r.where({ 'e.cart_id': c.cart_id, 'e.workflow_id': c.workflow_id }));
      if (c.workflow_id !== null && c.checkout_id !== null)
        void q.orWhere((r) => r.where({ 'e.checkout_id': c.checkout_id, 'e.workflow_id': c.workflow_id }));
    })
    .orderBy([{ column: 'e.created_at' }, { column: 'e.id' }])
    .select(
      'e.id',
      'e.state',
      'e.state_display',
      'e.workflow_id',
      'e.conversation_id',
      'e.cart_id',
      'e.checkout_id',
      'e.order_id',
      'e.created_at',
    );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    workflow_id: id(r.workflow_id),
    conversation_id: id(r.conversation_id),
    cart_id: id(r.cart_id),
    checkout_id: id(r.checkout_id),
    order_id: id(r.order_id),
  }));
}

export interface FileRow {
  message_id: number | null;
  id: number;
  name: string | null;
  url: string;
  type: string | null;
}

export async function threadFiles(db: Handle, brandId: number, conversationId: number): Promise<FileRow[]> {
  const rows = await db('conversation_files as cf')
    .join('conversations as c', 'c.id', 'cf.conversation_id')
    .join('files as f', 'f.id', 'cf.file_id')
    .where({ 'c.brand_id': brandId, 'cf.conversation_id': conversationId })
    .orderBy('cf.id')
    .select('cf.message_id', 'f.id', 'f.name', 'f.url', 'f.type');
  return rows.map((r) => ({ ...r, id: Number(r.id), message_id: id(r.message_id) }));
}

/** Messages per conversation, for the brand's conversations among the ids (a conversation without messages counts 0). */
export async function messageCounts(
  db: Handle,
  brandId: number,
  conversationIds: number[],
): Promise<Array<{ conversation_id: number; count: number }>> {
  if (conversationIds.length === 0) return [];
  const { rows } = await db.raw<{ rows: Array<{ conversation_id: string; count: number }> }>(
    `select c.id as conversation_id, (select count(*) from conversation_messages m where m.conversation_id = c.id)::int as count
       from conversations c
      where c.brand_id = ? and c.id = any(?::bigint[])
      order by c.id`,
    [brandId, conversationIds] as never[],
  );
  return rows.map((r) => ({ conversation_id: Number(r.conversation_id), count: r.count }));
}

export interface MessageBodyRow {
  id: number;
  conversation_id: number;
  direction: string;
  body: string;
  created_at: Date;
}

export async function messageBodies(db: Handle, brandId: number, messageIds: number[]): Promise<MessageBodyRow[]> {
  if (messageIds.length === 0) return [];
  const rows = await db('conversation_messages')
    .where('brand_id', brandId)
    .whereIn('id', messageIds)
    .orderBy('id')
    .select('id', 'conversation_id', 'direction', 'body', 'created_at');
  return rows.map((r) => ({ ...r, id: Number(r.id), conversation_id: Number(r.conversation_id) }));
}

export interface CartInfoRow {
  id: number;
  external_id: string;
  brand_integration_id: number;
  state: string;
  total: string;
  currency: string;
  contact_id: number | null;
  updated_at: Date;
  extra_data: Json;
  data: Json;
}

export async function cartInfo(db: Handle, brandId: number, cartId: number): Promise<CartInfoRow | undefined> {
  const row = await db('carts')
    .where({ brand_id: brandId, id: cartId })
    .first(
      'id',
      'external_id',
      'brand_integration_id',
      'state',
      'total',
      'currency',
      'contact_id',
      'updated_at',
      'extra_data',
      'data',
    );
  return row
    ? {
        ...row,
        id: Number(row.id),
        brand_integration_id: Number(row.brand_integration_id),
        contact_id: id(row.contact_id),
      }
    : undefined;
}

export interface CheckoutInfoRow {
  id: number;
  external_id: string;
  cart_id: number | null;
  state: string;
  is_historical: boolean;
  total_price: string;
  checkout_details: Json;
  updated_at: Date;
}

export async function checkoutInfo(
  db: Handle,
  brandId: number,
  checkoutId: number,
): Promise<CheckoutInfoRow | undefined> {
  const row = await db('checkouts')
    .where({ brand_id: brandId, id: checkoutId })
    .first('id', 'external_id', 'cart_id', 'state', 'is_historical', 'total_price', 'checkout_details', 'updated_at');
  return row ? { ...row, id: Number(row.id), cart_id: id(row.cart_id) } : undefined;
}
