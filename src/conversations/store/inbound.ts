/**
 * SQL behind inbound replies: which brand owns a number, the channel and latest conversation of a
 * sender, the incoming message row, the conversation made visible. Every query is scoped by brand.
 */
import { contactUsernameLockSql } from '../../contacts/index.ts';
import { preparedRaw, type Handle } from '../../db/index.ts';

export interface InboundBrand {
  id: number;
  name: string;
  supportEmail: string | null;
  supportPhone: string | null;
  website: string | null;
  /** The brand's SMS integration that owns the number, when it was found through one. */
  brandIntegrationId: number | null;
}

export interface InboundChannel {
  id: number;
  contactId: number;
  username: string;
  status: string;
}

export interface StoredIncoming {
  id: number;
  conversationId: number;
  extra: Record<string, unknown>;
}

/**
 * Digit strings a number may be stored as: the E.164 digits and, for +1 numbers, the 10-digit
 * national form (settings written by hand often lack the country code).
 */
export function numberDigits(e164: string): string[] {
  const digits = e164.replace(/\D/g, '');
  if (digits.length === 0) return [];
  return digits.length === 11 && digits.startsWith('1') ? [digits, digits.slice(1)] : [digits];
}

const DIGITS = (column: string): string => `regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g')`;

/**
 * The advisory lock serialising the inbound messages of one sender to one brand until the
 * transaction ends: its key is 'inbound:<brand id>:<username>'.
 */
const SENDER_LOCK_KEY = (brandId: string, username: string): string => `'inbound:' || ${brandId} || ':' || ${username}`;

/** Who a number texted to belongs to: one brand, or nobody (unknown, or claimed by several). */
export type NumberOwner =
  { brand: InboundBrand; reason?: undefined } | { brand: null; reason: 'unknown_number' | 'ambiguous_number' };

/**
 * The one brand texting from `to`: the SMS integration holding the number (its sending_number,
 * unique in the database, whatever its status), else the one brand giving it as its support
 * phone. Two brands giving the same support phone is ambiguous: nobody is guessed.
 * With `lockSender` (in a transaction), the sender's lock (SENDER_LOCK_KEY) is taken for the brand
 * found in the same round trip, then the lock contact initiation takes for the number
 * (contactUsernameLockSql); no lock is taken when no one brand owns the number.
 */
export async function findBrandByNumber(
  db: Handle,
  to: string,
  { lockSender: sender }: { lockSender?: string } = {},
): Promise<NumberOwner> {
  const candidates = numberDigits(to);
  if (candidates.length === 0) return { brand: null, reason: 'unknown_number' };
  // One round trip: the integration's brand when one holds the number, else the support phones.
  const { rows: brands } = await preparedRaw<Record<string, unknown>>(
    db,
    `with owner as (with hit as (
       select bi.brand_id, bi.id from brand_integrations bi where bi.sending_number = sending_number_digits(?) limit 1
     )
     select b.id, b.name, b.support_email, b.support_phone, b.company_website, b.domain, hit.id as brand_integration_id
       from hit join brands b on b.id = hit.brand_id
     union all
     (select b.id, b.name, b.support_email, b.support_phone, b.company_website, b.domain, null
        from brands b
       where not exists (select 1 from hit) and ${DIGITS('b.support_phone')} = any(?::text[])
       order by b.id
       limit 2))
     select o.*,
            case when ?::text is not null and (select count(*) from owner) = 1
              then pg_advisory_xact_lock(hashtextextended(${SENDER_LOCK_KEY('o.id', '?::text')}, 0))::text end as locked,
            case when ?::text is not null and (select count(*) from owner) = 1
              then pg_advisory_xact_lock(hashtextextended(${contactUsernameLockSql('o.id', '?::text')}, 0))::text
            end as contact_locked
       from owner o`,
    [to, candidates, sender ?? null, sender ?? null, sender ?? null, sender ?? null],
  );
  if (brands.length > 1) return { brand: null, reason: 'ambiguous_number' };
  const brand = brands[0];
  if (!brand) return { brand: null, reason: 'unknown_number' };
  return {
    brand: {
      id: Number(brand.id),
      name: String(brand.name),
      supportEmail: (brand.support_email as string | null) ?? null,
      supportPhone: (brand.support_phone as string | null) ?? null,
      website: ((brand.company_website ?? brand.domain) as string | null) ?? null,
      brandIntegrationId: brand.brand_integration_id == null ? null : Number(brand.brand_integration_id),
    },
  };
}

