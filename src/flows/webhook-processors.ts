/**
 * Which process handles a stored webhook of each platform. Store events go to the store adapters
 * with the processes that follow them (STORE_EFFECTS); Shopify's app_subscriptions/update and
 * every Stripe event are billing's; an Infobip event is a delivery report (messaging's) or an
 * inbound text, by the topic its route stored.
 */
import type { AppContext } from '../app/index.ts';
import { processShopifyAppSubscription, processStripeEvent } from '../billing/index.ts';
import { INFOBIP_INBOUND_TOPIC } from '../conversations/index.ts';
import {
  DELIVERY_TOPIC,
  processDeliveryReport,
  processRegistrationEvent,
  REGISTRATION_TOPIC,
} from '../messaging/index.ts';
import {
  processBigCommerceEvent,
  processPixelEvent,
  processShopifyWebhook,
  queueCartEventForward,
} from '../stores/index.ts';
import type { WebhookEvent, WebhookProcessors } from '../webhooks/index.ts';
import { inboundText } from './inbound-text.ts';
import { STORE_EFFECTS } from './store-effects.ts';

async function processInfobipEvent(ctx: AppContext, event: WebhookEvent): Promise<'processed' | 'skipped'> {
  if (event.topic === DELIVERY_TOPIC) return processDeliveryReport(ctx, event);
  if (event.topic === INFOBIP_INBOUND_TOPIC) return inboundText(ctx, event);
  if (event.topic === REGISTRATION_TOPIC) return processRegistrationEvent(ctx, event);
  ctx.logger
    .child({ webhook_event_id: event.id, source: event.source, topic: event.topic })
    .warn('unknown Infobip webhook topic; ignored');
  return 'skipped';
}

type WebhookProcessor = NonNullable<WebhookProcessors['shopify']>;

/**
 * A store processor whose processed cart events are then forwarded to the brand's hook endpoint
 * (queued as their own job: the endpoint never holds up processing).
 */
const forwardingCarts =
  (processor: WebhookProcessor): WebhookProcessor =>
  async (ctx, event) => {
    const result = await processor(ctx, event);
    if (result !== 'skipped') await queueCartEventForward(ctx.db, event);
    return result;
  };

export const WEBHOOK_PROCESSORS: WebhookProcessors = {
  bigcommerce: forwardingCarts((ctx, event) => processBigCommerceEvent(ctx, event, STORE_EFFECTS)),
  shopify: forwardingCarts((ctx, event) =>
    event.topic === 'app_subscriptions/update'
      ? processShopifyAppSubscription(ctx, event)
      : processShopifyWebhook(ctx, event, STORE_EFFECTS),
  ),
  stripe: (ctx, event) => processStripeEvent(ctx, event),
  infobip: (ctx, event) => processInfobipEvent(ctx, event),
  pixel: forwardingCarts((ctx, event) => processPixelEvent(ctx, event)),
};
