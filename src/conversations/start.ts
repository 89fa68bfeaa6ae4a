/**
 * A conversation an agent starts with a shopper (spec 3 section 7: conversation creation with its
 * first message, rolled back if the message fails). The channel must take texts (the same
 * refusals as an agent reply, nothing stored); the conversation and its first message are written
 * in one transaction, and any failure writing them is 'Failed to create conversation/message'
 * with nothing left behind. The message is then sent through the send job like a reply:
 * conversational when the shopper wrote on the channel within 24 hours, marketing otherwise.
 */
import { z } from 'zod';
import { AppError, type AppContext } from '../app/index.ts';
import { withTransaction } from '../db/index.ts';
import { FAILED_TO_CREATE_CONVERSATION } from './create.ts';
import { idSchema, parseServiceInput } from './input.ts';
import {
  assertTextable,
  conversationalWindow,
  replyToConversationSchema,
  sendAgentText,
  type AgentReplyResult,
  type ReplyOptions,
} from './reply.ts';
import { markRead } from './store/inbox.ts';
import { insertAgentConversation, insertAgentReply, lockChannelTarget } from './store/reply.ts';

export const createConversationSchema = z.object({
  brandId: idSchema,
  /** The shopper's SMS channel. */
  contactChannelId: idSchema,
  /** The brand user who writes the first message. */
  userId: idSchema,
  body: replyToConversationSchema.shape.body,
});
export type CreateConversationInput = z.input<typeof createConversationSchema>;

/** Starts a conversation with its first message and sends it (see the file comment). */
export async function createConversation(
  ctx: AppContext,
  input: CreateConversationInput,
  options: ReplyOptions = {},
): Promise<AgentReplyResult & { conversationId: number }> {
  const { brandId, contactChannelId, userId, body } = parseServiceInput(createConversationSchema, input);
  const now = options.now ?? new Date();
  const created = await withTransaction(ctx.db, async (tx) => {
    const target = await lockChannelTarget(tx, { brandId, channelId: contactChannelId });
    if (!target) throw new AppError('not_found', 'Contact channel not found');
    assertTextable(target);
    const { conversational, extra } = await conversationalWindow(tx, target.channel_id, now);
    try {
      const conversationId = await insertAgentConversation(tx, {
        brandId,
        contactId: target.contact_id,
        channelId: target.channel_id,
      });
      const messageId = await insertAgentReply(tx, {
        brandId,
        conversationId,
        userId,
        body,
        isMarketing: !conversational,
        scheduledFor: now,
        extra,
      });
      await markRead(tx, { brandId, id: conversationId, userId, at: null });
      return { conversationId, messageId, conversational };
    } catch (error) {
      throw new AppError('internal', FAILED_TO_CREATE_CONVERSATION, { code: 'conversation_not_created', cause: error });
    }
  });
  const result = await sendAgentText(ctx, { brandId, ...created }, { ...options, now });
  return { conversationId: created.conversationId, ...result };
}
