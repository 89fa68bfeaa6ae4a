export {
  ingestWebhook,
  processWebhookEvent,
  processWebhookBatch,
  replayWebhookEvent,
  type WebhookProcessors,
} from './ingest.ts';
export { WebhookBatcher } from './batcher.ts';
export { MAX_WEBHOOK_ATTEMPTS } from './store/ingest.ts';
export {
  getEvent,
  listEvents,
  listStuckEvents,
  redactShopifyPayloads,
  type StuckWebhookEvent,
  type WebhookEvent,
  type WebhookSource,
} from './store/events.ts';
