/**
 * The "engaged conversation" notification: queued when a shopper sends an ordinary reply. Slack
 * delivery is not implemented: the job logs why it sent nothing and records the outcome on the
 * conversation (extra_data.engaged_notification = { status, reason, at }), so ops can see it ran.
 */
import type { AppContext } from '../app/index.ts';
import { hasConnectedIntegration } from '../stores/index.ts';
import { conversationBrandId, recordEngagedNotificationSkipped } from './store/notify.ts';

export interface NotifyEngagedResult {
  conversationId: number;
  notified: boolean;
  reason: 'conversation_not_found' | 'slack_not_configured' | 'slack_not_supported_yet';
}

export async function notifyEngagedConversation(
  ctx: AppContext,
  { conversationId }: { conversationId: number },
): Promise<NotifyEngagedResult> {
  const brandId = await conversationBrandId(ctx.db, conversationId);
  const log = ctx.logger.child({ conversation_id: conversationId, task: 'conversations:notify-engaged' });
  if (brandId === undefined) {
    log.info('engaged-conversation notification skipped: the conversation no longer exists');
    return { conversationId, notified: false, reason: 'conversation_not_found' };
  }
  // A connected, enabled team-chat (Slack) integration of the brand.
  const configured =
    Boolean(ctx.config.SLACK_CLIENT_ID) && (await hasConnectedIntegration(ctx.db, { brandId, category: 'chat' }));
  const reason = configured ? 'slack_not_supported_yet' : 'slack_not_configured';
  log.info(
    { brand_id: brandId, reason },
    configured
      ? 'engaged-conversation notification skipped: Slack delivery is not built yet'
      : 'engaged-conversation notification skipped: Slack is not configured',
  );
  await recordEngagedNotificationSkipped(ctx.db, { conversationId, reason });
  return { conversationId, notified: false, reason };
}
