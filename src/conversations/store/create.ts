/**
 * SQL behind starting workflow conversations: ids taken up front, then one set-based statement per
 * table (conversations, their first messages, short links) whatever the batch size.
 */
import type { Handle } from '../../db/index.ts';

/** Takes `count` conversation ids and as many message ids, so rows are written once, already linked. */
export async function allocateConversationIds(
  tx: Handle,
  count: number,
): Promise<{ conversationIds: number[]; messageIds: number[] }> {
  const allocated = await tx.raw<{ rows: { c: string; m: string }[] }>(
    `select nextval(pg_get_serial_sequence('conversations', 'id')) as c, nextval(pg_get_serial_sequence('conversation_messages', 'id')) as m
       from generate_series(1, ?) i`,
    [count],
  );
  return {
    conversationIds: allocated.rows.map((r) => Number(r.c)),
    messageIds: allocated.rows.map((r) => Number(r.m)),
  };
}

export interface NewWorkflowConversation {
  id: number;
  brandId: number;
  workflowId: number;
  contactId: number;
  contactChannelId: number;
  cartId: number | null;
  checkoutId: number | null;
  orderId: number | null;
}

/** Workflow conversations, hidden until the shopper replies. */
export async function insertWorkflowConversations(tx: Handle, rows: NewWorkflowConversation[]): Promise<void> {
  await tx.raw(
    `insert into conversations (id, brand_id, workflow_id, contact_id, contact_channel_id, cart_id, checkout_id, order_id, is_hidden)
     select id, brand_id, workflow_id, contact_id, channel_id, cart_id, checkout_id, order_id, true
       from unnest(?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[], ?::bigint[])
         as u(id, brand_id, workflow_id, contact_id, channel_id, cart_id, checkout_id, order_id)`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.brandId),
      rows.map((r) => r.workflowId),
      rows.map((r) => r.contactId),
      rows.map((r) => r.contactChannelId),
      rows.map((r) => r.cartId),
      rows.map((r) => r.checkoutId),
      rows.map((r) => r.orderId),
    ] as never[],
  );
}

export interface NewWorkflowMessage {
  id: number;
  brandId: number;
  conversationId: number;
  body: string;
  scheduledFor: Date;
  extra: Record<string, unknown>;
}

/** First messages of workflow conversations: outgoing marketing texts, auto_queued for the send job. */
export async function insertWorkflowMessages(tx: Handle, rows: NewWorkflowMessage[]): Promise<void> {
  await tx.raw(
    `insert into conversation_messages (id, brand_id, conversation_id, body, direction, status, scheduled_for, is_marketing, extra_data)
     select id, brand_id, conversation_id, body, 'outgoing', 'auto_queued', scheduled_for, true, extra_data
       from unnest(?::bigint[], ?::bigint[], ?::bigint[], ?::text[], ?::timestamptz[], ?::jsonb[]) as u(id, brand_id, conversation_id, body, scheduled_for, extra_data)`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.brandId),
      rows.map((r) => r.conversationId),
      rows.map((r) => r.body),
      rows.map((r) => r.scheduledFor.toISOString()),
      rows.map((r) => JSON.stringify(r.extra)),
    ],
  );
}

/** Gives messages new bodies in one statement. */
export async function rewriteMessageBodies(tx: Handle, rows: { id: number; body: string }[]): Promise<void> {
  await tx.raw(
    `update conversation_messages m set body = u.body, updated_at = now()
       from unnest(?::bigint[], ?::text[]) as u(id, body) where m.id = u.id and m.id = any(?::bigint[])`,
    [rows.map((r) => r.id), rows.map((r) => r.body), rows.map((r) => r.id)],
  );
}

export interface NewShortLink {
  brandId: number;
  conversationId: number;
  messageId: number;
  code: string;
  targetUrl: string;
}

/** Short links of new messages; a code already taken is skipped. Returns how many were inserted. */
export async function insertShortLinks(tx: Handle, rows: NewShortLink[]): Promise<number> {
  const inserted = await tx.raw<{ rows: unknown[] }>(
    `insert into short_links (brand_id, conversation_id, message_id, code, target_url)
     select * from unnest(?::bigint[], ?::bigint[], ?::bigint[], ?::text[], ?::text[])
     on conflict (code) do nothing returning id`,
    [
      rows.map((r) => r.brandId),
      rows.map((r) => r.conversationId),
      rows.map((r) => r.messageId),
      rows.map((r) => r.code),
      rows.map((r) => r.targetUrl),
    ] as never[],
  );
  return inserted.rows.length;
}
