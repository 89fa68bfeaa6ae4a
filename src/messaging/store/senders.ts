/**
 * SQL of the sending numbers: each brand's number and rate settings (read from its SMS integration
 * and brand row), and the next free send time of each number in `sms_send_slots`, shared by every
 * worker process.
 */
import type { Handle, Tx } from '../../db/index.ts';

export interface BrandSending {
  brandId: number;
  /** The brand's number (or sender id): SMS integration's infobip_phone_number / sender_id / phone, else support_phone. */
  sender: string | null;
  /** Setting values, first set wins: the SMS integration's messages_per_second, the brand's sms_messages_per_second. */
  messagesPerSecond: unknown[];
  /** Likewise messages_per_day / sms_messages_per_day. */
  messagesPerDay: unknown[];
  /** The 10DLC tier Infobip reported for the number's campaign (settings.tendlc_throughput), if any. */
  tier: { perSecond?: unknown; perDay?: unknown } | null;
}

/** Sender and rate settings of brands: their SMS integration (connected and enabled first) and brand row. */
export async function brandSending(db: Handle, brandIds: number[]): Promise<Map<number, BrandSending>> {
  if (brandIds.length === 0) return new Map();
  const { rows } = await db.raw<{
    rows: Array<{
      id: string;
      support_phone: string | null;
      extra_data: Record<string, unknown>;
      settings: Record<string, unknown> | null;
    }>;
  }>(
    `select b.id, b.support_phone, b.extra_data, s.settings
       from brands b
       left join lateral (
         select bi.settings from brand_integrations bi join integrations i on i.id = bi.integration_id
          where bi.brand_id = b.id and i.category = 'sms'
          order by (bi.status = 'connected') desc, bi.is_enabled desc, bi.updated_at desc
          limit 1) s on true
      where b.id = any(?::bigint[])`,
    [brandIds],
  );
  const text = (value: unknown): string | undefined =>
    typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  return new Map(
    rows.map((row) => {
      const settings = row.settings ?? {};
      const sender =
        text(settings.infobip_phone_number) ??
        text(settings.sender_id) ??
        text(settings.phone) ??
        text(row.support_phone) ??
        null;
      const tier = settings.tendlc_throughput;
      return [
        Number(row.id),
        {
          brandId: Number(row.id),
          sender,
          messagesPerSecond: [settings.messages_per_second, row.extra_data?.sms_messages_per_second],
          messagesPerDay: [settings.messages_per_day, row.extra_data?.sms_messages_per_day],
          tier:
            typeof tier === 'object' && tier !== null
              ? {
                  perSecond: (tier as Record<string, unknown>).per_second,
                  perDay: (tier as Record<string, unknown>).per_day,
                }
              : null,
        },
      ];
    }),
  );
}

/** A sending number's row of `sms_send_slots`. */
export interface SendSlotRow {
  next_send_at: Date;
  day: string | null;
  day_count: number;
  minute: Date | null;
  minute_count: number;
  last_minute_count: number;
}

/**
 * The numbers' rows, locked until the transaction ends (created at `now` on first use), in sender
 * order so two claims never wait on each other in a cycle: two statements however many numbers.
 */
export async function lockSendSlots(
  tx: Tx,
  { provider, senders, now }: { provider: string; senders: string[]; now: Date },
): Promise<Map<string, SendSlotRow>> {
  if (senders.length === 0) return new Map();
  await tx.raw(
    `insert into sms_send_slots (provider, sender, next_send_at)
     select ?, s, ? from unnest(?::text[]) s order by s on conflict (provider, sender) do nothing`,
    [provider, now, senders],
  );
  const { rows } = await tx.raw<{ rows: Array<SendSlotRow & { sender: string }> }>(
    `select sender, next_send_at, to_char(day, 'YYYY-MM-DD') as day, day_count, minute, minute_count, last_minute_count
       from sms_send_slots where provider = ? and sender = any(?::text[])
      order by sender for update`,
    [provider, senders],
  );
  return new Map(rows.map(({ sender, ...row }) => [sender, row]));
}

/** The numbers' rows after a claim, in one statement. */
export async function saveSendSlots(
  tx: Tx,
  rows: Array<SendSlotRow & { provider: string; sender: string; per_second: number; per_day: number }>,
): Promise<void> {
  if (rows.length === 0) return;
  await tx.raw(
    `update sms_send_slots s
        set next_send_at = v.next_send_at, per_second = v.per_second, per_day = v.per_day, day = v.day,
            day_count = v.day_count, minute = v.minute, minute_count = v.minute_count,
            last_minute_count = v.last_minute_count, updated_at = now()
       from jsonb_to_recordset(?::jsonb) as v(provider text, sender text, next_send_at timestamptz, per_second float8,
            per_day int, day date, day_count int, minute timestamptz, minute_count int, last_minute_count int)
      where s.provider = v.provider and s.sender = v.sender`,
    [JSON.stringify(rows)],
  );
}

