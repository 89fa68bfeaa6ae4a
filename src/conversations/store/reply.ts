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
  const [id] = await insertAgentReplies(tx, [reply]);
  return id!;
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

/**
 * lockReplyTarget for several conversations in one statement: each found conversation with its
 * channel, the channels share-locked (in id order); a conversation with no channel has nulls.
 */
export async function lockReplyTargets(
  tx: Tx,
  keys: { brandId: number; id: number }[],
): Promise<Map<number, ReplyTarget & { brand_id: number }>> {
  if (keys.length === 0) return new Map();
  const ids = (pick: (k: { brandId: number; id: number }) => number): string => `{${keys.map(pick).join(',')}}`;
  const { rows } = await tx.raw<{ rows: Record<string, unknown>[] }>(
    `select c.id, c.brand_id, ch.id as channel_id, ch.type, ch.username, ch.status, ch.extra_data
       from conversations c join contact_channels ch on ch.id = c.contact_channel_id
      where (c.brand_id, c.id) in (select * from unnest(?::bigint[], ?::bigint[]))
      order by ch.id
        for share of ch`,
    [ids((k) => k.brandId), ids((k) => k.id)],
  );
  const out = new Map<number, ReplyTarget & { brand_id: number }>();
  for (const r of rows)
    out.set(Number(r.id), {
      id: Number(r.id),
      brand_id: Number(r.brand_id),
      channel_id: Number(r.channel_id),
      channel_type: r.type as string,
      username: r.username as string,
      channel_status: r.status as string,
      blocked: (r.extra_data as Record<string, unknown> | null)?.blocked === true,
    });
  const missing = keys.filter((k) => !out.has(k.id));
  if (missing.length > 0) {
    // Conversations with no channel (not locked: there is nothing to lock).
    const bare = await tx('conversations')
      .whereIn(
        ['brand_id', 'id'],
        missing.map((k) => [k.brandId, k.id]),
      )
      .whereNull('contact_channel_id')
      .select('id', 'brand_id');
    for (const r of bare)
      out.set(Number(r.id), {
        id: Number(r.id),
        brand_id: Number(r.brand_id),
        channel_id: null,
        channel_type: null,
        username: null,
        channel_status: null,
        blocked: false,
      });
  }
  return out;
}

/** lastIncomingOnChannel for several channels in one statement (channels never written on are left out). */
export async function lastIncomingOnChannels(tx: Tx, channelIds: number[]): Promise<Map<number, Date>> {
  if (channelIds.length === 0) return new Map();
  const { rows } = await tx.raw<{ rows: { channel_id: string; at: Date }[] }>(
    `select c.contact_channel_id as channel_id, max(m.created_at) as at
       from conversation_messages m join conversations c on c.id = m.conversation_id
      where c.contact_channel_id = any(?::bigint[]) and m.direction = 'incoming'
      group by c.contact_channel_id`,
    [`{${channelIds.join(',')}}`],
  );
  return new Map(rows.map((r) => [Number(r.channel_id), r.at]));
}

/** Several replies queued in one statement; their ids, in the order given. */
export async function insertAgentReplies(tx: Tx, replies: NewAgentReply[]): Promise<number[]> {
  if (replies.length === 0) return [];
  const rows = await tx('conversation_messages')
    .insert(
      replies.map((reply) => ({
        brand_id: reply.brandId,
        conversation_id: reply.conversationId,
        user_id: reply.userId,
        body: reply.body,
        direction: 'outgoing',
        status: 'queued',
        is_marketing: reply.isMarketing,
        scheduled_for: reply.scheduledFor,
        extra_data: reply.extra,
      })),
    )
    .returning<{ id: string; conversation_id: string }[]>(['id', 'conversation_id']);
  // Rows come back in the order of the values; checked, since each id is matched to its reply by position.
  rows.forEach((row, i) => {
    if (Number(row.conversation_id) !== replies[i]!.conversationId) throw new Error('Replies returned out of order');
  });
  return rows.map((row) => Number(row.id));
}

/** The brand's conversations shown again (is_hidden false), in one statement. */
export async function unhideConversations(tx: Tx, keys: { brandId: number; id: number }[]): Promise<void> {
  if (keys.length === 0) return;
  await tx('conversations')
    .whereIn(
      ['brand_id', 'id'],
      keys.map((k) => [k.brandId, k.id]),
    )
    .update({ is_hidden: false, updated_at: tx.fn.now() });
}
