/** SQL behind the engaged-conversation notification: what the Slack message shows and what was posted. */
import type { Handle } from '../../db/index.ts';

/** The brand of a conversation; undefined when the conversation does not exist. */
export async function conversationBrandId(db: Handle, conversationId: number): Promise<number | undefined> {
  const row = await db('conversations')
    .where({ id: conversationId })
    .first<{ brand_id: string } | undefined>('brand_id');
  return row ? Number(row.brand_id) : undefined;
}

/** Records a skipped notification on the conversation (extra_data.engaged_notification = { status, reason, at }). */
export async function recordEngagedNotificationSkipped(
  db: Handle,
  { conversationId, reason }: { conversationId: number; reason: string },
): Promise<void> {
  await db('conversations')
    .where({ id: conversationId })
    .update({
      extra_data: db.raw(
        `extra_data || jsonb_build_object('engaged_notification', jsonb_build_object('status', 'skipped', 'reason', ?::text, 'at', now()))`,
        [reason],
      ),
    });
}

export interface EngagedDetail {
  brandId: number;
  shopper: string;
  workflow: string | null;
  cartValue: { amount: string; currency: string } | null;
  /** The Slack message the conversation's replies are threaded under. */
  slackTs: string | null;
  /** The newest incoming message already posted to Slack. */
  lastPostedMessageId: number;
}

export async function engagedDetail(db: Handle, conversationId: number): Promise<EngagedDetail | undefined> {
  const row = await db('conversations as c')
    .leftJoin('contacts as ct', 'ct.id', 'c.contact_id')
    .leftJoin('workflows as w', 'w.id', 'c.workflow_id')
    .leftJoin('carts as ca', 'ca.id', 'c.cart_id')
    .leftJoin('checkouts as ch', 'ch.id', 'c.checkout_id')
    .where('c.id', conversationId)
    .first<Record<string, string | null> | undefined>(
      'c.brand_id',
      'ct.given_name',
      'ct.family_name',
      'w.name as workflow',
      'ca.total as cart_total',
      'ca.currency as cart_currency',
      'ch.total_price as checkout_total',
      db.raw(`c.extra_data->>'slack_ts' as slack_ts`),
      db.raw(`c.extra_data->>'slack_last_message_id' as slack_last_message_id`),
    );
  if (!row) return undefined;
  const name = [row.given_name, row.family_name].filter(Boolean).join(' ').trim();
  const amount = row.cart_total ?? row.checkout_total;
  return {
    brandId: Number(row.brand_id),
    shopper: name || 'A shopper',
    workflow: row.workflow ?? null,
    cartValue:
      amount === null ? null : { amount, currency: row.cart_total !== null ? (row.cart_currency ?? 'USD') : 'USD' },
    slackTs: row.slack_ts ?? null,
    lastPostedMessageId: Number(row.slack_last_message_id ?? 0),
  };
}

/** The shopper's messages newer than `afterId`, oldest first. */
export async function incomingMessagesAfter(
  db: Handle,
  { conversationId, afterId }: { conversationId: number; afterId: number },
): Promise<{ id: number; body: string }[]> {
  const rows = await db('conversation_messages')
    .where({ conversation_id: conversationId, direction: 'incoming' })
    .andWhere('id', '>', afterId)
    .orderBy('id')
    .select<{ id: string; body: string }[]>('id', 'body');
  return rows.map((r) => ({ id: Number(r.id), body: r.body }));
}

/** After a post: the parent's ts (kept once set) and the newest message posted. */
export async function recordSlackPost(
  db: Handle,
  { conversationId, ts, messageId }: { conversationId: number; ts: string; messageId: number },
): Promise<void> {
  await db('conversations')
    .where({ id: conversationId })
    .update({
      extra_data: db.raw(
        `extra_data || jsonb_build_object(
           'slack_ts', coalesce(extra_data->>'slack_ts', ?::text),
           'slack_last_message_id', ?::bigint,
           'engaged_notification', jsonb_build_object('status', 'sent', 'at', now()))`,
        [ts, messageId],
      ),
    });
}
