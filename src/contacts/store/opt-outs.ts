/**
 * SQL of opt-outs over time (the dashboard's Sending pane, /metrics): channels unsubscribed since a
 * time, from the consent ledger (status 'unsubscribed': STOP and its synonyms, a store's or
 * Klaviyo's unsubscribe), by brand or by source. Agents' blocks are recorded as 'blocked' and are
 * not opt-outs.
 */
import type { Handle } from '../../db/index.ts';

export async function optOutsByBrand(
  db: Handle,
  { brandIds, since }: { brandIds?: number[]; since: Date },
): Promise<Map<number, number>> {
  const { rows } = await db.raw<{ rows: Array<{ brand_id: string; n: number }> }>(
    `select brand_id, count(*)::int as n from channel_consent_events
      where status = 'unsubscribed' and recorded_at > :since
        ${brandIds ? 'and brand_id = any(:brands::bigint[])' : ''}
      group by 1`,
    { since, brands: brandIds ?? [] },
  );
  return new Map(rows.map((r) => [Number(r.brand_id), r.n]));
}

export async function optOutsBySource(
  db: Handle,
  { since }: { since: Date },
): Promise<Array<{ source: string; count: number }>> {
  const { rows } = await db.raw<{ rows: Array<{ source: string; count: number }> }>(
    `select coalesce(source, 'unknown') as source, count(*)::int as count from channel_consent_events
      where status = 'unsubscribed' and recorded_at > :since
      group by 1 order by 1`,
    { since },
  );
  return rows;
}