/** A text no brand could be given, kept for staff (a repeat of a provider's message id is kept once). */
export async function insertUnroutedText(
  db: Handle,
  text: {
    provider: string;
    providerMessageId?: string;
    from: string;
    to: string;
    body: string;
    reason: 'unknown_number' | 'ambiguous_number';
    receivedAt: Date;
  },
): Promise<void> {
  await db.raw(
    `insert into unrouted_texts (provider, provider_message_id, from_number, to_number, body, reason, received_at)
     values (?, ?, ?, ?, ?, ?, ?)
     on conflict (provider, provider_message_id) where provider_message_id is not null do nothing`,
    [text.provider, text.providerMessageId ?? null, text.from, text.to, text.body, text.reason, text.receivedAt],
  );
}

export interface UnroutedText {
  id: number;
  provider: string;
  providerMessageId: string | null;
  from: string;
  to: string;
  body: string;
  reason: string;
  receivedAt: Date;
}

/** The newest unrouted texts first. */
export async function listUnroutedTexts(db: Handle, { limit }: { limit: number }): Promise<UnroutedText[]> {
  const rows = await db('unrouted_texts').orderBy('id', 'desc').limit(limit).select('*');
  return rows.map((row: Record<string, unknown>) => ({
    id: Number(row.id),
    provider: String(row.provider),
    providerMessageId: (row.provider_message_id as string | null) ?? null,
    from: String(row.from_number),
    to: String(row.to_number),
    body: String(row.body),
    reason: String(row.reason),
    receivedAt: row.received_at as Date,
  }));
}

/** What the inbound path reads of a sender once its lock is held: the repeat, its channel, its latest conversation. */
export interface SenderState {
  seen: StoredIncoming | undefined;
  channel: InboundChannel | undefined;
  /** The channel's newest conversation (latest created first). */
  conversationId: number | undefined;
  /** Whether a contact of the brand has a channel with the sender's number (any type). */
  contactHasNumber: boolean;
}

/**
 * One round trip for the repeat of a provider message id, the sender's SMS channel and that
 * channel's newest conversation. Run after lockSender, in a statement of its own, so it sees what
 * an earlier text of the same sender committed.
 */
export async function findSenderState(
  db: Handle,
  {
    brandId,
    username,
    provider,
    providerMessageId,
  }: { brandId: number; username: string; provider: string; providerMessageId?: string },
): Promise<SenderState> {
  const { rows } = await preparedRaw<{
    seen: { id: string; conversation_id: string; extra_data: Record<string, unknown> } | null;
    channel_id: string | null;
    contact_id: string | null;
    username: string | null;
    status: string | null;
    conversation_id: string | null;
    contact_has_number: boolean;
  }>(
    db,
    `select
       (select json_build_object('id', m.id, 'conversation_id', m.conversation_id, 'extra_data', m.extra_data)
          from conversation_messages m
         where m.provider = ? and m.provider_message_id = ?
         limit 1) as seen,
       ch.id as channel_id, ch.contact_id, ch.username, ch.status,
       (select c.id from conversations c
         where c.brand_id = ? and c.contact_channel_id = ch.id
         order by c.created_at desc, c.id desc
         limit 1) as conversation_id,
       exists (select 1 from contact_channels n join contacts c on c.id = n.contact_id
                where n.brand_id = ? and n.username = ?) as contact_has_number
     from (select 1) as one
     left join lateral (
       select id, contact_id, username, status from contact_channels
        where brand_id = ? and username = ? and type = 'sms'
        limit 1
     ) ch on true`,
    [provider, providerMessageId ?? null, brandId, brandId, username, brandId, username],
  );
  const row = rows[0]!;
  return {
    seen: row.seen
      ? { id: Number(row.seen.id), conversationId: Number(row.seen.conversation_id), extra: row.seen.extra_data }
      : undefined,
    channel:
      row.channel_id === null
        ? undefined
        : {
            id: Number(row.channel_id),
            contactId: Number(row.contact_id),
            username: String(row.username),
            status: String(row.status),
          },
    conversationId: row.conversation_id === null ? undefined : Number(row.conversation_id),
    contactHasNumber: row.contact_has_number,
  };
}

/**
 * A batch job the message's statement queues (graphile_worker.add_job): its payload the one entry
 * '[{"messageId": <id>}]' or '[{"conversationId": <id>}]', its key the prefix and that id modulo
 * `lanes` (a job waiting under the key takes the entry into its batch).
 */
export interface MessageJob {
  task: string;
  entry: 'messageId' | 'conversationId';
  prefix: string;
  lanes: number;
}

