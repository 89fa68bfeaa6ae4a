import type { Db } from '../db/index.ts';
import { insertAndQueue } from './store/ingest.ts';
import type { NewWebhookEvent } from './store/events.ts';

export interface IngestResult {
  /** True when the platform sent an event id we already hold: answered 200, not queued again. */
  duplicate: boolean;
  id?: number;
}

/** What makes an event unique: its platform, the platform's id for it, and its topic. */
const eventKey = (source: string, eventId: string, topic: string | null | undefined): string =>
  `${source}\u0000${eventId}\u0000${topic ?? ''}`;

interface Waiting {
  event: NewWebhookEvent;
  resolve(result: IngestResult): void;
  reject(error: unknown): void;
}

/**
 * Group commit for webhooks. When no write is in flight, an event is written at once; while one
 * is, arriving events wait and go together in the next statement (up to maxBatch). Each caller's
 * promise settles only after its event is committed, so a 200 always means "stored and queued".
 * Nothing here is state another process needs: a batch lives for milliseconds.
 *
 * One statement in flight by default: each statement has a fixed cost in PostgreSQL (the
 * `add_job` call, its notification and the commit) of several single-row inserts, and commits
 * that notify are serialised by PostgreSQL anyway. With two in flight, the second often left
 * with only the one or two webhooks that had just arrived (batches of about 15 under the
 * benchmark's load against about 27 with one, and a third more database time per webhook).
 */
export class WebhookBatcher {
  private queue: Waiting[] = [];
  private inFlight = 0;
  private closed = false;
  private idle: Array<() => void> = [];

  constructor(
    private readonly db: Db,
    private readonly options: { maxBatch?: number; maxInFlight?: number } = {},
  ) {}

  ingest(event: NewWebhookEvent): Promise<IngestResult> {
    if (this.closed) return Promise.reject(new Error('The webhook batcher is closed.'));
    return new Promise((resolve, reject) => {
      this.queue.push({ event, resolve, reject });
      this.pump();
    });
  }

  /** Refuses new events and resolves once every accepted one is written (before the pool closes). */
  close(): Promise<void> {
    this.closed = true;
    if (this.queue.length === 0 && this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private pump(): void {
    const maxInFlight = this.options.maxInFlight ?? 1;
    while (this.queue.length > 0 && this.inFlight < maxInFlight) {
      const batch = this.queue.splice(0, this.options.maxBatch ?? 256);
      this.inFlight += 1;
      void this.write(batch).finally(() => {
        this.inFlight -= 1;
        this.pump();
        if (this.queue.length === 0 && this.inFlight === 0) for (const resolve of this.idle.splice(0)) resolve();
      });
    }
  }

  private async write(batch: Waiting[]): Promise<void> {
    try {
      const inserted = await insertAndQueue(
        this.db,
        batch.map((w) => w.event),
      );
      const ids = new Map(inserted.map((row) => [eventKey(row.source, row.eventId, row.topic), row.id]));
      for (const waiting of batch) {
        const key = eventKey(waiting.event.source, waiting.event.eventId, waiting.event.topic);
        const id = ids.get(key);
        if (id === undefined) {
          waiting.resolve({ duplicate: true });
        } else {
          ids.delete(key); // a second copy of the same event in this batch is a duplicate
          waiting.resolve({ duplicate: false, id });
        }
      }
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    }
  }
}
