/**
 * Agent replies: a brand user writes a text into a conversation.
 *
 * Refused, with nothing stored, when the conversation has no SMS channel, when the channel is
 * unsubscribed (the shopper texted STOP) or blocked, or when its number is not +1. The channel is
 * read under a share lock, so an opt-out arriving at the same moment is either seen here or, if it
 * commits after the reply is queued, skips the queued reply (agent_skipped, 'unsubscribed').
 *
 * Otherwise the reply is stored with its author (conversation_messages.user_id), queued and sent
 * at once through the send job (messaging's sendDueMessages for this one message): the same
 * provider, the same channel checks, the same compliance rules as every other text. Which rules
 * apply depends on whether the reply is conversational:
 * - the shopper wrote on this channel within the last 24 hours: a conversational answer, not
 *   marketing (is_marketing false). It goes out at any hour, and is not counted in, nor held by,
 *   the 3-per-24-hours marketing cap of Florida, Oklahoma and Maryland, nor the Texas rule; still
 *   only +1 and never to an opted-out or blocked channel;
 * - otherwise it is a marketing text (is_marketing true): quiet hours 8:00-21:00 in the shopper's
 *   time (8:00-20:00 in those three states, where it counts towards and waits for the cap), and a
 *   Texas number only with the brand's texas_compliance. A held reply waits, queued, for the next
 *   allowed minute. The cart-reminder rules (48 hours after the cart; skipped once the cart is
 *   bought) do not apply: a text a person wrote is not a cart reminder.
 * The reply also shows the conversation (is_hidden false) and marks it read by its author.
 */
import { z } from 'zod';
import { AppError, type AppContext } from '../app/index.ts';
import { isUsSmsNumber } from '../contacts/index.ts';
import { withTransaction, type Handle, type Tx } from '../db/index.ts';
import { enqueueJob } from '../jobs/index.ts';
import type { Sleep } from '../http/index.ts';
import { sendDueMessages } from '../messaging/index.ts';
import { CONVERSATION_NOT_FOUND, USER_NOT_FOUND } from './inbox.ts';
import { idSchema, parseServiceInput } from './input.ts';
import { markRead, setConversationHidden, userExists } from './store/inbox.ts';
import { findMessage, type ConversationMessageView } from './store/read.ts';
import {
  insertAgentReplies,
  insertAgentReply,
  lastIncomingOnChannel,
  lastIncomingOnChannels,
  lockReplyTarget,
  lockReplyTargets,
  unhideConversations,
  type ReplyTarget,
} from './store/reply.ts';

/** A reply to a shopper who wrote within this many hours is conversational, not marketing. */
export const CONVERSATIONAL_WINDOW_HOURS = 24;
/** Ten concatenated segments of GSM-7 text. */
export const AGENT_REPLY_MAX_LENGTH = 1530;

export const REPLY_REFUSALS = {
  channel_missing: 'This conversation has no text channel to reply to.',
  channel_unsubscribed: 'The shopper has unsubscribed (texted STOP): nothing can be sent until they text START.',
  channel_blocked: 'The shopper is blocked: nothing can be sent to this number.',
  non_us_number: 'Only +1 (US) numbers are texted, and this number is not one.',
} as const;

export const replyToConversationSchema = z.object({
  brandId: idSchema,
  /** The conversation. */
  id: idSchema,
  /** The brand user who writes it. */
  userId: idSchema,
  body: z
    .string()
    .trim()
    .min(1, 'The reply is empty.')
    .max(AGENT_REPLY_MAX_LENGTH, `A reply has at most ${AGENT_REPLY_MAX_LENGTH} characters.`),
});
export type ReplyToConversationInput = z.input<typeof replyToConversationSchema>;

export interface AgentReplyResult {
  message: ConversationMessageView;
  /** The shopper wrote within the last 24 hours: sent as a conversational (non-marketing) text. */
  conversational: boolean;
  /** sent; held (queued for a later minute: quiet hours or the state cap); skipped; failed. */
  outcome: 'sent' | 'held' | 'skipped' | 'failed';
}

export interface ReplyOptions {
  /** The clock (tests); default now. */
  now?: Date;
  /** The SMS provider (default the context's). */
  provider?: AppContext['clients']['sms'];
  sleep?: Sleep;
}

const refuse = (code: keyof typeof REPLY_REFUSALS): never => {
  throw new AppError('conflict', REPLY_REFUSALS[code], { code });
};

export type ReplyRefusal = keyof typeof REPLY_REFUSALS;

