/**
 * SQL for Shopify's privacy topics: find a customer's data, export it, strip it from the store's
 * rows, record the request. Brand-scoped. The shopper's contacts and channels are read here;
 * they are erased by the contacts domain.
 */
import type { Handle, Tx } from '../../../db/index.ts';

type Json = Record<string, unknown>;
const ids = (rows: { id: string | number }[]): number[] => rows.map((row) => Number(row.id));

export const REDACTED = '[redacted]';

/** What identifies one shopper: e-mails (lower case) and a regex matching the phone in any format. */
export interface Identifiers {
  emails: string[];
  /** PostgreSQL/JS regex sources, e.g. 4[^0-9]{0,2}1[^0-9]{0,2}5… */
  phonePatterns: string[];
}

/** Contacts of the brand with this Shopify customer id or one of these channel usernames. */
export async function findCustomerContacts(
  db: Handle,
  { brandId, externalId, usernames }: { brandId: number; externalId?: string; usernames: string[] },
): Promise<number[]> {
  const rows = await db('contacts')
    .where({ brand_id: brandId })
    .where((q) => {
      if (externalId) void q.orWhere({ external_id: externalId });
      if (usernames.length > 0)
        void q.orWhereIn(
          'id',
          db('contact_channels').select('contact_id').where({ brand_id: brandId }).whereIn('username', usernames),
        );
      if (!externalId && usernames.length === 0) void q.whereRaw('false');
    })
    .select<{ id: string }[]>('id');
  return ids(rows);
}

/** Every contact a shop's integration brought in (channels, carts, checkouts, orders, events of it). */
export async function findIntegrationContacts(
  db: Handle,
  { brandId, brandIntegrationId }: { brandId: number; brandIntegrationId: number },
): Promise<number[]> {
  const rows = await db('contacts')
    .where({ brand_id: brandId })
    .where((q) => {
      for (const table of ['contact_channels', 'carts', 'checkouts', 'orders', 'customer_events']) {
        void q.orWhereIn(
          'id',
          db(table).select('contact_id').where({ brand_integration_id: brandIntegrationId }).whereNotNull('contact_id'),
        );
      }
    })
    .select<{ id: string }[]>('id');
  return ids(rows);
}

export async function channelUsernames(db: Handle, contactIds: number[]): Promise<string[]> {
  if (contactIds.length === 0) return [];
  const rows = await db('contact_channels')
    .whereIn('contact_id', contactIds)
    .select<{ username: string }[]>('username');
  return rows.map((row) => row.username);
}

/** Rows of a store table that belong to the shopper: by contact, by order id, or naming them in their data. */
function ownedRows(
  db: Handle,
  table: 'carts' | 'checkouts' | 'orders',
  {
    brandIntegrationId,
    contactIds,
    orderExternalIds = [],
    identifiers,
    jsonColumns,
  }: {
    brandIntegrationId: number;
    contactIds: number[];
    orderExternalIds?: string[];
    identifiers: Identifiers;
    jsonColumns: string[];
  },
) {
  return db(table)
    .where({ brand_integration_id: brandIntegrationId })
    .where((q) => {
      void q.whereRaw('false');
      if (contactIds.length > 0) void q.orWhereIn('contact_id', contactIds);
      if (orderExternalIds.length > 0 && table === 'orders') void q.orWhereIn('external_id', orderExternalIds);
      for (const column of jsonColumns) {
        for (const email of identifiers.emails) void q.orWhereRaw(`position(? in lower(${column}::text)) > 0`, [email]);
        for (const pattern of identifiers.phonePatterns) void q.orWhereRaw(`${column}::text ~ ?`, [pattern]);
      }
    });
}

export const STORE_JSON_COLUMNS = {
  carts: ['data', 'cleaned_raw_data', 'extra_data'],
  checkouts: ['checkout_details'],
  orders: ['cleaned_raw_data', 'extra_data'],
} as const;

