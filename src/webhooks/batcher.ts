import { AppError } from '../app/index.ts';
import type { Db } from '../db/index.ts';
import {
  isRowDataError,
  mayHoldUnstorableJson,
  processableJsonText,
  storableText,
  webhookKeyProblem,
} from './rules.ts';
import { insertAndQueue, type IngestRow } from './store/ingest.ts';
import type { NewWebhookEvent } from './store/events.ts';

export interface IngestResult {
  /** True when the platform sent an event id we already hold: answered 200, not queued again. */
  duplicate: boolean;
  id?: number;
  /**
   * Set when jsonb could not hold the payload as sent and its raw bytes were kept: `processable`
   * (a processable copy is stored and queued) or `unprocessable` (kept dead-lettered, not queued).
   */
  raw?: 'processable' | 'unprocessable';
}

/** What makes an event unique: its platform, the platform's id for it, and its topic. */
const eventKey = (source: string, eventId: string, topic: string | null | undefined): string =>
  `${source}\u0000${eventId}\u0000${topic ?? ''}`;

/** How an event is stored: as sent, raw with a processable copy, or raw alone (dead-lettered). */
type Mode = 'json' | 'raw' | 'unprocessable';

interface Waiting {
  event: NewWebhookEvent;
  row: IngestRow;
  mode: Mode;
  resolve(result: IngestResult): void;
  reject(error: unknown): void;
}

const refusal = (reason: string, cause?: unknown): AppError =>
  new AppError('invalid_input', `This webhook cannot be stored: ${reason}. Nothing was stored.`, {
    code: 'unstorable_webhook',
    cause,
  });

/** The SQLSTATE of a failed statement (translated errors keep the driver's error as their cause). */
function sqlState(error: unknown): string | undefined {
  const pgError = (error instanceof AppError ? error.cause : error) as { code?: unknown } | undefined;
  return typeof pgError?.code === 'string' ? pgError.code : undefined;
}

const errorMessage = (error: unknown): string =>
  (error instanceof AppError && error.cause instanceof Error ? error.cause : (error as Error))?.message ??
  String(error);

/** The row of an event as sent; a payload jsonb would refuse is stored raw from the start. */
function prepare(event: NewWebhookEvent): Pick<Waiting, 'event' | 'row' | 'mode'> {
  const problem = webhookKeyProblem(event);
  if (problem) throw refusal(problem);
  let payload: string;
  try {
    payload = event.rawPayload ? event.rawPayload : JSON.stringify(event.payload ?? {});
  } catch (error) {
    throw refusal(`its payload cannot be written as JSON (${errorMessage(error)})`, error);
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(event.headers ?? {})) headers[name] = storableText(String(value));
  const row: IngestRow = {
    source: event.source,
    eventId: event.eventId,
    topic: event.topic ?? null,
    shop: event.shop ?? null,
    brandIntegrationId: event.brandIntegrationId ?? null,
    payload,
    headers: JSON.stringify(headers),
    triggeredAt: event.triggeredAt ?? null,
    rawPayload: null,
    status: 'pending',
    lastError: null,
  };
  if (mayHoldUnstorableJson(payload)) {
    const copy = processableJsonText(payload);
    if (copy !== payload) return { event, row: withRaw(event, row, copy), mode: 'raw' };
  }
  return { event, row, mode: 'json' };
}

const rawBytes = (event: NewWebhookEvent, row: IngestRow): Buffer =>
  event.rawBody ?? Buffer.from(event.rawPayload ?? row.payload, 'utf8');

const withRaw = (event: NewWebhookEvent, row: IngestRow, copy: string): IngestRow => ({
  ...row,
  payload: copy,
  rawPayload: rawBytes(event, row),
});

/**
 * The next way to store an event its statement refused for its own data: raw with a processable
 * copy, then raw alone (dead-lettered with the reason); undefined when even that was refused.
 */
function fallback(waiting: Waiting, error: unknown): Waiting | undefined {
  const { event, row } = waiting;
  if (waiting.mode === 'json') {
    const copy = processableJsonText(row.payload);
    if (copy !== row.payload) return { ...waiting, row: withRaw(event, row, copy), mode: 'raw' };
  }
  if (waiting.mode === 'unprocessable') return undefined;
  const reason = errorMessage(error);
  return {
    ...waiting,
    mode: 'unprocessable',
    row: {
      ...row,
      payload: 'null',
      rawPayload: row.rawPayload ?? rawBytes(event, row),
      status: 'dead',
      lastError: `The payload cannot be stored as JSON (PostgreSQL: ${reason}); its raw bytes are kept and it is not processed.`,
    },
  };
}

/**
 * Group commit for webhooks. When no write is in flight, an event is written at once; while one
 * is, arriving events wait and go together in the next statement (up to maxBatch). Each caller's
 * promise settles only after its event is committed, so a 200 always means "stored and queued".
 * Nothing here is state another process needs: a batch lives for milliseconds.
 *
 * A statement refused for one row's data (isRowDataError) fails none of its neighbours: the batch
 * is split in halves and each written again, down to the offending event, which is then stored
 * raw (fallback) or, when even that is refused, rejected with a 400 error. Other failures (the
 * database unreachable) reject the whole batch: a retry may succeed.
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
    return this.ingestMany([event]).then((results) => results[0]!);
  }

  /**
   * Several events of one delivery, queued together so they share statements. When one of them
   * cannot be keyed, the call is refused whole and nothing is queued.
   */
  ingestMany(events: NewWebhookEvent[]): Promise<IngestResult[]> {
    if (this.closed) return Promise.reject(new Error('The webhook batcher is closed.'));
    let prepared: Array<Pick<Waiting, 'event' | 'row' | 'mode'>>;
    try {
      prepared = events.map(prepare);
    } catch (error) {
      return Promise.reject(error);
    }
    const results = Promise.all(
      prepared.map((p) => new Promise<IngestResult>((resolve, reject) => this.queue.push({ ...p, resolve, reject }))),
    );
    this.pump();
    return results;
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
    let inserted;
    try {
      inserted = await insertAndQueue(
        this.db,
        batch.map((w) => w.row),
      );
    } catch (error) {
      if (!isRowDataError(sqlState(error))) {
        for (const waiting of batch) waiting.reject(error);
      } else if (batch.length > 1) {
        const middle = Math.ceil(batch.length / 2);
        await this.write(batch.slice(0, middle));
        await this.write(batch.slice(middle));
      } else {
        const next = fallback(batch[0]!, error);
        if (next) await this.write([next]);
        else batch[0]!.reject(refusal(errorMessage(error), error));
      }
      return;
    }
    const ids = new Map(inserted.map((row) => [eventKey(row.source, row.eventId, row.topic), row.id]));
    for (const waiting of batch) {
      const key = eventKey(waiting.event.source, waiting.event.eventId, waiting.event.topic);
      const id = ids.get(key);
      if (id === undefined) {
        waiting.resolve({ duplicate: true });
      } else {
        ids.delete(key); // a second copy of the same event in this batch is a duplicate
        const result: IngestResult = { duplicate: false, id };
        if (waiting.mode !== 'json') result.raw = waiting.mode === 'raw' ? 'processable' : 'unprocessable';
        waiting.resolve(result);
      }
    }
  }
}
