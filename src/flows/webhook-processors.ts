import { processShopifyAppSubscription, processStripeEvent } from '../billing/index.ts';
import { processBigCommerceEvent, processShopifyWebhook } from '../stores/index.ts';
import type { WebhookProcessors } from '../webhooks/index.ts';
import { processInfobipEvent } from './infobip-processor.ts';

/**
 * Which adapter turns a stored webhook of each platform into our own events.
 * Store, billing and messaging adapters register here as they land.
 */
export const WEBHOOK_PROCESSORS: WebhookProcessors = {
  bigcommerce: (ctx, event) => processBigCommerceEvent(ctx, event),
  // app_subscriptions/update is billing's; every other Shopify topic is the store's.
  shopify: (ctx, event) =>
    event.topic === 'app_subscriptions/update'
      ? processShopifyAppSubscription(ctx, event)
      : processShopifyWebhook(ctx, event),
  stripe: (ctx, event) => processStripeEvent(ctx, event),
  infobip: (ctx, event) => processInfobipEvent(ctx, event),
};
