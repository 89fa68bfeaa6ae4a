/**
 * SQL of agent replies: the conversation's channel read under a share lock (an opt-out or block,
 * which locks the channel for update, waits for the reply's transaction or is seen by it), when
 * the shopper last wrote on that channel, and the reply itself.
 */
import type { Tx } from '../../db/index.ts';

export interface ReplyTarget {
  id: number;
  channel_id: number | null;
  channel_type: string | null;
  username: string | null;
  channel_status: string | null;
  blocked: boolean;
}

/** The brand's conversation and its channel, the channel row share-locked; undefined when none. */
export async function lockReplyTarget(
  tx: Tx,
  { brandId, id }: { brandId: number; id: number },
): Promise<ReplyTarget | undefined> {
  const conversation = await tx('conversations')
    .where({ id, brand_id: brandId })
    .first<{ id: string; contact_channel_id: string | null } | undefined>('id', 'contact_channel_id');
  if (!conversation) return undefined;
  // Its own statement: FOR SHARE cannot reach the nullable side of an outer join.
  const channel =
    conversation.contact_channel_id === null
      ? undefined
      : await tx('contact_channels')
          .where({ id: conversation.contact_channel_id })
          .forShare()
          .first<
            | { id: string; type: string; username: string; status: string; extra_data: Record<string, unknown> }
            | undefined
          >('id', 'type', 'username', 'status', 'extra_data');
  return {
    id: Number(conversation.id),
    channel_id: channel ? Number(channel.id) : null,
    channel_type: channel?.type ?? null,
    username: channel?.username ?? null,
    channel_status: channel?.status ?? null,
    blocked: channel?.extra_data?.blocked === true,
  };
}

/** When the shopper last wrote on the channel (any of the brand's conversations with it); null: never. */
export async function lastIncomingOnChannel(tx: Tx, channelId: number): Promise<Date | null> {
  const row = await tx('conversation_messages as m')
    .join('conversations as c', 'c.id', 'm.conversation_id')
    .where({ 'c.contact_channel_id': channelId, 'm.direction': 'incoming' })
    .max<{ at: Date | null }>('m.created_at as at')
    .first();
  return row?.at ?? null;
}

export interface NewAgentReply {
  brandId: number;
  conversationId: number;
  /** The brand user who wrote it; null for the shopper agent's reply. */
  userId: number | null;
  body: string;
  isMarketing: boolean;
  scheduledFor: Date;
  extra: Record<string, unknown>;
}

/** The reply, queued for the send job; returns its id. */
export async function insertAgentReply(tx: Tx, reply: NewAgentReply): Promise<number> {
  const [row] = await tx('conversation_messages')
    .insert({
      brand_id: reply.brandId,
      conversation_id: reply.conversationId,
      user_id: reply.userId,
      body: reply.body,
      direction: 'outgoing',
      status: 'queued',
      is_marketing: reply.isMarketing,
      scheduled_for: reply.scheduledFor,
      extra_data: reply.extra,
    })
    .returning<{ id: string }[]>('id');
  return Number(row!.id);
}

/** The brand's channel, share-locked, as a reply target (id 0: no conversation yet), with its contact. */
export async function lockChannelTarget(
  tx: Tx,
  { brandId, channelId }: { brandId: number; channelId: number },
): Promise<(ReplyTarget & { contact_id: number }) | undefined> {
  const channel = await tx('contact_channels').where({ id: channelId, brand_id: brandId }).forShare().first<
    | {
        id: string;
        contact_id: string;
        type: string;
        username: string;
        status: string;
        extra_data: Record<string, unknown>;
      }
    | undefined
  >('id', 'contact_id', 'type', 'username', 'status', 'extra_data');
  if (!channel) return undefined;
  return {
    id: 0,
    contact_id: Number(channel.contact_id),
    channel_id: Number(channel.id),
    channel_type: channel.type,
    username: channel.username,
    channel_status: channel.status,
    blocked: channel.extra_data?.blocked === true,
  };
}

/** A conversation an agent starts: visible (a person wrote it), of no workflow. Returns its id. */
export async function insertAgentConversation(
  tx: Tx,
  row: { brandId: number; contactId: number; channelId: number },
): Promise<number> {
  const [saved] = await tx('conversations')
    .insert({ brand_id: row.brandId, contact_id: row.contactId, contact_channel_id: row.channelId, is_hidden: false })
    .returning<{ id: string }[]>('id');
  return Number(saved!.id);
}