/** Why no agent text may reach the channel, or null when a reply may be sent. */
export function replyRefusal(target: Omit<ReplyTarget, 'id'>): ReplyRefusal | null {
  if (target.channel_id === null || target.channel_type !== 'sms' || !target.username) return 'channel_missing';
  if (target.blocked || target.channel_status === 'blocked') return 'channel_blocked';
  if (target.channel_status !== 'subscribed') return 'channel_unsubscribed';
  if (!isUsSmsNumber(target.username)) return 'non_us_number';
  return null;
}

/** Whether the panel may offer a reply, and the refusal's words when it may not (the 409's message). */
export function replyAvailability(target: Omit<ReplyTarget, 'id'>): {
  allowed: boolean;
  code: ReplyRefusal | null;
  reason: string | null;
} {
  const code = replyRefusal(target);
  return { allowed: code === null, code, reason: code === null ? null : REPLY_REFUSALS[code] };
}

/** Refuses a channel no agent text may reach (nothing is stored before this check). */
export function assertTextable(target: Omit<ReplyTarget, 'id'>): asserts target is Omit<ReplyTarget, 'id'> & {
  channel_id: number;
  username: string;
} {
  const code = replyRefusal(target);
  if (code !== null) refuse(code);
}

/** Whether the shopper wrote on the channel within the last 24 hours of `now`, and when they last did. */
export async function conversationalWindow(
  tx: Tx,
  channelId: number,
  now: Date,
): Promise<{ conversational: boolean; extra: Record<string, unknown> }> {
  const wrote = await lastIncomingOnChannel(tx, channelId);
  const conversational = wrote !== null && now.getTime() - wrote.getTime() <= CONVERSATIONAL_WINDOW_HOURS * 3_600_000;
  return {
    conversational,
    extra: { agent_reply: true, conversational, ...(wrote ? { shopper_wrote_at: wrote.toISOString() } : {}) },
  };
}

/** Sends a queued agent text now through the send job and reads back what happened. */
export async function sendAgentText(
  ctx: AppContext,
  { brandId, messageId, conversational }: { brandId: number; messageId: number; conversational: boolean },
  options: ReplyOptions & { now: Date },
): Promise<AgentReplyResult> {
  await sendDueMessages(ctx, {
    messageIds: [messageId],
    now: options.now,
    ...(options.provider ? { provider: options.provider } : {}),
    ...(options.sleep ? { sleep: options.sleep } : {}),
  });
  const message = await findMessage(ctx.db, { brandId, id: messageId });
  return { message: message!, conversational, outcome: outcomeOf(message!.status) };
}

const outcomeOf = (status: string): AgentReplyResult['outcome'] =>
  ['sent', 'delivered', 'sending'].includes(status)
    ? 'sent'
    : status === 'agent_skipped'
      ? 'skipped'
      : ['failed', 'undelivered'].includes(status)
        ? 'failed'
        : 'held';

/** Writes and sends an agent's reply (see the file comment for the rules). */
export async function replyToConversation(
  ctx: AppContext,
  input: ReplyToConversationInput,
  options: ReplyOptions = {},
): Promise<AgentReplyResult> {
  const { brandId, id, userId, body } = parseServiceInput(replyToConversationSchema, input);
  const now = options.now ?? new Date();
  if (!(await userExists(ctx.db, userId))) throw new AppError('not_found', USER_NOT_FOUND);

  const { messageId, conversational } = await withTransaction(ctx.db, async (tx) => {
    const target = await lockReplyTarget(tx, { brandId, id });
    if (!target) throw new AppError('not_found', CONVERSATION_NOT_FOUND);
    assertTextable(target);
    const { conversational, extra } = await conversationalWindow(tx, target.channel_id, now);
    const messageId = await insertAgentReply(tx, {
      brandId,
      conversationId: id,
      userId,
      body,
      isMarketing: !conversational,
      scheduledFor: now,
      extra,
    });
    await setConversationHidden(tx, { brandId, id, hidden: false });
    await markRead(tx, { brandId, id, userId, at: null });
    return { messageId, conversational };
  });
  return sendAgentText(ctx, { brandId, messageId, conversational }, { ...options, now });
}

export const OUTSIDE_WINDOW =
  'The shopper last wrote more than 24 hours ago: an automatic reply is not a conversational text any more.';

/**
 * Queues the shopper agent's reply to a conversation (no brand user wrote it: user_id null) for the
 * send job, which a 'messages:send-due' job runs at once. The same channel checks as a person's
 * reply (refused, nothing stored, for an unsubscribed, blocked, missing or non-+1 channel), and it
 * must be conversational: the shopper wrote within the last 24 hours, else 'outside_window'.
 * Returns the queued message's id.
 */
