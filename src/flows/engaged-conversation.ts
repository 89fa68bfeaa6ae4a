/**
 * Engaged conversation: a shopper's ordinary reply (not STOP, HELP or START) queues the
 * 'conversations:notify-engaged' job (src/conversations/inbound.ts). The job runs the team-chat
 * notification (conversations' notifyEngagedConversation) and raises the in-app notification to
 * the brand's tenant: once per conversation, whatever the number of replies or job runs.
 */
import type { AppContext } from '../app/index.ts';
import { brandOfConversation, getConversation, notifyEngagedConversation } from '../conversations/index.ts';
import { enqueueJobs } from '../jobs/index.ts';
import { raiseEngagedConversation, type Raised } from '../notifications/index.ts';

export async function engagedConversation(
  ctx: AppContext,
  { conversationId }: { conversationId: number },
): Promise<Raised> {
  const chat = await notifyEngagedConversation(ctx, { conversationId });
  if (chat.reason === 'conversation_not_found') return { id: null, created: false };
  const brandId = await brandOfConversation(ctx.db, conversationId);
  const conversation = await getConversation(ctx.db, { id: conversationId, brandId });
  const reply = conversation.messages.filter((m) => m.direction === 'incoming').at(-1);
  const raised = await raiseEngagedConversation(ctx.db, {
    brandId: conversation.brand_id,
    conversationId,
    shopperName: conversation.contact?.given_name,
    reply: reply?.body,
  });
  if (raised.created)
    ctx.logger
      .child({ brand_id: conversation.brand_id, conversation_id: conversationId })
      .info({ notification_id: raised.id }, 'engaged-conversation notification raised');
  return raised;
}

/** Seconds before a conversation whose notification failed in a batch is tried again, in a job of its own. */
export const NOTIFY_RETRY_SECONDS = 10;

/**
 * The 'conversations:notify-engaged' job: one conversation (a job of its own, retried by the queue
 * when it fails), or a batch of them (each once, in order). In a batch a conversation that fails
 * gets a job of its own, retried with the queue's backoff; the others are not held back.
 */
export async function engagedConversationsJob(
  ctx: AppContext,
  payload: { conversationId: number } | { conversationId: number }[],
): Promise<void> {
  if (!Array.isArray(payload)) {
    await engagedConversation(ctx, payload);
    return;
  }
  const failed: number[] = [];
  for (const conversationId of new Set(payload.map((p) => p.conversationId))) {
    try {
      await engagedConversation(ctx, { conversationId });
    } catch (error) {
      ctx.logger.warn(
        { err: error, conversation_id: conversationId },
        'engaged-conversation notification failed; retried on its own',
      );
      failed.push(conversationId);
    }
  }
  if (failed.length === 0) return;
  const runAt = new Date(Date.now() + NOTIFY_RETRY_SECONDS * 1000);
  await enqueueJobs(
    ctx.db,
    failed.map((conversationId) => ({
      task: 'conversations:notify-engaged' as const,
      payload: { conversationId },
      options: { jobKey: `conversations:notify-engaged:${conversationId}`, runAt },
    })),
  );
}
