export {
  ingestWebhook,
  ingestWebhooks,
  processWebhookEvent,
  processWebhookBatch,
  replayWebhookEvent,
  type WebhookProcessors,
  type DeadLetterHook,
  type ProcessOptions,
} from './ingest.ts';
export { WebhookBatcher, type IngestResult } from './batcher.ts';
export { MAX_WEBHOOK_KEY_LENGTH } from './rules.ts';
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
export {
  deadLetterSummary,
  listDeadLetters,
  webhookHealth,
  webhooksLastHour,
  type DeadLetter,
  type DeadLetterSummary,
  type WebhookHealth,
} from './store/dead-letters.ts';
