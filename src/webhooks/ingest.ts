import { AppError, coerceError, type AppContext } from '../app/index.ts';
import { withTransaction } from '../db/index.ts';
import { enqueueJob } from '../jobs/index.ts';
import { beginAttempt, finishAttempt, getEvent, insertEvent, resetForReplay, type NewWebhookEvent, type WebhookEvent } from './store.ts';

/** Attempts before an event is dead-lettered; graphile-worker backs off exponentially between them. */
export const MAX_WEBHOOK_ATTEMPTS = 8;

export interface IngestResult {
  /** True when the platform sent an event id we already hold: answered 200, not queued again. */
  duplicate: boolean;
  id?: number;
}

const jobKey = (id: number): string => `webhook:${id}`;

/**
 * Stores a verified webhook and queues its processing in one transaction, so an event is
 * never stored without its job nor queued twice. The caller answers 200 right after.
 */
export async function ingestWebhook(ctx: AppContext, event: NewWebhookEvent): Promise<IngestResult> {
  return withTransaction(ctx.db, async (tx) => {
    const id = await insertEvent(tx, event);
    if (id === undefined) return { duplicate: true };
    await enqueueJob(tx, 'webhook:process', { id }, { jobKey: jobKey(id), maxAttempts: MAX_WEBHOOK_ATTEMPTS });
    return { duplicate: false, id };
  });
}

/** What a platform adapter does with one stored event. 'skipped' = understood and nothing to do. */
export type WebhookProcessor = (ctx: AppContext, event: WebhookEvent) => Promise<'processed' | 'skipped' | void>;
export type WebhookProcessors = Partial<Record<WebhookEvent['source'], WebhookProcessor>>;

/**
 * The job: runs the adapter for the event's platform. A failure is recorded and thrown so the
 * queue retries it with backoff; the last failed attempt leaves the event `dead`.
 */
export async function processWebhookEvent(ctx: AppContext, id: number, processors: WebhookProcessors, { attempt = 1 }: { attempt?: number } = {}): Promise<void> {
  const event = await beginAttempt(ctx.db, id);
  if (!event) return; // already processed (a replayed duplicate job) or deleted
  const log = ctx.logger.child({ webhook_event_id: id, source: event.source, topic: event.topic });
  const processor = processors[event.source];
  if (!processor) {
    log.warn('no processor for this source; event skipped');
    await finishAttempt(ctx.db, id, { status: 'skipped', error: `No processor for ${event.source}` });
    return;
  }
  try {
    const outcome = (await processor(ctx, event)) ?? 'processed';
    await finishAttempt(ctx.db, id, { status: outcome });
  } catch (error) {
    const cause = coerceError(error);
    const dead = attempt >= MAX_WEBHOOK_ATTEMPTS;
    await finishAttempt(ctx.db, id, { status: dead ? 'dead' : 'failed', error: cause.message.slice(0, 2000) });
    log.warn({ err: cause, attempt, dead }, dead ? 'webhook processing failed for the last time: dead-lettered' : 'webhook processing failed; will retry');
    throw cause;
  }
}

/** Queues a stored event again (after a fix), whatever its state. */
export async function replayWebhookEvent(ctx: AppContext, id: number): Promise<WebhookEvent> {
  return withTransaction(ctx.db, async (tx) => {
    const event = await resetForReplay(tx, id);
    if (!event) throw new AppError('not_found', `Webhook event ${id} not found.`);
    await enqueueJob(tx, 'webhook:process', { id }, { jobKey: jobKey(id), maxAttempts: MAX_WEBHOOK_ATTEMPTS });
    return event;
  });
}

export { getEvent };
