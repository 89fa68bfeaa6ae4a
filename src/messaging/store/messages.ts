/**
 * SQL of messages sent at once and of delivery reports: the conversation's channel and brand time
 * zone, whether anything went out on a channel since it opted out, the outgoing row, its state
 * after the send, and the final status a provider reports.
 */
import type { Handle } from '../../db/index.ts';

/** A conversation with its channel (null fields: no channel), the brand's time zone and Texas setting. */
export interface SendTarget {
  id: string;
  channel_id: string | null;
  username: string | null;
  status: string | null;
  extra_data: Record<string, unknown> | null;
  consented_at: Date | null;
  brand_timezone: string;
  /** brands.extra_data.texas_compliance is true. */
  texas_compliance: boolean;
}

/** The brand's conversation with what sending to it needs; undefined when it is not the brand's. */
export async function findSendTarget(
  db: Handle,
  { brandId, conversationId }: { brandId: number; conversationId: number },
): Promise<SendTarget | undefined> {
  return db('conversations as c')
    .join('brands as b', 'b.id', 'c.brand_id')
    .leftJoin('contact_channels as ch', 'ch.id', 'c.contact_channel_id')
    .where({ 'c.id': conversationId, 'c.brand_id': brandId })
    .first<SendTarget | undefined>(
      'c.id',
      'ch.id as channel_id',
      'ch.username',
      'ch.status',
      'ch.extra_data',
      'ch.consented_at',
      'b.timezone as brand_timezone',
      db.raw(`coalesce(b.extra_data->'texas_compliance' = 'true'::jsonb, false) as texas_compliance`),
    );
}

/** Whether nothing went out on the channel since `since` (sent, or being sent): the opt-out confirmation may. */
export async function nothingSentToChannelSince(db: Handle, channelId: number, since: Date | null): Promise<boolean> {
  const row = await db('conversation_messages as m')
    .join('conversations as c', 'c.id', 'm.conversation_id')
    .where('c.contact_channel_id', channelId)
    .where('m.direction', 'outgoing')
    .where((q) =>
      q
        .where('m.sent_at', '>=', since ?? new Date(0))
        .orWhere((s) => s.where('m.status', 'sending').where('m.created_at', '>=', since ?? new Date(0))),
    )
    .first('m.id');
  return row === undefined;
}

export interface NewOutgoingMessage {
  brandId: number;
  conversationId: number;
  body: string;
  status: string;
  isMarketing: boolean;
  scheduledFor: Date;
  statusReason?: string;
  extra?: Record<string, unknown>;
}

/** An outgoing message written by the sending side; returns its id. */
export async function insertOutgoingMessage(db: Handle, message: NewOutgoingMessage): Promise<number> {
  const [row] = await db('conversation_messages')
    .insert({
      brand_id: message.brandId,
      conversation_id: message.conversationId,
      body: message.body,
      direction: 'outgoing',
      status: message.status,
      is_marketing: message.isMarketing,
      scheduled_for: message.scheduledFor,
      ...(message.statusReason !== undefined ? { status_reason: message.statusReason } : {}),
      ...(message.extra !== undefined ? { extra_data: message.extra } : {}),
    })
    .returning<{ id: string }[]>('id');
  return Number(row!.id);
}

export interface MessageSendState {
  status: string;
  provider_message_id: string | null;
  status_reason: string | null;
}

export async function messageSendState(db: Handle, messageId: number): Promise<MessageSendState | undefined> {
  return db('conversation_messages')
    .where({ id: messageId })
    .first<MessageSendState | undefined>('status', 'provider_message_id', 'status_reason');
}

/** The message a provider knows by this id. */
export async function findByProviderMessageId(
  db: Handle,
  { provider, providerMessageId }: { provider: string; providerMessageId: string },
): Promise<{ id: number; status: string } | undefined> {
  const row = await db('conversation_messages')
    .where({ provider, provider_message_id: providerMessageId })
    .first<{ id: string; status: string } | undefined>('id', 'status');
  return row ? { id: Number(row.id), status: row.status } : undefined;
}

/**
 * A delivery report's final status (delivered / undelivered / failed), only from sending or sent,
 * so a late or repeated report never undoes a final one; `delivery` is kept in extra_data.delivery.
 * Returns whether the message changed.
 */
export async function markDeliveryStatus(
  db: Handle,
  {
    messageId,
    status,
    reason,
    delivery,
  }: { messageId: number; status: string; reason: string | null; delivery: Record<string, unknown> },
): Promise<boolean> {
  const updated = await db('conversation_messages')
    .where({ id: messageId })
    .whereIn('status', ['sending', 'sent'])
    .update({
      status,
      status_reason: reason,
      extra_data: db.raw(`extra_data || jsonb_build_object('delivery', ?::jsonb)`, [JSON.stringify(delivery)]),
      updated_at: db.fn.now(),
    });
  return updated > 0;
}
