/**
 * Inbound text: a shopper's text to a brand's number, stored from Infobip (POST
 * /webhooks/infobip/inbound, topic 'inbound'), applied by the conversations' receiveMessage
 * (keywords, opt-out and opt-in, the reply to the conversation, the engaged notification). A text
 * to a number no brand uses, or from a sender that is not a phone number, is understood and
 * skipped: retrying would not help. An ordinary text is then offered to tap-to-text (a flow's
 * keyword, or the Y that confirms one); a failure there is logged, the text stays received. A
 * text no one brand owns the number of was kept for staff by receiveMessage (`messages unrouted`).
 */
import { isAppError, type AppContext } from '../app/index.ts';
import { infobipInboundMessage, receiveMessage } from '../conversations/index.ts';
import type { WebhookEvent } from '../webhooks/index.ts';
import { applyTapToText } from '../workflows/index.ts';

export async function inboundText(ctx: AppContext, event: WebhookEvent): Promise<'processed' | 'skipped'> {
  const message = infobipInboundMessage(event.payload);
  try {
    const result = await receiveMessage(ctx, message);
    if (result.outcome === 'stored' && result.action === 'reply')
      await tapToText(ctx, result, message.body, message.receivedAt);
    return result.outcome === 'stored' ? 'processed' : 'skipped';
  } catch (error) {
    if (isAppError(error) && (error.code === 'unknown_number' || error.code === 'invalid_sender')) {
      ctx.logger
        .child({ webhook_event_id: event.id, source: event.source, topic: event.topic })
        .warn(
          { reason: error.code },
          'infobip inbound message skipped: no one brand owns the number (kept for staff), or the sender is not a phone number',
        );
      return 'skipped';
    }
    throw error;
  }
}

async function tapToText(
  ctx: AppContext,
  result: Awaited<ReturnType<typeof receiveMessage>>,
  body: string,
  at: Date | undefined,
): Promise<void> {
  if (result.channelId === null || result.contactId === null || result.conversationId === null) return;
  try {
    await applyTapToText(ctx, {
      brandId: result.brandId,
      channelId: result.channelId,
      contactId: result.contactId,
      conversationId: result.conversationId,
      createdContact: result.createdContact,
      body,
      at,
    });
  } catch (error) {
    ctx.logger.child({ brand_id: result.brandId }).error({ err: error }, 'tap-to-text failed for an inbound text');
  }
}
