/**
 * SQL of the operator's sending overview (the `reclaim dashboard`): texts sent in the last minute
 * and hour, messages held now (quiet hours, state caps, rate limit) with the time they go, skipped
 * messages by reason, provider errors by reason, and texts sent per brand in the last minute.
 */
import type { Handle } from '../../db/index.ts';

const SENT = `('sent', 'delivered', 'undelivered')`;

/**
 * The brands of a query as SQL: the ones given (bound as :brands), else every brand, as an array
 * the executor computes (a literal of a thousand ids would cost more to plan than to run).
 */
const scope = (brandIds: number[] | undefined): string =>
  brandIds ? 'any(:brands::bigint[])' : 'any(array(select id from brands))';

export interface SentCounts {
  last_minute: number;
  last_hour: number;
}

export async function sentCounts(
  db: Handle,
  { brandIds, now }: { brandIds?: number[]; now: Date },
): Promise<SentCounts> {
  const { rows } = await db.raw<{ rows: SentCounts[] }>(
    `select count(*) filter (where sent_at > :now::timestamptz - interval '1 minute')::int as last_minute,
            count(*)::int as last_hour
       from conversation_messages
      where brand_id = ${scope(brandIds)} and direction = 'outgoing' and status in ${SENT}
        and sent_at > :now::timestamptz - interval '1 hour' and sent_at <= :now`,
    { brands: brandIds ?? [], now },
  );
  return rows[0] ?? { last_minute: 0, last_hour: 0 };
}

/**
 * Outgoing messages due now (waiting for the send job), held or not before. Every brand: the
 * sender's due index alone; some brands: their queued texts (a brand index beside it).
 */
export async function dueCount(db: Handle, { brandIds, now }: { brandIds?: number[]; now: Date }): Promise<number> {
  const { rows } = await db.raw<{ rows: Array<{ n: number }> }>(
    `select count(*)::int as n from conversation_messages
      where direction = 'outgoing' and status in ('auto_queued', 'queued') and scheduled_for <= :now
        ${brandIds ? 'and brand_id = any(:brands::bigint[])' : ''}`,
    { brands: brandIds ?? [], now },
  );
  return rows[0]?.n ?? 0;
}

export interface SentPerBrand {
  brand_id: number;
  last_minute: number;
}

export async function sentLastMinuteByBrand(
  db: Handle,
  { brandIds, now }: { brandIds?: number[]; now: Date },
): Promise<SentPerBrand[]> {
  const { rows } = await db.raw<{ rows: Array<{ brand_id: string; n: number }> }>(
    `select brand_id, count(*)::int as n
       from conversation_messages
      where brand_id = ${scope(brandIds)} and direction = 'outgoing' and status in ${SENT}
        and sent_at > :now::timestamptz - interval '1 minute' and sent_at <= :now
      group by 1`,
    { brands: brandIds ?? [], now },
  );
  return rows.map((r) => ({ brand_id: Number(r.brand_id), last_minute: r.n }));
}

export interface HeldMessageRow {
  id: number;
  brand_id: number;
  conversation_id: number;
  username: string | null;
  reason: string;
  status_reason: string | null;
  until: Date;
}

/** Outgoing messages held now (due later, with a reason), soonest first; and how many by reason. */
export async function heldMessages(
  db: Handle,
  { brandIds, now, limit }: { brandIds?: number[]; now: Date; limit: number },
): Promise<{ rows: HeldMessageRow[]; byReason: Array<{ reason: string; count: number }> }> {
  const reason = `coalesce(m.extra_data->'hold'->>'reason', split_part(m.status_reason, ':', 1))`;
  const where = `m.direction = 'outgoing' and m.status in ('auto_queued', 'queued') and m.scheduled_for > :now
        and m.status_reason is not null and m.brand_id = ${scope(brandIds)}`;
  const [list, counts] = await Promise.all([
    db.raw<{ rows: HeldMessageRow[] }>(
      `select m.id, m.brand_id, m.conversation_id, ch.username, ${reason} as reason, m.status_reason,
              m.scheduled_for as until
         from conversation_messages m
         join conversations c on c.id = m.conversation_id
         left join contact_channels ch on ch.id = c.contact_channel_id
        where ${where}
        order by m.scheduled_for, m.id
        limit :limit`,
      { brands: brandIds ?? [], now, limit },
    ),
    db.raw<{ rows: Array<{ reason: string; count: number }> }>(
      `select ${reason} as reason, count(*)::int as count from conversation_messages m where ${where}
        group by 1 order by 2 desc, 1`,
      { brands: brandIds ?? [], now },
    ),
  ]);
  return {
    rows: list.rows.map((r) => ({
      ...r,
      id: Number(r.id),
      brand_id: Number(r.brand_id),
      conversation_id: Number(r.conversation_id),
    })),
    byReason: counts.rows,
  };
}

export interface ReasonCount {
  reason: string;
  count: number;
  last_at: Date;
}

/** Messages skipped since `since`, by extra_data.skip_reason. */
export async function skippedByReason(
  db: Handle,
  { brandIds, since }: { brandIds?: number[]; since: Date },
): Promise<ReasonCount[]> {
  const { rows } = await db.raw<{ rows: ReasonCount[] }>(
    `select coalesce(extra_data->>'skip_reason', split_part(status_reason, ':', 1), 'unknown') as reason,
            count(*)::int as count, max(updated_at) as last_at
       from conversation_messages
      where brand_id = ${scope(brandIds)} and created_at >= :since and status = 'agent_skipped'
      group by 1 order by 2 desc, 1`,
    { brands: brandIds ?? [], since },
  );
  return rows;
}

/** Texts that failed or were undelivered since `since`, by their reason. */
export async function providerErrors(
  db: Handle,
  { brandIds, since, limit }: { brandIds?: number[]; since: Date; limit: number },
): Promise<ReasonCount[]> {
  const { rows } = await db.raw<{ rows: ReasonCount[] }>(
    `select coalesce(nullif(status_reason, ''), status) as reason, count(*)::int as count, max(updated_at) as last_at
       from conversation_messages
      where brand_id = ${scope(brandIds)} and created_at >= :since and direction = 'outgoing'
        and status in ('failed', 'undelivered')
      group by 1 order by 2 desc, 1
      limit :limit`,
    { brands: brandIds ?? [], since, limit },
  );
  return rows;
}
