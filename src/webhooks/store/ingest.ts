/** The group-commit statement of webhook ingestion: new events stored and their processing job queued at once. */
import type pg from 'pg';
import { translateDbError, type Db } from '../../db/index.ts';

export const PROCESS_TASK = 'webhook:process';
/** One job per ingestion statement processes all of its events; a failing event gets its own retry job. */
export const PROCESS_BATCH_TASK = 'webhook:process-batch';
/** Attempts before an event is dead-lettered; graphile-worker backs off exponentially between them. */
export const MAX_WEBHOOK_ATTEMPTS = 8;

/**
 * One statement (so one implicit transaction): insert the events that are new, resolve each
 * event's enabled integration from its shop, and queue one processing job for the inserted events
 * that are to be processed, through graphile-worker's SQL API (`add_job`). Repeats of a known
 * (source, event_id, topic) insert nothing and queue nothing.
 *
 * Payloads and headers travel as one JSON array each ($6, $7) rather than as `jsonb[]`: the
 * payloads are joined as received, with no per-character array escaping in Node, and PostgreSQL
 * parses each array once. The full joins on the position make a count mismatch between the
 * columns fail the statement (a null in a not-null column) instead of shifting payloads.
 * The raw bytes, statuses and errors ($11, $12, $13) are sent only when some row has one (a null
 * array is padded with nulls by unnest): most statements carry none.
 */
const SQL = `
with incoming as (
  select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $8::timestamptz[],
                       $11::bytea[], $12::text[], $13::text[])
    with ordinality as t(source, event_id, topic, shop, brand_integration_id, triggered_at,
                         raw_payload, status, last_error, ord)
), bodies as (
  select ord, p.payload, h.headers
    from jsonb_array_elements($6::jsonb) with ordinality as p(payload, ord)
    full join jsonb_array_elements($7::jsonb) with ordinality as h(headers, ord) using (ord)
), ins as (
  insert into webhook_events (source, event_id, topic, shop, brand_integration_id, payload, headers, triggered_at,
                              raw_payload, status, last_error)
  select i.source, i.event_id, i.topic, i.shop,
         coalesce(i.brand_integration_id, (
           select bi.id from brand_integrations bi join integrations it on it.id = bi.integration_id
            where it.slug = i.source and bi.lookup_id = i.shop and bi.is_enabled limit 1)),
         b.payload, b.headers, i.triggered_at, i.raw_payload, coalesce(i.status, 'pending'), i.last_error
    from incoming i full join bodies b using (ord)
   order by ord
  on conflict (source, event_id, (coalesce(topic, ''))) do nothing
  returning id, source, event_id, topic, status
), queued as (
  select graphile_worker.add_job($9, json_build_object('ids', s.ids), max_attempts => $10) as job
    from (select array_agg(ins.id order by ins.id) filter (where ins.status = 'pending') as ids from ins) s
   where s.ids is not null
)
select ins.id::text as id, ins.source, ins.event_id, ins.topic, (select count(*) from queued) as queued from ins`;

export interface InsertedEvent {
  id: number;
  source: string;
  eventId: string;
  topic: string | null;
}

/** One event as the statement stores it: its payload and headers already JSON texts. */
export interface IngestRow {
  source: string;
  eventId: string;
  topic: string | null;
  shop: string | null;
  brandIntegrationId: number | null;
  /** The JSON text stored as the jsonb payload. */
  payload: string;
  /** The JSON text stored as the jsonb headers. */
  headers: string;
  triggeredAt: Date | null;
  /** The bytes as received, kept when jsonb cannot hold the payload as sent. */
  rawPayload: Buffer | null;
  /** 'dead': stored for the record and not queued (no processable copy could be made). */
  status: 'pending' | 'dead';
  lastError: string | null;
}

const jsonArray = (texts: string[]): string => `[${texts.join(',')}]`;

export async function insertAndQueue(db: Db, rows: IngestRow[]): Promise<InsertedEvent[]> {
  const column = <T>(pick: (row: IngestRow) => T): T[] => rows.map(pick);
  const unusual = rows.some((row) => row.rawPayload !== null || row.status !== 'pending');
  const bindings: unknown[] = [
    column((r) => r.source),
    column((r) => r.eventId),
    column((r) => r.topic),
    column((r) => r.shop),
    column((r) => r.brandIntegrationId),
    jsonArray(column((r) => r.payload)),
    jsonArray(column((r) => r.headers)),
    column((r) => r.triggeredAt),
    PROCESS_BATCH_TASK,
    MAX_WEBHOOK_ATTEMPTS,
    unusual ? column((r) => r.rawPayload) : null,
    unusual ? column((r) => (r.status === 'pending' ? null : r.status)) : null,
    unusual ? column((r) => r.lastError) : null,
  ];
  // A named (prepared) statement: planned once per connection, not once per burst.
  const connection = (await db.client.acquireConnection()) as pg.PoolClient;
  try {
    const result = await connection.query<{ id: string; source: string; event_id: string; topic: string | null }>({
      name: 'reclaim_webhook_ingest_raw',
      text: SQL,
      values: bindings,
    });
    return result.rows.map((row) => ({
      id: Number(row.id),
      source: row.source,
      eventId: row.event_id,
      topic: row.topic,
    }));
  } catch (error) {
    throw translateDbError(error);
  } finally {
    await db.client.releaseConnection(connection);
  }
}
