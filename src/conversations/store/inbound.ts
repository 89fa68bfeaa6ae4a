/**
 * SQL behind inbound replies: which brand owns a number, the channel and latest conversation of a
 * sender, the incoming message row, the conversation made visible. Every query is scoped by brand.
 */
import type { Handle, Tx } from '../../db/index.ts';

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

/** Who a number texted to belongs to: one brand, or nobody (unknown, or claimed by several). */
export type NumberOwner =
  { brand: InboundBrand; reason?: undefined } | { brand: null; reason: 'unknown_number' | 'ambiguous_number' };

/**
 * The one brand texting from `to`: the SMS integration holding the number (its sending_number,
 * unique in the database, whatever its status), else the one brand giving it as its support
 * phone. Two brands giving the same support phone is ambiguous: nobody is guessed.
 */
export async function findBrandByNumber(db: Handle, to: string): Promise<NumberOwner> {
  const candidates = numberDigits(to);
  if (candidates.length === 0) return { brand: null, reason: 'unknown_number' };
  const viaIntegration = await db.raw<{ rows: Array<{ brand_id: string; id: string }> }>(
    `select bi.brand_id, bi.id from brand_integrations bi where bi.sending_number = sending_number_digits(?)`,
    [to],
  );
  const hit = viaIntegration.rows[0];
  const query = db('brands').select<Array<Record<string, unknown>>>(
    'id',
    'name',
    'support_email',
    'support_phone',
    'company_website',
    'domain',
  );
  if (hit) void query.where({ id: hit.brand_id });
  else
    void query
      .whereRaw(`${DIGITS('support_phone')} = any(?::text[])`, [candidates])
      .orderBy('id')
      .limit(2);
  const brands = await query;
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
      brandIntegrationId: hit ? Number(hit.id) : null,
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

/** Serialises inbound messages of one sender to one brand until the transaction ends. */
export async function lockSender(tx: Tx, brandId: number, username: string): Promise<void> {
  await tx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`inbound:${brandId}:${username}`]);
}

export async function findIncomingByProviderId(
  db: Handle,
  provider: string,
  providerMessageId: string,
): Promise<StoredIncoming | undefined> {
  const row = await db('conversation_messages')
    .where({ provider, provider_message_id: providerMessageId })
    .first<{ id: string; conversation_id: string; extra_data: Record<string, unknown> } | undefined>(
      'id',
      'conversation_id',
      'extra_data',
    );
  return row ? { id: Number(row.id), conversationId: Number(row.conversation_id), extra: row.extra_data } : undefined;
}

export async function findSmsChannel(
  db: Handle,
  brandId: number,
  username: string,
): Promise<InboundChannel | undefined> {
  const row = await db('contact_channels')
    .where({ brand_id: brandId, username, type: 'sms' })
    .first<{ id: string; contact_id: string; username: string; status: string } | undefined>(
      'id',
      'contact_id',
      'username',
      'status',
    );
  return row
    ? { id: Number(row.id), contactId: Number(row.contact_id), username: row.username, status: row.status }
    : undefined;
}

/** The channel's latest conversation (newest created first). */
export async function latestConversationId(
  db: Handle,
  brandId: number,
  channelId: number,
): Promise<number | undefined> {
  const row = await db('conversations')
    .where({ brand_id: brandId, contact_channel_id: channelId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first<{ id: string } | undefined>('id');
  return row ? Number(row.id) : undefined;
}

/** A conversation started by the shopper (no workflow); hidden until an ordinary reply unhides it. */
export async function insertInboundConversation(
  db: Handle,
  { brandId, contactId, channelId }: { brandId: number; contactId: number; channelId: number },
): Promise<number> {
  const [row] = await db('conversations')
    .insert({
      brand_id: brandId,
      contact_id: contactId,
      contact_channel_id: channelId,
      is_hidden: true,
      extra_data: { started_by: 'inbound' },
    })
    .returning<{ id: string }[]>('id');
  return Number(row!.id);
}

export async function insertIncomingMessage(
  db: Handle,
  row: {
    brandId: number;
    conversationId: number;
    body: string;
    provider: string;
    providerMessageId?: string;
    receivedAt: Date;
    extra: Record<string, unknown>;
  },
): Promise<number> {
  const [created] = await db('conversation_messages')
    .insert({
      brand_id: row.brandId,
      conversation_id: row.conversationId,
      body: row.body,
      direction: 'incoming',
      status: 'received',
      sent_at: row.receivedAt,
      provider: row.provider,
      provider_message_id: row.providerMessageId ?? null,
      is_marketing: false,
      extra_data: row.extra,
    })
    .returning<{ id: string }[]>('id');
  await db('conversations').where({ id: row.conversationId }).update({ updated_at: db.fn.now() });
  return Number(created!.id);
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

/** An ordinary reply makes the conversation visible. */
export async function unhideConversation(
  db: Handle,
  { brandId, conversationId }: { brandId: number; conversationId: number },
): Promise<void> {
  await db('conversations')
    .where({ brand_id: brandId, id: conversationId })
    .update({ is_hidden: false, updated_at: db.fn.now() });
}
