/** SQL of the stored webhook events: read, attempts recorded, listed, replayed, redacted. */
import type { Db, Handle, Tx } from '../../db/index.ts';
import { parseJsonLossless } from '../payload.ts';

export type WebhookSource = 'shopify' | 'bigcommerce' | 'stripe' | 'infobip' | 'slack' | 'pixel';
export type WebhookStatus = 'pending' | 'processing' | 'processed' | 'failed' | 'dead' | 'skipped';

export interface WebhookEvent {
  id: number;
  source: WebhookSource;
  event_id: string;
  topic: string | null;
  shop: string | null;
  brand_integration_id: number | null;
  /** What processing reads: the payload as sent, or its processable copy when raw_payload is set. */
  payload: unknown;
  /** The bytes as received, kept only when jsonb could not hold the payload as sent. */
  raw_payload: Buffer | null;
  headers: Record<string, string>;
  triggered_at: Date | null;
  received_at: Date;
  processed_at: Date | null;
  attempts: number;
  last_error: string | null;
  status: WebhookStatus;
}

export interface NewWebhookEvent {
  source: WebhookSource;
  eventId: string;
  topic?: string | null;
  shop?: string | null;
  brandIntegrationId?: number | null;
  payload: unknown;
  /** The payload's exact JSON text when the caller has it (saves serialising it again). */
  rawPayload?: string;
  /**
   * The delivery's bytes as received, kept as the record when jsonb cannot hold the payload as
   * sent; without it the record is the payload's JSON text (rawPayload, else serialised here).
   */
  rawBody?: Buffer;
  /** Only headers that carry meaning (topic, ids, versions); never signatures or credentials. */
  headers?: Record<string, string>;
  triggeredAt?: Date | null;
}

/** Every column, the payload as its stored text (read with parseJsonLossless, so large ids stay exact). */
const EVENT_COLUMNS = [
  'id',
  'source',
  'event_id',
  'topic',
  'shop',
  'brand_integration_id',
  'headers',
  'raw_payload',
  'triggered_at',
  'received_at',
  'processed_at',
  'attempts',
  'last_error',
  'status',
];
const eventColumns = (db: Handle) => [...EVENT_COLUMNS, db.raw('payload::text as payload')];

const toEvent = (row: Record<string, unknown>): WebhookEvent => ({
  ...(row as unknown as WebhookEvent),
  id: Number(row.id),
  brand_integration_id: row.brand_integration_id === null ? null : Number(row.brand_integration_id),
  ...(typeof row.payload === 'string' ? { payload: parseJsonLossless(row.payload) } : {}),
});

export async function getEvent(db: Handle, id: number): Promise<WebhookEvent | undefined> {
  const row = await db('webhook_events').where({ id }).first(eventColumns(db));
  return row ? toEvent(row) : undefined;
}

/** Marks the start of an attempt and returns the event as it now stands. */
export async function beginAttempt(db: Db, id: number): Promise<WebhookEvent | undefined> {
  const [row] = await db('webhook_events')
    .where({ id })
    .whereNotIn('status', ['processed', 'skipped'])
    .update({ status: 'processing', status_at: db.fn.now(), attempts: db.raw('attempts + 1') })
    .returning(eventColumns(db));
  return row ? toEvent(row) : undefined;
}

export async function finishAttempt(
  db: Db,
  id: number,
  outcome: { status: WebhookStatus; error?: string },
): Promise<void> {
  await db('webhook_events')
    .where({ id })
    .update({
      status: outcome.status,
      status_at: db.fn.now(),
      last_error: outcome.error ?? null,
      processed_at: outcome.status === 'processed' || outcome.status === 'skipped' ? db.fn.now() : null,
    });
}

export interface ListFilter {
  failed?: boolean;
  source?: WebhookSource;
  limit?: number;
}

/** The columns of an event in a list (no payload or headers). */
const LIST_COLUMNS = [
  'id',
  'source',
  'event_id',
  'topic',
  'shop',
  'brand_integration_id',
  'triggered_at',
  'received_at',
  'processed_at',
  'attempts',
  'last_error',
  'status',
];

export async function listEvents(
  db: Db,
  { failed = false, source, limit = 50 }: ListFilter = {},
): Promise<WebhookEvent[]> {
  const query = db('webhook_events')
    .select(...LIST_COLUMNS)
    .orderBy('id', 'desc')
    .limit(limit);
  if (failed) query.whereIn('status', ['failed', 'dead']);
  if (source) query.where({ source });
  return (await query).map(toEvent);
}

