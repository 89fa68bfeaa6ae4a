export {
  ingestWebhook,
  processWebhookEvent,
  processWebhookBatch,
  replayWebhookEvent,
  MAX_WEBHOOK_ATTEMPTS,
  type IngestResult,
  type WebhookProcessor,
  type WebhookProcessors,
} from './ingest.ts';
export { WebhookBatcher } from './batcher.ts';
export {
  getEvent,
  listEvents,
  type WebhookEvent,
  type WebhookSource,
  type WebhookStatus,
  type NewWebhookEvent,
  type ListFilter,
} from './store.ts';
