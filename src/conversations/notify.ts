/**
 * The "engaged conversation" notification, queued (one job per conversation, jobKey) when a
 * shopper sends an ordinary reply. With the brand's Slack connected and a channel chosen, the
 * first reply is posted to the channel: the shopper's reply, the cart value, the workflow and a
 * link to the conversation in the panel. Later replies are threaded under it (thread_ts = the
 * first message's ts, kept as extra_data.slack_ts). Replies that arrived while the job waited
 * are all posted, in order; extra_data.slack_last_message_id keeps each one from being posted
 * twice. Without Slack the job records why it sent nothing (extra_data.engaged_notification).
 */
import { isAppError, publicBaseUrl, type AppContext } from '../app/index.ts';
import {
  connectedSlack,
  engagedConversationText,
  followUpText,
  NO_CHANNEL_ID,
  NO_CONVERSATION_DETAIL,
  NO_CONVERSATION_ID,
  postToSlack,
} from '../integrations/index.ts';
import {
  engagedDetail,
  incomingMessagesAfter,
  recordEngagedNotificationSkipped,
  recordSlackPost,
} from './store/notify.ts';

export interface NotifyEngagedResult {
  conversationId: number;
  notified: boolean;
  reason?: 'conversation_not_found' | 'slack_not_configured' | 'no_channel' | 'nothing_new' | 'slack_reconnect';
  /** The Slack messages posted by this run. */
  posted?: { ts: string; threadTs: string | null }[];
}

export async function notifyEngagedConversation(
  ctx: AppContext,
  { conversationId }: { conversationId: number },
): Promise<NotifyEngagedResult> {
  const log = ctx.logger.child({ conversation_id: conversationId, task: 'conversations:notify-engaged' });
  if (!Number.isInteger(conversationId) || conversationId <= 0) {
    log.warn(NO_CONVERSATION_ID);
    return { conversationId, notified: false, reason: 'conversation_not_found' };
  }
  const detail = await engagedDetail(ctx.db, conversationId);
  if (!detail) {
    log.info(`engaged-conversation notification skipped: ${NO_CONVERSATION_DETAIL}`);
    return { conversationId, notified: false, reason: 'conversation_not_found' };
  }
  const slack = ctx.config.SLACK_CLIENT_ID ? await connectedSlack(ctx, detail.brandId) : undefined;
  if (!slack) {
    log.info({ brand_id: detail.brandId }, 'engaged-conversation notification skipped: Slack is not configured');
    await recordEngagedNotificationSkipped(ctx.db, { conversationId, reason: 'slack_not_configured' });
    return { conversationId, notified: false, reason: 'slack_not_configured' };
  }
  if (typeof slack.link.settings.channel_id !== 'string') {
    log.warn({ brand_id: detail.brandId }, `engaged-conversation notification skipped: ${NO_CHANNEL_ID}`);
    await recordEngagedNotificationSkipped(ctx.db, { conversationId, reason: 'no_channel' });
    return { conversationId, notified: false, reason: 'no_channel' };
  }
  const replies = await incomingMessagesAfter(ctx.db, { conversationId, afterId: detail.lastPostedMessageId });
  const link = `${publicBaseUrl(ctx.config)}/b/${detail.brandId}/conversations/${conversationId}`;
  const posted: { ts: string; threadTs: string | null }[] = [];
  let parent = detail.slackTs;
  for (const reply of replies) {
    const text = parent
      ? followUpText(detail.shopper, reply.body)
      : engagedConversationText({ ...detail, reply: reply.body, link });
    let ts: string;
    try {
      ({ ts } = await postToSlack(ctx, { brandId: detail.brandId, text, ...(parent ? { threadTs: parent } : {}) }));
    } catch (error) {
      // A token that needs reconnecting is not retried (the link's health says so); any other
      // failure throws: the job is retried and posts from the first reply not yet posted.
      if (!(isAppError(error) && error.code === 'slack_reconnect')) throw error;
      log.warn({ brand_id: detail.brandId, reason: error.message }, 'engaged-conversation notification not posted');
      await recordEngagedNotificationSkipped(ctx.db, { conversationId, reason: error.message });
      return { conversationId, notified: posted.length > 0, reason: 'slack_reconnect', posted };
    }
    await recordSlackPost(ctx.db, { conversationId, ts, messageId: reply.id });
    posted.push({ ts, threadTs: parent });
    parent ??= ts;
  }
  log.info({ brand_id: detail.brandId, posted: posted.length }, 'engaged-conversation notification posted to Slack');
  return posted.length > 0
    ? { conversationId, notified: true, posted }
    : { conversationId, notified: false, reason: 'nothing_new' };
}
