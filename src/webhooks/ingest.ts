import { AppError, coerceError, type AppContext } from '../app/index.ts';
import { withTransaction } from '../db/index.ts';
import { enqueueJob } from '../jobs/index.ts';
import { MAX_WEBHOOK_ATTEMPTS, PROCESS_TASK } from './store/ingest.ts';
import type { IngestResult, WebhookBatcher } from './batcher.ts';
import {
  beginAttempt,
  finishAttempt,
  resetForReplay,
  type NewWebhookEvent,
  type WebhookEvent,
} from './store/events.ts';

const jobKey = (id: number): string => `webhook:${id}`;

declare module '../app/index.ts' {
  interface Clients {
    /** One per context, shared by every request it serves, so concurrent webhooks share statements. */
    webhookBatcher: WebhookBatcher;
  }
}

/**
 * Stores a verified webhook and queues its processing in one statement, so an event is never
 * stored without its job nor queued twice; concurrent webhooks share statements (group commit,
 * through the context's batcher). The caller answers 200 right after. A payload jsonb cannot hold
 * as sent is stored raw (see WebhookBatcher); an event that cannot be stored at all is refused with
 * a 400 AppError, since a retry would fail the same way.
 */
export async function ingestWebhook(ctx: AppContext, event: NewWebhookEvent): Promise<IngestResult> {
  const [result] = await ingestWebhooks(ctx, [event]);
  return result!;
}

/**
 * The events of one delivery (Infobip sends many in one request), queued together so they share
 * statements instead of waiting for one another; refused whole, with nothing stored, when one of
 * them cannot be keyed. Results are in the order of the events.
 */
export async function ingestWebhooks(ctx: AppContext, events: NewWebhookEvent[]): Promise<IngestResult[]> {
  const results = await ctx.clients.webhookBatcher.ingestMany(events);
  results.forEach((result, index) => {
    if (!result.raw) return;
    const event = events[index]!;
    ctx.logger.warn(
      { webhook_event_id: result.id, source: event.source, topic: event.topic, event_id: event.eventId },
      result.raw === 'processable'
        ? 'webhook payload stored raw: jsonb cannot hold it as sent; a processable copy is queued'
        : 'webhook payload stored raw and dead-lettered: jsonb cannot hold it, nor a processable copy',
    );
  });
  return results;
}

/** What a platform adapter does with one stored event. 'skipped' = understood and nothing to do. */
export type WebhookProcessor = (ctx: AppContext, event: WebhookEvent) => Promise<'processed' | 'skipped' | void>;
export type WebhookProcessors = Partial<Record<WebhookEvent['source'], WebhookProcessor>>;

/**
 * Called once an event is dead-lettered (its last attempt failed), with the event as it was read
 * for that attempt and the failure. A failure of the hook itself is logged, never thrown.
 */
export type DeadLetterHook = (
  ctx: AppContext,
  dead: { event: WebhookEvent; attempts: number; error: string },
) => Promise<void>;

export interface ProcessOptions {
  attempt?: number;
  onDeadLetter?: DeadLetterHook;
}

/**
 * The job: runs the adapter for the event's platform. A failure is recorded and thrown so the
 * queue retries it with backoff; the last failed attempt leaves the event `dead`.
 */
export async function processWebhookEvent(
  ctx: AppContext,
  id: number,
  processors: WebhookProcessors,
  { attempt = 1, onDeadLetter }: ProcessOptions = {},
): Promise<void> {
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
    const message = cause.message.slice(0, 2000);
    await finishAttempt(ctx.db, id, { status: dead ? 'dead' : 'failed', error: message });
    log.warn(
      { err: cause, attempt, dead },
      dead ? 'webhook processing failed for the last time: dead-lettered' : 'webhook processing failed; will retry',
    );
    if (dead && onDeadLetter)
      await onDeadLetter(ctx, { event, attempts: attempt, error: message }).catch((hookError: unknown) =>
        log.error({ err: hookError }, 'the dead-letter hook failed'),
      );
    throw cause;
  }
}

/** Seconds before retry number `attempt` (graphile-worker's own curve: exp(min(attempt, 10))). */
const backoffSeconds = (attempt: number): number => Math.round(Math.exp(Math.min(attempt, 10)));

/**
 * The job queued by ingestion: processes each event of one ingestion statement in turn. An event
 * that fails gets a job of its own, which retries it with backoff until it is dead-lettered; the
 * others are not held back or repeated.
 */
export async function processWebhookBatch(
  ctx: AppContext,
  ids: number[],
  processors: WebhookProcessors,
  { onDeadLetter }: Pick<ProcessOptions, 'onDeadLetter'> = {},
): Promise<void> {
  for (const id of ids) {
    try {
      await processWebhookEvent(ctx, id, processors, { attempt: 1, onDeadLetter });
    } catch {
      await enqueueJob(
        ctx.db,
        PROCESS_TASK,
        { id, attemptOffset: 1 },
        {
          jobKey: jobKey(id),
          runAt: new Date(Date.now() + backoffSeconds(1) * 1000),
          maxAttempts: MAX_WEBHOOK_ATTEMPTS - 1,
        },
      );
    }
  }
}

/** Queues a stored event again (after a fix), whatever its state. */
export async function replayWebhookEvent(ctx: AppContext, id: number): Promise<WebhookEvent> {
  return withTransaction(ctx.db, async (tx) => {
    const event = await resetForReplay(tx, id);
    if (!event) throw new AppError('not_found', `Webhook event ${id} not found.`);
    await enqueueJob(tx, PROCESS_TASK, { id }, { jobKey: jobKey(id), maxAttempts: MAX_WEBHOOK_ATTEMPTS });
    return event;
  });
}
