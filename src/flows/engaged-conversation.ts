/**
 * Engaged conversation: a shopper's ordinary reply (not STOP, HELP or START) queues the
 * 'conversations:notify-engaged' job (src/conversations/inbound.ts). The job runs the team-chat
 * notification (conversations' notifyEngagedConversation) and raises the in-app notification to
 * the brand's tenant: once per conversation, whatever the number of replies or job runs.
 */
import type { AppContext } from '../app/index.ts';
import { brandOfConversation, getConversation, notifyEngagedConversation } from '../conversations/index.ts';
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