/**
 * Stores the incoming message with its conversation in one statement. An existing conversation
 * (`conversation.id`) has its updated_at moved and, for an ordinary reply (`unhide`), is made
 * visible again; otherwise a conversation started by the shopper (no workflow) is created with
 * it, hidden unless the text is an ordinary reply. With `engage`, the channel is marked engaged
 * (last_engaged_at) first, in the same statement; the `jobs` are queued with it (their ids: null
 * for a keyed job add_job dropped while a worker took it — the caller queues it again).
 */
export async function insertIncomingMessage(
  db: Handle,
  row: {
    brandId: number;
    conversation: { id: number } | { contactId: number; channelId: number };
    body: string;
    provider: string;
    providerMessageId?: string;
    receivedAt: Date;
    extra: Record<string, unknown>;
    unhide: boolean;
    engage?: { channelId: number; at: Date };
    jobs?: MessageJob[];
  },
): Promise<{ messageId: number; conversationId: number; jobIds: (string | null)[] }> {
  // The channel is marked before the conversation is touched (the order an agent reply locks them in).
  const engaged = row.engage
    ? `engaged as (
         update contact_channels
            set engagement_status = 'engaged', last_engaged_at = greatest(last_engaged_at, ?::timestamptz),
                updated_at = current_timestamp
          where brand_id = ? and id = ?
         returning id
       ),`
    : '';
  const engagedArgs = row.engage ? [row.engage.at, row.brandId, row.engage.channelId] : [];
  const after = row.engage ? 'and (select count(*) from engaged) >= 0' : '';
  const message = [row.body, row.receivedAt, row.provider, row.providerMessageId ?? null, JSON.stringify(row.extra)];
  const jobs = row.jobs ?? [];
  const jobColumns = jobs.map((job, i) => {
    const id = job.entry === 'messageId' ? 'ins.id' : 'ins.conversation_id';
    return `, (select j.id::text from graphile_worker.add_job(?, json_build_array(json_build_object('${job.entry}', ${id})),
              job_key => ? || (${id} % ${Math.max(1, Math.trunc(job.lanes))})::text) j) as job_${i}`;
  });
  const jobArgs = jobs.flatMap((job) => [job.task, job.prefix]);
  const insert = `ins as (
       insert into conversation_messages
         (brand_id, conversation_id, body, direction, status, sent_at, provider, provider_message_id, is_marketing, extra_data)
       select conv.brand_id, conv.id, ?, 'incoming', 'received', ?, ?, ?, false, ?::jsonb from conv
       returning id, conversation_id
     )
     select ins.id, ins.conversation_id${jobColumns.join('')} from ins`;
  const { rows } =
    'id' in row.conversation
      ? await preparedRaw<Record<string, string | null>>(
          db,
          `with ${engaged} conv as (
             update conversations
                set updated_at = current_timestamp, is_hidden = case when ? then false else is_hidden end
              where id = ? and brand_id = ? ${after}
             returning id, brand_id
           ), ${insert}`,
          [...engagedArgs, row.unhide, row.conversation.id, row.brandId, ...message, ...jobArgs],
        )
      : await preparedRaw<Record<string, string | null>>(
          db,
          `with ${engaged} conv as (
             insert into conversations (brand_id, contact_id, contact_channel_id, is_hidden, extra_data)
             select ?, ?, ?, ?, '{"started_by": "inbound"}'::jsonb ${row.engage ? 'where (select count(*) from engaged) >= 0' : ''}
             returning id, brand_id
           ), ${insert}`,
          [
            ...engagedArgs,
            row.brandId,
            row.conversation.contactId,
            row.conversation.channelId,
            !row.unhide,
            ...message,
            ...jobArgs,
          ],
        );
  const created = rows[0]!;
  return {
    messageId: Number(created.id),
    conversationId: Number(created.conversation_id),
    jobIds: jobs.map((_, i) => created[`job_${i}`] ?? null),
  };
}

/** Merges keys into an incoming message's extra_data. */
export async function patchMessageExtra(db: Handle, messageId: number, patch: Record<string, unknown>): Promise<void> {
  await db('conversation_messages')
    .where({ id: messageId })
    .update({ extra_data: db.raw('extra_data || ?::jsonb', [JSON.stringify(patch)]), updated_at: db.fn.now() });
}

/**
 * Claims a reply that is owed but not being sent (reply_status 'pending' -> 'sending'); false when
 * another attempt holds it or it was sent already. A reply is sent at most once.
 */
export async function claimPendingReply(db: Handle, messageId: number): Promise<boolean> {
  const count = await db('conversation_messages')
    .where({ id: messageId })
    .whereRaw(`extra_data->>'reply_status' = 'pending'`)
    .update({ extra_data: db.raw(`extra_data || '{"reply_status":"sending"}'::jsonb`), updated_at: db.fn.now() });
  return count === 1;
}