export interface BrandTextingRow {
  support_phone: string | null;
  texas_compliance: boolean;
  /** The SMS integration the brand texts through (connected and enabled first), if any. */
  integration: { slug: string; status: string; is_enabled: boolean; settings: Record<string, unknown> } | null;
  /** The brand's 10DLC registration (the SMS integration row the registration runs on), if one was started. */
  registration: { state: string; since: string | null; failed_from: string | null } | null;
}

/** The brand's texting setup: its SMS integration, support phone and Texas setting; undefined for no brand. */
export async function brandTexting(db: Handle, brandId: number): Promise<BrandTextingRow | undefined> {
  const { rows } = await db.raw<{
    rows: Array<{
      support_phone: string | null;
      extra_data: Record<string, unknown> | null;
      slug: string | null;
      status: string | null;
      is_enabled: boolean | null;
      settings: Record<string, unknown> | null;
      registration_state: string | null;
      registration_since: string | null;
      registration_failed_from: string | null;
    }>;
  }>(
    `select b.support_phone, b.extra_data, s.slug, s.status, s.is_enabled, s.settings,
            r.state as registration_state, r.since as registration_since,
            r.failed_from as registration_failed_from
       from brands b
       left join lateral (
         select i.slug, bi.status, bi.is_enabled, bi.settings
           from brand_integrations bi join integrations i on i.id = bi.integration_id
          where bi.brand_id = b.id and i.category = 'sms'
          order by (bi.status = 'connected') desc, bi.is_enabled desc, bi.updated_at desc
          limit 1) s on true
       left join lateral (
         select bi.settings ->> 'automation_state' as state, bi.settings -> 'automation_metadata' ->> 'since' as since,
                bi.settings -> 'automation_metadata' ->> 'failed_from' as failed_from
           from brand_integrations bi
          where bi.brand_id = b.id and bi.settings ->> 'automation_state' is not null
          order by bi.updated_at desc
          limit 1) r on true
      where b.id = ?`,
    [brandId],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    support_phone: row.support_phone,
    texas_compliance: row.extra_data?.texas_compliance === true,
    integration: row.slug
      ? {
          slug: row.slug,
          status: row.status ?? 'pending_setup',
          is_enabled: row.is_enabled === true,
          settings: row.settings ?? {},
        }
      : null,
    registration: row.registration_state
      ? {
          state: row.registration_state,
          since: row.registration_since,
          failed_from: row.registration_failed_from,
        }
      : null,
  };
}

/** The brand's number (or sender id) that shoppers text, or null. */
export async function brandSenderNumber(db: Handle, brandId: number): Promise<string | null> {
  return (await brandSending(db, [brandId])).get(brandId)?.sender ?? null;
}

/** The number's texts of the UTC day of `now` (0 when it has none yet). */
export async function sendSlotToday(
  db: Handle,
  { provider, sender, now }: { provider: string; sender: string; now: Date },
): Promise<number> {
  const { rows } = await db.raw<{ rows: Array<{ n: number }> }>(
    `select case when day = (?::timestamptz at time zone 'UTC')::date then day_count else 0 end as n
       from sms_send_slots where provider = ? and sender = ?`,
    [now, provider, sender],
  );
  return rows[0]?.n ?? 0;
}

/**
 * Moves the end of a number's reserved time from `from` to `to`, only when no claim reserved time
 * after it meanwhile (its next free time is still `from`); whether it moved.
 */
export async function extendSendSlot(
  db: Handle,
  { provider, sender, from, to }: { provider: string; sender: string; from: Date; to: Date },
): Promise<boolean> {
  const result = await db.raw<{ rowCount: number }>(
    `update sms_send_slots set next_send_at = ?, updated_at = now()
      where provider = ? and sender = ? and next_send_at = ?`,
    [to, provider, sender, from],
  );
  return result.rowCount === 1;
}

/** Gives back `count` texts of the number's day (UTC, `day`) that were reserved but not sent. */
export async function releaseSendDay(
  db: Handle,
  { provider, sender, day, count }: { provider: string; sender: string; day: string; count: number },
): Promise<void> {
  if (count <= 0) return;
  await db.raw(
    `update sms_send_slots set day_count = greatest(0, day_count - ?), updated_at = now()
      where provider = ? and sender = ? and day = ?::date`,
    [count, provider, sender, day],
  );
}
