/**
 * SQL of the send job over conversation_messages: due messages locked and read with what deciding
 * needs, the per-number lock and count of the state cap, bulk status updates, messages left in
 * 'sending', the channel's state before a provider call.
 * The table belongs to conversations, which sits above messaging and calls it; the sending state
 * of its rows (status, times, provider ids, send attempts) is written here and in messages.ts only.
 */
import type { Handle, Tx } from '../../db/index.ts';

/** A due outgoing message with everything the rules need. */
export interface DueMessage {
  id: number;
  brand_id: number;
  conversation_id: number;
  body: string;
  status: 'auto_queued' | 'queued';
  is_marketing: boolean;
  extra_data: Record<string, unknown>;
  scheduled_for: Date;
  channel_id: number | null;
  username: string | null;
  channel_status: string | null;
  channel_timezone: string | null;
  blocked: boolean;
  /** The shopper texted a tap-to-text keyword and has not confirmed with Y yet. */
  awaiting_confirmation: boolean;
  brand_timezone: string;
  /**
   * Last activity of the cart / checkout of a cart reminder (null for other conversations, and for
   * a text a person wrote: an agent reply is not a cart reminder).
   */
  cart_at: Date | null;
  /** The cart or checkout of a cart reminder was bought since (never for an agent reply). */
  cart_done: boolean;
  /** The brand's texas_compliance as it is now. */
  texas_compliance: boolean;
  /**
   * Shipping and billing address of the conversation's order, checkout or cart (the paths candidate
   * selection reads); only for marketing texts of brands without texas_compliance.
   */
  shipping: Record<string, unknown> | null;
  billing: Record<string, unknown> | null;
}

/** Outgoing texts waiting to be sent: the partial indexes `*_queued_index` and `*_due_index` cover this. */
const QUEUED = `m.direction = 'outgoing' and m.status in ('auto_queued', 'queued')`;

/**
 * Locks up to `limit` due messages taken round-robin across brands (each brand is one sending
 * number): the brands with due texts are found by a skip scan of the (brand_id, scheduled_for)
 * index, each gives an equal share of the batch (its oldest due texts), so a brand with 10 due
 * texts gets them into the next claim however many texts a big campaign has due. With more brands
 * due than the batch holds, the brands whose oldest due text waited longest go first. Rows other
 * workers hold are skipped; rows are locked as they are taken, so no more than `limit` are.
 * Returns the locked ids.
 */
async function lockFairDue(tx: Tx, { now, limit }: { now: Date; limit: number }): Promise<number[]> {
  const { rows } = await tx.raw<{ rows: Array<{ id: string }> }>(
    `with recursive queued_brands(brand_id) as (
       (select m.brand_id from conversation_messages m where ${QUEUED} order by m.brand_id limit 1)
       union all
       select (select m.brand_id from conversation_messages m where ${QUEUED} and m.brand_id > q.brand_id
                order by m.brand_id limit 1)
         from queued_brands q where q.brand_id is not null
     ),
     due_brands as materialized (
       select q.brand_id, o.oldest from queued_brands q
        cross join lateral (
          select m.scheduled_for as oldest from conversation_messages m
           where ${QUEUED} and m.brand_id = q.brand_id
           order by m.brand_id, m.scheduled_for limit 1) o
        where q.brand_id is not null and o.oldest <= ?
     ),
     share as (select greatest(1, ceil(?::numeric / greatest(count(*), 1)))::int as n from due_brands)
     select x.id
       from (select brand_id from due_brands order by oldest, brand_id) d cross join share
       cross join lateral (
         -- Each brand's texts through the (brand_id, scheduled_for) index, in its order: the time
         -- condition is kept out of the index (statistics taken before a campaign fell due would
         -- otherwise pick the due index and read every brand's due texts for each brand).
         select m.id from conversation_messages m
          where ${QUEUED} and m.brand_id = d.brand_id and m.scheduled_for + interval '0 s' <= ?
          order by m.brand_id, m.scheduled_for
          limit share.n
          for update of m skip locked) x
     limit ?`,
    [now, limit, now, limit],
  );
  return rows.map((row) => Number(row.id));
}

/**
 * Locks up to `limit` due messages (fairly across brands, see lockFairDue; oldest first when `ids`
 * is set: only those) and reads what deciding needs. Runs inside the claiming transaction.
 */