/** An event waiting or processing for longer than it should; `since` is when it took that status. */
export interface StuckWebhookEvent extends Omit<WebhookEvent, 'payload' | 'headers'> {
  since: Date;
  stuck_seconds: number;
}

/**
 * Events still `pending` or `processing` more than `olderThanSeconds` after they took that status
 * (stored or replayed, or their attempt began), the longest-stuck first: what a dead worker, a
 * stopped queue or a hung processor leaves behind. `webhooks list --stuck` and the operator
 * dashboard read it.
 */
export async function listStuckEvents(
  db: Handle,
  { olderThanSeconds, source, limit = 50 }: { olderThanSeconds: number; source?: WebhookSource; limit?: number },
): Promise<StuckWebhookEvent[]> {
  const query = db('webhook_events')
    .select(
      ...LIST_COLUMNS,
      'status_at as since',
      db.raw('floor(extract(epoch from now() - status_at))::int as stuck_seconds'),
    )
    .whereIn('status', ['pending', 'processing'])
    .where('status_at', '<', db.raw('now() - make_interval(secs => ?)', [olderThanSeconds]))
    .orderBy('status_at')
    .orderBy('id')
    .limit(limit);
  if (source) void query.where({ source });
  const rows: Record<string, unknown>[] = await query;
  return rows.map((row) => ({
    ...(row as unknown as StuckWebhookEvent),
    id: Number(row.id),
    brand_integration_id: row.brand_integration_id === null ? null : Number(row.brand_integration_id),
  }));
}

/** Puts a finished or dead event back to pending for another run. */
export async function resetForReplay(tx: Tx, id: number): Promise<WebhookEvent | undefined> {
  const [row] = await tx('webhook_events')
    .where({ id })
    .update({ status: 'pending', status_at: tx.fn.now(), attempts: 0, last_error: null, processed_at: null })
    .returning(eventColumns(tx));
  return row ? toEvent(row) : undefined;
}

/**
 * Shopify payloads that name a shopper (or, with `all`, every payload of the shop) are replaced by
 * `{ redacted: true }`: processed events no longer need them, and a late one is skipped as redacted.
 * A payload names the shopper by customer id, by one of the order ids, or by containing one of
 * the e-mails (lower case) or matching one of the phone patterns (regex sources). The raw bytes
 * kept beside a payload jsonb could not hold are searched too (their text holds the ids, e-mails
 * and phones as sent) and cleared with it.
 */
/** The kept raw bytes as text (bytes outside ASCII written as octal escapes, so any bytes read). */
const RAW_TEXT = `encode(raw_payload, 'escape')`;

export async function redactShopifyPayloads(
  tx: Tx,
  {
    shop,
    customerId,
    orderExternalIds = [],
    emails,
    phonePatterns,
    all = false,
  }: {
    shop: string;
    customerId?: string;
    orderExternalIds?: string[];
    emails: string[];
    phonePatterns: string[];
    all?: boolean;
  },
): Promise<number> {
  return tx('webhook_events')
    .where({ source: 'shopify', shop })
    .whereRaw(`coalesce((payload->>'redacted')::boolean, false) = false`)
    .where((q) => {
      if (all) return void q.whereRaw('true');
      void q.whereRaw('false');
      if (customerId) {
        void q.orWhereRaw(`payload->'customer'->>'id' = ?`, [customerId]);
        void q.orWhereRaw(`(topic like 'customers/%' and payload->>'id' = ?)`, [customerId]);
        // The consent topics (customers_marketing_consent/update: `id`; the e-mail one: `customer_id`).
        void q.orWhereRaw(
          `(topic like 'customers%consent%' and coalesce(payload->>'id', payload->>'customer_id') = ?)`,
          [customerId],
        );
      }
      if (orderExternalIds.length > 0)
        void q.orWhereRaw(`(topic like 'orders/%' and payload->>'id' = any(?))`, [orderExternalIds]);
      for (const email of emails) void q.orWhereRaw('position(? in lower(payload::text)) > 0', [email]);
      for (const pattern of phonePatterns) void q.orWhereRaw('payload::text ~ ?', [pattern]);
      for (const id of [customerId ?? '', ...orderExternalIds].filter((value) => value !== ''))
        void q.orWhereRaw(`(raw_payload is not null and position(? in ${RAW_TEXT}) > 0)`, [id]);
      for (const email of emails)
        void q.orWhereRaw(`(raw_payload is not null and position(? in lower(${RAW_TEXT})) > 0)`, [email]);
      for (const pattern of phonePatterns)
        void q.orWhereRaw(`(raw_payload is not null and ${RAW_TEXT} ~ ?)`, [pattern]);
    })
    .update({ payload: { redacted: true }, raw_payload: null });
}
