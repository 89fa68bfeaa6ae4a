/**
 * SQL of the operator's sending overview (the `reclaim dashboard`): texts sent per brand in the
 * last minute and in the last hour (with deliveries and failures), messages held now (quiet hours,
 * state caps, rate limit) with the time they go, skipped messages by reason, provider errors by
 * reason; and every brand's texts of the last hour by outcome for /metrics.
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

/**
 * Outgoing messages due now (waiting for the send job), held or not before. Every brand: the
 * sender's due index alone; some brands: their queued texts (a brand index beside it).
 */
/** Texts due now and the oldest one's due time (null when none is due). */
export async function dueBacklog(
  db: Handle,
  { brandIds, now }: { brandIds?: number[]; now: Date },
): Promise<{ due: number; oldest_due_at: Date | null }> {
  const { rows } = await db.raw<{ rows: Array<{ n: number; oldest: Date | null }> }>(
    `select count(*)::int as n, min(scheduled_for) as oldest from conversation_messages
      where direction = 'outgoing' and status in ('auto_queued', 'queued') and scheduled_for <= :now
        ${brandIds ? 'and brand_id = any(:brands::bigint[])' : ''}`,
    { brands: brandIds ?? [], now },
  );
  return { due: rows[0]?.n ?? 0, oldest_due_at: rows[0]?.oldest ?? null };
}

/** A sending number's pace and what it sent (from `sms_send_slots`). */
export interface NumberPaceRow {
  provider: string;
  sender: string;
  per_second: number | null;
  per_day: number | null;
  /** Texts handed to the provider today (UTC). */
  today: number;
  /** Texts per second over the last full minute. */
  rate: number;
  /** Texts planned in the current minute so far. */
  this_minute: number;
}