export async function lockDueMessages(
  tx: Tx,
  { now, limit, ids }: { now: Date; limit: number; ids?: readonly number[] },
): Promise<DueMessage[]> {
  const locked = ids ? null : await lockFairDue(tx, { now, limit });
  if (locked && locked.length === 0) return [];
  const { rows } = await tx.raw<{ rows: Array<Record<string, unknown>> }>(
    `select m.id, m.brand_id, m.conversation_id, m.body, m.status, m.is_marketing, m.extra_data, m.scheduled_for,
            ch.id as channel_id, ch.username, ch.status as channel_status, ch.extra_data->>'timezone' as channel_timezone,
            coalesce(ch.extra_data->>'blocked', '') = 'true' as blocked,
            (ch.extra_data->'tap_to_text_pending') is not null as awaiting_confirmation,
            b.timezone as brand_timezone,
            case when c.order_id is not null or m.user_id is not null then null
                 when c.checkout_id is not null then coalesce(co.remote_updated_at, co.created_at)
                 else coalesce(ca.remote_updated_at, ca.created_at) end as cart_at,
            (c.order_id is null and m.user_id is null and (ca.state = 'complete' or co.state in ('complete', 'recovered'))) as cart_done,
            texas.compliance as texas_compliance,
            case when m.is_marketing and not texas.compliance then
              case when c.order_id is not null then o.cleaned_raw_data->'shipping_address'
                   when c.checkout_id is not null then co.checkout_details->'shipping_address'
                   else ca.cleaned_raw_data #> '{detail,payload,shipping_address}' end end as shipping,
            case when m.is_marketing and not texas.compliance then
              case when c.order_id is not null
                   then coalesce(o.cleaned_raw_data->'billing_address', o.cleaned_raw_data #> '{detail,payload,billing_address}')
                   when c.checkout_id is not null then co.checkout_details->'billing_address'
                   else ca.cleaned_raw_data #> '{detail,payload,billing_address}' end end as billing
       from conversation_messages m
       -- One index lookup per text (limit 1 keeps the planner from hashing the whole table, which
       -- it otherwise picks for a batch of a few hundred: a scan of every conversation per batch).
       cross join lateral (select c.* from conversations c where c.id = m.conversation_id limit 1) c
       join brands b on b.id = m.brand_id
       cross join lateral (select coalesce(b.extra_data->'texas_compliance' = 'true'::jsonb, false) as compliance) texas
       left join contact_channels ch on ch.id = c.contact_channel_id
       left join carts ca on ca.id = c.cart_id
       left join checkouts co on co.id = c.checkout_id
       left join orders o on o.id = c.order_id
      where m.direction = 'outgoing' and m.status in ('auto_queued', 'queued') and m.scheduled_for <= ?
        and m.id = any(?::bigint[])
      order by m.scheduled_for, m.id
      limit ?
      ${locked ? '' : 'for update of m skip locked'}`,
    [now, locked ?? ids, limit] as never[],
  );
  return rows.map((row) => ({
    ...(row as unknown as DueMessage),
    id: Number(row.id),
    brand_id: Number(row.brand_id),
    conversation_id: Number(row.conversation_id),
    channel_id: row.channel_id === null ? null : Number(row.channel_id),
    cart_done: row.cart_done === true,
    awaiting_confirmation: row.awaiting_confirmation === true,
    texas_compliance: row.texas_compliance === true,
  }));
}

const toDates = (values: string[]): Date[] => values.map((at) => new Date(at));

/** Advisory-lock namespace of the state cap (the two-key form: its own space, no other lock shares it). */
const CAP_LOCK_NAMESPACE = 0x52434150; // 'RCAP'

/**
 * Locks the channels (one recipient number each) for the rest of the claiming transaction, in key
 * order so two workers never wait on each other in a cycle, then reads each one's marketing texts
 * of the 24 h before `now`: sent ones at their send time, and those another worker claimed and
 * is handing to the provider ('sending') at `now`. A worker claiming a text to the same number
 * waits here until this transaction has committed its own claims, then counts them; workers on
 * other numbers never wait. The provider call happens after the commit, so a slow one holds no lock.
 */
export async function lockChannelsForCap(tx: Tx, channelIds: number[], now: Date): Promise<Map<number, Date[]>> {
  const ids = [...new Set(channelIds)];
  if (ids.length === 0) return new Map();
  await tx.raw(
    `select pg_advisory_xact_lock(?, k)
       from (select distinct (id % 2147483647)::int as k from unnest(?::bigint[]) as id order by k) keys`,
    [CAP_LOCK_NAMESPACE, ids],
  );
  // A new statement, so it sees what the workers that held the locks before committed.
  const { rows } = await tx.raw<{ rows: Array<{ channel_id: string; sent: string[] }> }>(
    `select c.contact_channel_id as channel_id,
            json_agg(case when m.status = 'sending' then ?::timestamptz else m.sent_at end) as sent
       from conversations c join conversation_messages m on m.conversation_id = c.id
      where c.contact_channel_id = any(?::bigint[]) and m.direction = 'outgoing' and m.is_marketing
        and (m.status = 'sending' or (m.sent_at > ?::timestamptz - interval '24 hours' and m.sent_at <= ?::timestamptz))
      group by c.contact_channel_id`,
    [now, ids, now, now],
  );
  const sent = new Map<number, Date[]>(ids.map((id) => [id, []]));
  for (const row of rows) sent.set(Number(row.channel_id), toDates(row.sent));
  return sent;
}