/** Carts, checkouts and orders of the shopper (or of the whole integration when contactIds is 'all'). */
export async function storeRowsOf(
  db: Handle,
  table: 'carts' | 'checkouts' | 'orders',
  scope: {
    brandIntegrationId: number;
    contactIds: number[] | 'all';
    orderExternalIds?: string[];
    identifiers: Identifiers;
  },
): Promise<Json[]> {
  const columns = [
    'id',
    'external_id',
    'state',
    'contact_id',
    'created_at',
    'updated_at',
    ...STORE_JSON_COLUMNS[table],
  ];
  if (table === 'orders') columns.push('number', 'total', 'currency', 'discount_codes', 'billing_status');
  if (table === 'carts') columns.push('total', 'currency');
  if (table === 'checkouts') columns.push('total_price', 'is_historical', 'abandoned_checkout_url');
  const query =
    scope.contactIds === 'all'
      ? db(table).where({ brand_integration_id: scope.brandIntegrationId })
      : ownedRows(db, table, { ...scope, contactIds: scope.contactIds, jsonColumns: [...STORE_JSON_COLUMNS[table]] });
  return query.orderBy('id').select(columns);
}

export async function updateJsonColumns(
  tx: Tx,
  table: 'carts' | 'checkouts' | 'orders',
  id: number,
  values: Json,
): Promise<void> {
  await tx(table).where({ id }).update(values);
}

export async function contactsWithChannels(db: Handle, contactIds: number[]): Promise<Json[]> {
  if (contactIds.length === 0) return [];
  const contacts = await db('contacts')
    .whereIn('id', contactIds)
    .orderBy('id')
    .select('id', 'given_name', 'family_name', 'external_id', 'source', 'buyer_accepts_sms_marketing', 'created_at');
  const channels = await db('contact_channels')
    .whereIn('contact_id', contactIds)
    .orderBy('id')
    .select(
      'contact_id',
      'type',
      'username',
      'status',
      'compliance_type',
      'consent_source',
      'consented_at',
      'created_at',
    );
  return contacts.map((contact: Json) => ({
    ...contact,
    channels: channels
      .filter((channel: Json) => Number(channel.contact_id) === Number(contact.id))
      .map(({ contact_id: _drop, ...rest }: Json) => rest),
  }));
}

/** Earlier privacy requests of the shopper (or of the shop) lose their export and personal payload. */
export async function redactPrivacyRequests(
  tx: Tx,
  { shop, customerId }: { shop: string; customerId?: string },
): Promise<void> {
  const query = tx('privacy_requests').where({ shop_domain: shop });
  if (customerId) void query.where({ customer_external_id: customerId });
  await query.whereNotNull('export').update({ export: { redacted: true } });
}

export async function findPrivacyRequestForEvent(db: Handle, webhookEventId: number): Promise<number | undefined> {
  const row = await db('privacy_requests')
    .whereRaw(`payload->>'webhook_event_id' = ?`, [String(webhookEventId)])
    .where({ status: 'completed' })
    .first<{ id: string } | undefined>('id');
  return row ? Number(row.id) : undefined;
}

export async function insertPrivacyRequest(
  db: Handle,
  row: {
    brandId: number | null;
    brandIntegrationId: number | null;
    topic: string;
    shopDomain: string;
    customerExternalId: string | null;
    payload: Json;
    exportData?: Json | null;
  },
): Promise<number> {
  const [created] = await db('privacy_requests')
    .insert({
      brand_id: row.brandId,
      brand_integration_id: row.brandIntegrationId,
      topic: row.topic,
      shop_domain: row.shopDomain,
      customer_external_id: row.customerExternalId,
      payload: row.payload,
      export: row.exportData === undefined || row.exportData === null ? null : JSON.stringify(row.exportData),
      status: 'completed',
      completed_at: db.fn.now(),
    })
    .returning<{ id: string }[]>('id');
  return Number(created!.id);
}

export interface PrivacyRequestRow {
  id: number;
  brand_id: number | null;
  topic: string;
  shop_domain: string;
  customer_external_id: string | null;
  status: string;
  payload: Json;
  export: Json | null;
  created_at: Date;
  completed_at: Date | null;
}

export async function listPrivacyRequests(
  db: Handle,
  { brandId, limit = 100 }: { brandId?: number; limit?: number } = {},
): Promise<PrivacyRequestRow[]> {
  const query = db('privacy_requests')
    .orderBy('id', 'desc')
    .limit(limit)
    .select(
      'id',
      'brand_id',
      'topic',
      'shop_domain',
      'customer_external_id',
      'status',
      'payload',
      'export',
      'created_at',
      'completed_at',
    );
  if (brandId !== undefined) void query.where({ brand_id: brandId });
  return (await query).map((row: Json) => ({
    ...(row as unknown as PrivacyRequestRow),
    id: Number(row.id),
    brand_id: row.brand_id === null ? null : Number(row.brand_id),
  }));
}
