/**
 * The one processor for stored Infobip webhooks (source 'infobip'), dispatching on the topic the
 * route set when it stored the event:
 * - 'inbound' (POST /webhooks/infobip/inbound): a shopper's text, applied by receiveMessage;
 * - 'delivery' (the delivery-report route of the messaging domain): processDeliveryReport.
 * A text to a number no brand uses is understood and skipped (retrying would not help).
 */
import { isAppError, type AppContext } from '../app/index.ts';
import { infobipInboundMessage, INFOBIP_INBOUND_TOPIC, receiveMessage } from '../conversations/index.ts';
import { DELIVERY_TOPIC, processDeliveryReport } from '../messaging/index.ts';
import type { WebhookEvent } from '../webhooks/index.ts';

export async function processInfobipEvent(
  ctx: AppContext,
  event: WebhookEvent,
): Promise<'processed' | 'skipped' | void> {
  const log = ctx.logger.child({ webhook_event_id: event.id, source: event.source, topic: event.topic });
  if (event.topic === DELIVERY_TOPIC) return processDeliveryReport(ctx, event);
  if (event.topic !== INFOBIP_INBOUND_TOPIC) {
    log.warn('unknown Infobip webhook topic; ignored');
    return 'skipped';
  }
  const message = infobipInboundMessage(event.payload);
  try {
    const result = await receiveMessage(ctx, message);
    return result.outcome === 'stored' ? 'processed' : 'skipped';
  } catch (error) {
    if (isAppError(error) && (error.code === 'unknown_number' || error.code === 'invalid_sender')) {
      log.warn(
        { reason: error.code },
        'infobip inbound message skipped: no brand uses the number, or the sender is not a phone number',
      );
      return 'skipped';
    }
    throw error;
  }
}