/** One row of a bulk update; absent fields keep their value, `extra` is merged into extra_data. */
export interface MessageUpdate {
  id: number;
  status: string;
  scheduled_for?: Date | null;
  sent_at?: Date | null;
  status_reason?: string | null;
  segments?: number | null;
  encoding?: string | null;
  provider?: string | null;
  provider_message_id?: string | null;
  body?: string | null;
  extra?: Record<string, unknown>;
}

/** Applies many message updates in one statement. `onlyStatus` guards against a concurrent change. */
export async function updateMessages(
  db: Handle,
  updates: MessageUpdate[],
  { onlyStatus }: { onlyStatus?: string[] } = {},
): Promise<number> {
  if (updates.length === 0) return 0;
  const payload = updates.map((u) => ({
    id: u.id,
    status: u.status,
    scheduled_for: u.scheduled_for?.toISOString() ?? null,
    sent_at: u.sent_at?.toISOString() ?? null,
    set_reason: u.status_reason !== undefined,
    status_reason: u.status_reason ?? null,
    segments: u.segments ?? null,
    encoding: u.encoding ?? null,
    provider: u.provider ?? null,
    provider_message_id: u.provider_message_id ?? null,
    body: u.body ?? null,
    extra: u.extra ?? {},
  }));
  const result = await db.raw<{ rowCount: number }>(
    `update conversation_messages m
        set status = v.status,
            scheduled_for = coalesce(v.scheduled_for, m.scheduled_for),
            sent_at = coalesce(v.sent_at, m.sent_at),
            status_reason = case when v.set_reason then v.status_reason else m.status_reason end,
            segments = coalesce(v.segments, m.segments),
            encoding = coalesce(v.encoding, m.encoding),
            provider = coalesce(v.provider, m.provider),
            provider_message_id = coalesce(v.provider_message_id, m.provider_message_id),
            body = coalesce(v.body, m.body),
            extra_data = m.extra_data || v.extra,
            updated_at = now()
       from jsonb_to_recordset(?::jsonb) as v(id bigint, status text, scheduled_for timestamptz, sent_at timestamptz, set_reason boolean,
            status_reason text, segments int, encoding text, provider text, provider_message_id text, body text, extra jsonb)
      where m.id = v.id ${onlyStatus ? 'and m.status = any(?::text[])' : ''}`,
    onlyStatus ? [JSON.stringify(payload), onlyStatus] : [JSON.stringify(payload)],
  );
  return result.rowCount;
}

/**
 * Messages left in 'sending' by a worker that died: queued again (their attempt is counted).
 * Staleness is measured on the database clock (updated_at is written by it), not the run's clock.
 */
export async function requeueStaleSending(
  db: Handle,
  { now, staleMs }: { now: Date; staleMs: number },
): Promise<number> {
  const result = await db.raw<{ rowCount: number }>(
    `update conversation_messages
        set status = 'queued', scheduled_for = ?, status_reason = 'send_interrupted: the worker stopped while sending; retried', updated_at = now()
      where status = 'sending' and updated_at < now() - ? * interval '1 millisecond'`,
    [now, staleMs],
  );
  return result.rowCount;
}

/** Current status of a channel (for the last check before a provider call). */
export async function channelState(
  db: Handle,
  channelId: number,
): Promise<{ status: string; blocked: boolean } | undefined> {
  const row = await db('contact_channels')
    .where({ id: channelId })
    .first<{ status: string; extra_data: Record<string, unknown> } | undefined>('status', 'extra_data');
  return row ? { status: row.status, blocked: row.extra_data?.blocked === true } : undefined;
}

/** The earliest due time of a queued outgoing text (due now or later), or null when none waits. */
export async function nextDueAt(db: Handle): Promise<Date | null> {
  const { rows } = await db.raw<{ rows: Array<{ at: Date | null }> }>(
    `select min(m.scheduled_for) as at from conversation_messages m where ${QUEUED}`,
  );
  return rows[0]?.at ?? null;
}