export async function queueAgentReply(
  db: Handle,
  {
    brandId,
    conversationId,
    body,
    now = new Date(),
    extra = {},
  }: { brandId: number; conversationId: number; body: string; now?: Date; extra?: Record<string, unknown> },
): Promise<{ messageId: number }> {
  return withTransaction(db, async (tx) => {
    const target = await lockReplyTarget(tx, { brandId, id: conversationId });
    if (!target) throw new AppError('not_found', CONVERSATION_NOT_FOUND);
    assertTextable(target);
    const window = await conversationalWindow(tx, target.channel_id, now);
    if (!window.conversational) throw new AppError('conflict', OUTSIDE_WINDOW, { code: 'outside_window' });
    const messageId = await insertAgentReply(tx, {
      brandId,
      conversationId,
      userId: null,
      body: body.slice(0, AGENT_REPLY_MAX_LENGTH),
      isMarketing: false,
      scheduledFor: now,
      extra: { ...window.extra, ...extra },
    });
    await setConversationHidden(tx, { brandId, id: conversationId, hidden: false });
    await enqueueJob(tx, 'messages:send-due', {}, { jobKey: 'messages:send-due:agent-replies' });
    return { messageId };
  });
}

/** One agent reply of queueAgentReplies: queued, refused (the refusal's words), or an error of its own. */
export type QueuedAgentReply = { messageId: number } | { refused: string } | { error: AppError };

/**
 * queueAgentReply for several conversations (at most one reply each) in one transaction and a few
 * statements: the same checks per reply, the channels share-locked together; a refused reply
 * stores nothing and leaves the others queued. One 'messages:send-due' job for them all.
 */
export async function queueAgentReplies(
  db: Handle,
  replies: { brandId: number; conversationId: number; body: string; extra?: Record<string, unknown> }[],
  now = new Date(),
  { queueSend = true }: { queueSend?: boolean } = {},
): Promise<QueuedAgentReply[]> {
  if (replies.length === 0) return [];
  if (new Set(replies.map((r) => r.conversationId)).size !== replies.length)
    throw new AppError('internal', 'queueAgentReplies takes at most one reply per conversation.');
  return withTransaction(db, async (tx) => {
    const targets = await lockReplyTargets(
      tx,
      replies.map((r) => ({ brandId: r.brandId, id: r.conversationId })),
    );
    const channels = [...targets.values()].flatMap((t) => (t.channel_id === null ? [] : [t.channel_id]));
    const wrote = await lastIncomingOnChannels(tx, channels);
    const out: QueuedAgentReply[] = [];
    const queued: { at: number; reply: Parameters<typeof insertAgentReply>[1] }[] = [];
    replies.forEach((r, at) => {
      const target = targets.get(r.conversationId);
      if (!target || target.brand_id !== r.brandId) {
        out.push({ error: new AppError('not_found', CONVERSATION_NOT_FOUND) });
        return;
      }
      const code = replyRefusal(target);
      if (code !== null) {
        out.push({ refused: REPLY_REFUSALS[code] });
        return;
      }
      const last = wrote.get(target.channel_id!) ?? null;
      const conversational = last !== null && now.getTime() - last.getTime() <= CONVERSATIONAL_WINDOW_HOURS * 3_600_000;
      if (!conversational) {
        out.push({ refused: OUTSIDE_WINDOW });
        return;
      }
      out.push({ messageId: 0 });
      queued.push({
        at,
        reply: {
          brandId: r.brandId,
          conversationId: r.conversationId,
          userId: null,
          body: r.body.slice(0, AGENT_REPLY_MAX_LENGTH),
          isMarketing: false,
          scheduledFor: now,
          extra: { agent_reply: true, conversational, shopper_wrote_at: last!.toISOString(), ...r.extra },
        },
      });
    });
    if (queued.length === 0) return out;
    const ids = await insertAgentReplies(
      tx,
      queued.map((q) => q.reply),
    );
    queued.forEach((q, i) => (out[q.at] = { messageId: ids[i]! }));
    await unhideConversations(
      tx,
      queued.map((q) => ({ brandId: q.reply.brandId, id: q.reply.conversationId })),
    );
    if (queueSend) await queueAgentRepliesSend(tx);
    return out;
  });
}

/**
 * The send job for queued agent replies ('messages:send-due', one key for them all). A caller of
 * queueAgentReplies inside a longer transaction queues it after its commit (queueSend false): every
 * transaction queueing it waits on that one job row until it commits. Missing it only delays the
 * replies to the next scheduled send (every minute).
 */
export async function queueAgentRepliesSend(db: Handle): Promise<void> {
  await enqueueJob(db, 'messages:send-due', {}, { jobKey: 'messages:send-due:agent-replies' });
}
