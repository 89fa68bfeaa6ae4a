/**
 * SQL for contacts, contact channels and the consent ledger. Every query is scoped by brand.
 * Two reads join tables of higher domains: the brand's integrations (stores) a channel can be
 * reached through, and the conversation counts (conversations) behind the outreach rule.
 */
import type { Handle, Tx } from '../db/index.ts';
import type { ChannelStatus, ChannelType, ComplianceType } from './rules.ts';
type Row = Record<string, unknown>;

export interface ContactRow {
  id: number;
  brand_id: number;
  given_name: string | null;
  family_name: string | null;
  external_id: string | null;
  source: string | null;
  buyer_accepts_sms_marketing: boolean | null;
  extra_data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

export interface ChannelRow {
  id: number;
  brand_id: number;
  contact_id: number;
  brand_integration_id: number | null;
  type: ChannelType;
  username: string;
  external_id: string | null;
  status: ChannelStatus;
  compliance_type: ComplianceType | null;
  consent_source: string | null;
  consented_at: Date | null;
  extra_data: { timezone?: string; source?: string; blocked?: boolean } & Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

const toContact = (row: Row): ContactRow => ({
  ...(row as unknown as ContactRow),
  id: Number(row.id),
  brand_id: Number(row.brand_id),
});
const toChannel = (row: Row): ChannelRow => ({
  ...(row as unknown as ChannelRow),
  id: Number(row.id),
  brand_id: Number(row.brand_id),
  contact_id: Number(row.contact_id),
  brand_integration_id: row.brand_integration_id === null ? null : Number(row.brand_integration_id),
});

/** Serialises initiations of the same customer (same brand and key) until the transaction ends. */
export async function lockContactKey(tx: Tx, brandId: number, key: string): Promise<void> {
  await tx.raw('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`contact:${brandId}:${key}`]);
}

/**
 * lockContactKey's key for a username, as SQL (for a statement that takes the lock with other
 * work): `brandIdSql` and `usernameSql` are SQL expressions.
 */
export const contactUsernameLockSql = (brandIdSql: string, usernameSql: string): string =>
  `'contact:' || ${brandIdSql} || ':username:' || ${usernameSql}`;

/** A connected and enabled integration of the brand in one of the categories (optionally one given id). */
export async function findActiveIntegration(
  db: Handle,
  { brandId, categories, brandIntegrationId }: { brandId: number; categories: string[]; brandIntegrationId?: number },
): Promise<{ id: number; category: string } | undefined> {
  const query = db('brand_integrations as bi')
    .join('integrations as i', 'i.id', 'bi.integration_id')
    .where({ 'bi.brand_id': brandId, 'bi.status': 'connected', 'bi.is_enabled': true })
    .whereIn('i.category', categories)
    .orderBy('bi.id')
    .first<{ id: string; category: string } | undefined>('bi.id', 'i.category');
  if (brandIntegrationId !== undefined) void query.where('bi.id', brandIntegrationId);
  const row = await query;
  return row ? { id: Number(row.id), category: row.category } : undefined;
}

export async function findContactById(db: Handle, brandId: number, contactId: number): Promise<ContactRow | undefined> {
  const row = await db('contacts').where({ brand_id: brandId, id: contactId }).first();
  return row ? toContact(row) : undefined;
}

export async function findContactByExternalId(
  db: Handle,
  brandId: number,
  externalId: string,
): Promise<ContactRow | undefined> {
  const row = await db('contacts').where({ brand_id: brandId, external_id: externalId }).orderBy('id').first();
  return row ? toContact(row) : undefined;
}

/**
 * The contact owning one of these usernames. With an external id, only a contact without one (or
 * with the same) qualifies: a different external id is a different customer of the store.
 */
export async function findContactByUsernames(
  db: Handle,
  brandId: number,
  usernames: string[],
  externalId?: string,
): Promise<ContactRow | undefined> {
  if (usernames.length === 0) return undefined;
  const query = db('contact_channels as ch')
    .join('contacts as c', 'c.id', 'ch.contact_id')
    .where('ch.brand_id', brandId)
    .whereIn('ch.username', usernames)
    .orderBy('ch.id')
    .first('c.*');
  if (externalId !== undefined)
    void query.where((q) => void q.whereNull('c.external_id').orWhere('c.external_id', externalId));
  const row = await query;
  return row ? toContact(row) : undefined;
}

export async function insertContact(
  db: Handle,
  row: Omit<Partial<ContactRow>, 'id'> & { brand_id: number },
): Promise<ContactRow> {
  const [created] = await db('contacts').insert(row).returning('*');
  return toContact(created as Row);
}

export async function updateContact(db: Handle, id: number, patch: Partial<ContactRow>): Promise<void> {
  await db('contacts')
    .where({ id })
    .update({ ...patch, updated_at: db.fn.now() });
}

export async function channelsOfContact(db: Handle, brandId: number, contactId: number): Promise<ChannelRow[]> {
  const rows = await db('contact_channels').where({ brand_id: brandId, contact_id: contactId }).orderBy('id');
  return rows.map(toChannel);
}

export async function channelsOfContacts(db: Handle, brandId: number, contactIds: number[]): Promise<ChannelRow[]> {
  if (contactIds.length === 0) return [];
  const rows = await db('contact_channels')
    .where({ brand_id: brandId })
    .whereIn('contact_id', contactIds)
    .orderBy('id');
  return rows.map(toChannel);
}

export async function findChannel(
  db: Handle,
  { brandId, channelId, lock = false }: { brandId?: number; channelId: number; lock?: boolean },
): Promise<ChannelRow | undefined> {
  const query = db('contact_channels').where({ id: channelId }).first();
  if (brandId !== undefined) void query.where({ brand_id: brandId });
  if (lock) void query.forUpdate();
  const row = await query;
  return row ? toChannel(row) : undefined;
}

/** Plain insert: a username the brand already has raises the data layer's `conflict` AppError. */
export async function insertChannel(
  db: Handle,
  row: Omit<Partial<ChannelRow>, 'id'> & { brand_id: number; contact_id: number; username: string; type: ChannelType },
): Promise<ChannelRow> {
  const [created] = await db('contact_channels').insert(row).returning('*');
  return toChannel(created as Row);
}

export async function updateChannel(
  db: Handle,
  id: number,
  patch: Partial<Omit<ChannelRow, 'id'>>,
): Promise<ChannelRow> {
  const [updated] = await db('contact_channels')
    .where({ id })
    .update({ ...patch, updated_at: db.fn.now() })
    .returning('*');
  return toChannel(updated as Row);
}

export async function insertConsentEvent(
  db: Handle,
  event: {
    brand_id: number;
    contact_channel_id: number;
    username: string;
    status: ChannelStatus;
    source: string | null;
    recorded_at: Date;
    extra_data: Record<string, unknown>;
  },
): Promise<void> {
  await db('channel_consent_events').insert(event);
}

/**
 * Conversation counts behind the outreach rule: whether the shopper ever replied on this channel,
 * and how many conversations had a sent outgoing message and no reply.
 */
export async function outreachStats(
  db: Handle,
  channelId: number,
): Promise<{ replied: boolean; conversationsWithSentOutgoing: number }> {
  const result = await db.raw<{ rows: Array<{ replied: boolean | null; unanswered: string }> }>(
    `select bool_or(has_in) as replied, count(*) filter (where has_out and not has_in) as unanswered
       from (select exists (select 1 from conversation_messages m
                             where m.conversation_id = c.id and m.direction = 'outgoing'
                               and (m.sent_at is not null or m.status in ('sent', 'delivered'))) as has_out,
                    exists (select 1 from conversation_messages m
                             where m.conversation_id = c.id and m.direction = 'incoming') as has_in
               from conversations c where c.contact_channel_id = ?) per_conversation`,
    [channelId],
  );
  const row = result.rows[0];
  return { replied: row?.replied ?? false, conversationsWithSentOutgoing: Number(row?.unanswered ?? 0) };
}

const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Searches: digits match phone numbers partially, an @ matches e-mails, words match names. */
export async function listContactRows(
  db: Handle,
  { brandId, q, limit, offset }: { brandId: number; q?: string; limit: number; offset: number },
): Promise<{ rows: ContactRow[]; total: number }> {
  const base = db('contacts as c').where('c.brand_id', brandId);
  const search = q?.trim();
  if (search) {
    const digits = search.replace(/[\s()+.-]/g, '');
    if (/^\d+$/.test(digits)) {
      void base.whereExists(
        db('contact_channels as ch')
          .whereRaw('ch.contact_id = c.id')
          .where('ch.type', 'sms')
          .where('ch.username', 'like', `%${escapeLike(digits)}%`),
      );
    } else if (search.includes('@')) {
      void base.whereExists(
        db('contact_channels as ch')
          .whereRaw('ch.contact_id = c.id')
          .where('ch.username', 'like', `%${escapeLike(search.toLowerCase())}%`),
      );
    } else {
      const words = search.split(/\s+/);
      if (words.length >= 2)
        void base
          .whereILike('c.given_name', `${escapeLike(words[0]!)}%`)
          .whereILike('c.family_name', `${escapeLike(words.slice(1).join(' '))}%`);
      else
        void base.where(
          (w) =>
            void w
              .whereILike('c.given_name', `%${escapeLike(search)}%`)
              .orWhereILike('c.family_name', `%${escapeLike(search)}%`),
        );
    }
  }
  const [{ count }] = await base.clone().count<{ count: string }[]>({ count: '*' });
  const rows = await base
    .select('c.*')
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .limit(limit)
    .offset(offset);
  return { rows: rows.map(toContact), total: Number(count) };
}

/** The shopper replied on this channel: engaged, last_engaged_at moved forward to `at` (never back). */
export async function markChannelEngaged(
  db: Handle,
  { brandId, channelId, at }: { brandId: number; channelId: number; at: Date },
): Promise<void> {
  await db('contact_channels')
    .where({ brand_id: brandId, id: channelId })
    .update({
      engagement_status: 'engaged',
      last_engaged_at: db.raw('greatest(last_engaged_at, ?::timestamptz)', [at]),
      updated_at: db.fn.now(),
    });
}
