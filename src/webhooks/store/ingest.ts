/** The group-commit statement of webhook ingestion: new events stored and their processing job queued at once. */
import type pg from 'pg';
import { translateDbError, type Db } from '../../db/index.ts';
import type { NewWebhookEvent } from './events.ts';

export const PROCESS_TASK = 'webhook:process';
/** One job per ingestion statement processes all of its events; a failing event gets its own retry job. */
export const PROCESS_BATCH_TASK = 'webhook:process-batch';
/** Attempts before an event is dead-lettered; graphile-worker backs off exponentially between them. */
export const MAX_WEBHOOK_ATTEMPTS = 8;

/**
 * One statement (so one implicit transaction): insert the events that are new, resolve each
 * event's enabled integration from its shop, and queue one processing job for the inserted events
 * through graphile-worker's SQL API (`add_job`). Repeats of a known (source, event_id, topic)
 * insert nothing and queue nothing.
 *
 * Payloads and headers travel as one JSON array each ($6, $7) rather than as `jsonb[]`: the
 * payloads are joined as received, with no per-character array escaping in Node, and PostgreSQL
 * parses each array once. The full joins on the position make a count mismatch between the
 * columns fail the statement (a null in a not-null column) instead of shifting payloads.
 */
const SQL = `
with incoming as (
  select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $8::timestamptz[])
    with ordinality as t(source, event_id, topic, shop, brand_integration_id, triggered_at, ord)
), bodies as (
  select ord, p.payload, h.headers
    from jsonb_array_elements($6::jsonb) with ordinality as p(payload, ord)
    full join jsonb_array_elements($7::jsonb) with ordinality as h(headers, ord) using (ord)
), ins as (
  insert into webhook_events (source, event_id, topic, shop, brand_integration_id, payload, headers, triggered_at)
  select i.source, i.event_id, i.topic, i.shop,
         coalesce(i.brand_integration_id, (
           select bi.id from brand_integrations bi join integrations it on it.id = bi.integration_id
            where it.slug = i.source and bi.lookup_id = i.shop and bi.is_enabled limit 1)),
         b.payload, b.headers, i.triggered_at
    from incoming i full join bodies b using (ord)
   order by ord
  on conflict (source, event_id, (coalesce(topic, ''))) do nothing
  returning id, source, event_id, topic
), queued as (
  select graphile_worker.add_job($9, json_build_object('ids', s.ids), max_attempts => $10) as job
    from (select array_agg(ins.id order by ins.id) as ids from ins) s
   where s.ids is not null
)
select ins.id::text as id, ins.source, ins.event_id, ins.topic, (select count(*) from queued) as queued from ins`;

export interface InsertedEvent {
  id: number;
  source: string;
  eventId: string;
  topic: string | null;
}

/**
 * The payloads as one JSON array text. A caller's `rawPayload` is the body it already parsed as
 * JSON (one value), so it is joined as is; other payloads (and an empty raw body) are serialised
 * here.
 */
function payloadArray(events: NewWebhookEvent[]): string {
  let text = '[';
  for (let index = 0; index < events.length; index += 1) {
    const event = events[index];
    if (index > 0) text += ',';
    text += event.rawPayload ? event.rawPayload : JSON.stringify(event.payload ?? {});
  }
  return `${text}]`;
}

export async function insertAndQueue(db: Db, events: NewWebhookEvent[]): Promise<InsertedEvent[]> {
  const column = <T>(pick: (event: NewWebhookEvent) => T): T[] => events.map(pick);
  const bindings: unknown[] = [
    column((e) => e.source),
    column((e) => e.eventId),
    column((e) => e.topic ?? null),
    column((e) => e.shop ?? null),
    column((e) => e.brandIntegrationId ?? null),
    payloadArray(events),
    JSON.stringify(column((e) => e.headers ?? {})),
    column((e) => e.triggeredAt ?? null),
    PROCESS_BATCH_TASK,
    MAX_WEBHOOK_ATTEMPTS,
  ];
  // A named (prepared) statement: planned once per connection, not once per burst.
  const connection = (await db.client.acquireConnection()) as pg.PoolClient;
  try {
    const result = await connection.query<{ id: string; source: string; event_id: string; topic: string | null }>({
      name: 'reclaim_webhook_ingest',
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
