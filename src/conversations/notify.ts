/**
 * The "engaged conversation" notification (issue 6 item 5): queued when a shopper sends an
 * ordinary reply. Slack delivery arrives with the Slack integration; until then the job is a
 * no-op that logs why and records the outcome on the conversation
 * (extra_data.engaged_notification = { status, reason, at }), so ops can see it ran.
 */
import type { AppContext } from '../app/index.ts';

export interface NotifyEngagedResult {
  conversationId: number;
  notified: boolean;
  reason: 'conversation_not_found' | 'slack_not_configured' | 'slack_not_supported_yet';
}

/** Whether the brand has a connected, enabled team-chat (Slack) integration. */
async function hasChatIntegration(ctx: AppContext, brandId: number): Promise<boolean> {
  const row = await ctx
    .db('brand_integrations as bi')
    .join('integrations as i', 'i.id', 'bi.integration_id')
    .where({ 'bi.brand_id': brandId, 'bi.status': 'connected', 'bi.is_enabled': true, 'i.category': 'chat' })
    .first('bi.id');
  return row !== undefined;
}

export async function notifyEngagedConversation(
  ctx: AppContext,
  { conversationId }: { conversationId: number },
): Promise<NotifyEngagedResult> {
  const conversation = await ctx
    .db('conversations')
    .where({ id: conversationId })
    .first<{ id: string; brand_id: string } | undefined>('id', 'brand_id');
  const log = ctx.logger.child({ conversation_id: conversationId, task: 'conversations:notify-engaged' });
  if (!conversation) {
    log.info('engaged-conversation notification skipped: the conversation no longer exists');
    return { conversationId, notified: false, reason: 'conversation_not_found' };
  }
  const brandId = Number(conversation.brand_id);
  const configured = Boolean(ctx.config.SLACK_CLIENT_ID) && (await hasChatIntegration(ctx, brandId));
  const reason = configured ? 'slack_not_supported_yet' : 'slack_not_configured';
  log.info(
    { brand_id: brandId, reason },
    configured
      ? 'engaged-conversation notification skipped: Slack delivery is not built yet'
      : 'engaged-conversation notification skipped: Slack is not configured',
  );
  await ctx
    .db('conversations')
    .where({ id: conversationId })
    .update({
      extra_data: ctx.db.raw(
        `extra_data || jsonb_build_object('engaged_notification', jsonb_build_object('status', 'skipped', 'reason', ?::text, 'at', now()))`,
        [reason],
      ),
    });
  return { conversationId, notified: false, reason };
}