/** The numbers that sent in the last two minutes (or today), busiest first. */
export async function numberPaces(db: Handle, { now, limit }: { now: Date; limit: number }): Promise<NumberPaceRow[]> {
  const { rows } = await db.raw<{ rows: Array<Record<string, unknown>> }>(
    `select provider, sender, per_second, per_day,
            case when day = (:now::timestamptz at time zone 'UTC')::date then day_count else 0 end as today,
            case when minute = date_trunc('minute', :now::timestamptz) then last_minute_count
                 when minute = date_trunc('minute', :now::timestamptz) - interval '1 minute' then minute_count
                 else 0 end as last_minute,
            case when minute = date_trunc('minute', :now::timestamptz) then minute_count else 0 end as this_minute
       from sms_send_slots
      where minute >= date_trunc('minute', :now::timestamptz) - interval '1 minute'
         or day = (:now::timestamptz at time zone 'UTC')::date
      order by last_minute desc, this_minute desc, today desc, sender
      limit :limit`,
    { now, limit },
  );
  return rows.map((row) => ({
    provider: String(row.provider),
    sender: String(row.sender),
    per_second: row.per_second === null ? null : Number(row.per_second),
    per_day: row.per_day === null ? null : Number(row.per_day),
    today: Number(row.today),
    rate: Number(row.last_minute) / 60,
    this_minute: Number(row.this_minute),
  }));
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

/** A brand's texts of the last hour: handed to the provider, delivered, undelivered, failed. */
export interface BrandHour {
  brand_id: number;
  sent: number;
  delivered: number;
  undelivered: number;
  failed: number;
}

/**
 * Failures of the last hour: outgoing texts failed or undelivered whose status changed in the
 * hour (created within the day before, so the brand's error index bounds the read).
 */
const FAILED_IN_HOUR = `direction = 'outgoing' and status in ('failed', 'undelivered')
  and created_at > :now::timestamptz - interval '1 day' and updated_at > :now::timestamptz - interval '1 hour'`;

/** Per brand with texts in the last hour (sent or failed), busiest first. */
export async function sendingLastHourByBrand(
  db: Handle,
  { brandIds, now }: { brandIds?: number[]; now: Date },
): Promise<BrandHour[]> {
  const { rows } = await db.raw<{ rows: Array<BrandHour & { brand_id: string }> }>(
    `with sent as (
       select brand_id, count(*)::int as sent,
              count(*) filter (where status = 'delivered')::int as delivered,
              count(*) filter (where status = 'undelivered')::int as undelivered
         from conversation_messages
        where brand_id = ${scope(brandIds)} and direction = 'outgoing' and status in ${SENT}
          and sent_at > :now::timestamptz - interval '1 hour' and sent_at <= :now
        group by 1
     ), failed as (
       select brand_id, count(*)::int as failed
         from conversation_messages
        where brand_id = ${scope(brandIds)} and status = 'failed' and ${FAILED_IN_HOUR}
        group by 1
     )
     select coalesce(s.brand_id, f.brand_id) as brand_id, coalesce(s.sent, 0) as sent,
            coalesce(s.delivered, 0) as delivered, coalesce(s.undelivered, 0) as undelivered,
            coalesce(f.failed, 0) as failed
       from sent s full join failed f on f.brand_id = s.brand_id
      order by 2 desc, 5 desc, 1`,
    { brands: brandIds ?? [], now },
  );
  return rows.map((r) => ({ ...r, brand_id: Number(r.brand_id) }));
}

/** Texts that failed at the provider in the last hour (failed or undelivered), every brand asked for. */
export async function providerFailuresLastHour(
  db: Handle,
  { brandIds, now }: { brandIds?: number[]; now: Date },
): Promise<number> {
  const { rows } = await db.raw<{ rows: Array<{ n: number }> }>(
    `select count(*)::int as n from conversation_messages where brand_id = ${scope(brandIds)} and ${FAILED_IN_HOUR}`,
    { brands: brandIds ?? [], now },
  );
  return rows[0]?.n ?? 0;
}

/** Every brand's texts of the last hour for /metrics: counts by outcome and reason (reasons as stored). */
export async function textOutcomesLastHour(
  db: Handle,
  { now }: { now: Date },
): Promise<{
  sent: number;
  delivered: number;
  failed: Array<{ reason: string; count: number }>;
  skipped: Array<{ reason: string; count: number }>;
  due: number;
  oldest_due_at: Date | null;
}> {
  const brands = { brands: [], now };
  const [sent, failed, skipped, due] = await Promise.all([
    db.raw<{ rows: Array<{ sent: number; delivered: number }> }>(
      `select count(*)::int as sent, count(*) filter (where status = 'delivered')::int as delivered
         from conversation_messages
        where brand_id = ${scope(undefined)} and direction = 'outgoing' and status in ${SENT}
          and sent_at > :now::timestamptz - interval '1 hour' and sent_at <= :now`,
      brands,
    ),
    db.raw<{ rows: Array<{ reason: string; count: number }> }>(
      `select coalesce(nullif(split_part(status_reason, ':', 1), ''), status) as reason, count(*)::int as count
         from conversation_messages
        where brand_id = ${scope(undefined)} and ${FAILED_IN_HOUR}
        group by 1`,
      brands,
    ),
    db.raw<{ rows: Array<{ reason: string; count: number }> }>(
      `select coalesce(extra_data->>'skip_reason', split_part(status_reason, ':', 1), 'unknown') as reason,
              count(*)::int as count
         from conversation_messages
        where brand_id = ${scope(undefined)} and status = 'agent_skipped'
          and created_at > :now::timestamptz - interval '1 hour'
        group by 1`,
      brands,
    ),
    db.raw<{ rows: Array<{ n: number; oldest: Date | null }> }>(
      `select count(*)::int as n, min(scheduled_for) as oldest from conversation_messages
        where direction = 'outgoing' and status in ('auto_queued', 'queued') and scheduled_for <= :now`,
      brands,
    ),
  ]);
  return {
    sent: sent.rows[0]?.sent ?? 0,
    delivered: sent.rows[0]?.delivered ?? 0,
    failed: failed.rows,
    skipped: skipped.rows,
    due: due.rows[0]?.n ?? 0,
    oldest_due_at: due.rows[0]?.oldest ?? null,
  };
}
