/**
 * SQL of the operator's view of failed webhooks (the `reclaim dashboard` System pane): dead-lettered
 * and failed events per source with the newest error, and the newest of them (no payload), each
 * with the brand of its store integration. With brands given, only those brands' events.
 */
import type { Handle } from '../../db/index.ts';
import type { WebhookSource } from './events.ts';

export interface DeadLetterSummary {
  source: WebhookSource;
  dead: number;
  failed: number;
  last_error: string | null;
  last_at: Date;
}

export interface DeadLetter {
  id: number;
  source: WebhookSource;
  topic: string | null;
  shop: string | null;
  brand_id: number | null;
  status: 'failed' | 'dead';
  attempts: number;
  last_error: string | null;
  received_at: Date;
}

const brandFilter = (brandIds: number[] | undefined): string =>
  brandIds
    ? `and exists (select 1 from brand_integrations bi where bi.id = e.brand_integration_id and bi.brand_id = any(:brands::bigint[]))`
    : '';

export async function deadLetterSummary(
  db: Handle,
  { brandIds }: { brandIds?: number[] } = {},
): Promise<DeadLetterSummary[]> {
  const { rows } = await db.raw<{ rows: DeadLetterSummary[] }>(
    `select e.source, count(*) filter (where e.status = 'dead')::int as dead,
            count(*) filter (where e.status = 'failed')::int as failed,
            (array_agg(e.last_error order by e.status_at desc, e.id desc))[1] as last_error,
            max(e.status_at) as last_at
       from webhook_events e
      where e.status in ('failed', 'dead') ${brandFilter(brandIds)}
      group by 1 order by 1`,
    brandIds ? { brands: brandIds } : {},
  );
  return rows;
}

export async function listDeadLetters(
  db: Handle,
  { brandIds, limit }: { brandIds?: number[]; limit: number },
): Promise<DeadLetter[]> {
  const { rows } = await db.raw<{ rows: DeadLetter[] }>(
    `select e.id, e.source, e.topic, e.shop, bi.brand_id, e.status, e.attempts, e.last_error, e.received_at
       from webhook_events e
       left join brand_integrations bi on bi.id = e.brand_integration_id
      where e.status in ('failed', 'dead') ${brandFilter(brandIds)}
      order by e.status_at desc, e.id desc
      limit :limit`,
    { ...(brandIds ? { brands: brandIds } : {}), limit },
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), brand_id: r.brand_id === null ? null : Number(r.brand_id) }));
}

/** Per source: events dead-lettered, failed (retrying), and stuck (pending or processing too long). */
export interface WebhookHealth {
  source: WebhookSource;
  dead: number;
  failed: number;
  stuck: number;
}

export async function webhookHealth(
  db: Handle,
  { stuckAfterSeconds, brandIds }: { stuckAfterSeconds: number; brandIds?: number[] },
): Promise<WebhookHealth[]> {
  const { rows } = await db.raw<{ rows: WebhookHealth[] }>(
    `select e.source,
            count(*) filter (where e.status = 'dead')::int as dead,
            count(*) filter (where e.status = 'failed')::int as failed,
            count(*) filter (where e.status in ('pending', 'processing')
                               and e.status_at < now() - make_interval(secs => :stuck))::int as stuck
       from webhook_events e
      where (e.status in ('failed', 'dead')
             or (e.status in ('pending', 'processing') and e.status_at < now() - make_interval(secs => :stuck)))
        ${brandFilter(brandIds)}
      group by 1 order by 1`,
    { stuck: stuckAfterSeconds, ...(brandIds ? { brands: brandIds } : {}) },
  );
  return rows;
}

/** Events received in the last hour, per source and the status they have now. */
export async function webhooksLastHour(
  db: Handle,
): Promise<Array<{ source: WebhookSource; status: string; count: number }>> {
  const { rows } = await db.raw<{ rows: Array<{ source: WebhookSource; status: string; count: number }> }>(
    `select source, status, count(*)::int as count
       from webhook_events
      where status in ('pending', 'processing', 'processed', 'failed', 'dead', 'skipped')
        and received_at > now() - interval '1 hour'
      group by 1, 2 order by 1, 2`,
  );
  return rows;
}
