/**
 * Factories for the rows most tests need. Each makes unique values (random suffixes),
 * so tests stay apart without truncating tables. Overrides win over defaults.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/db/index.ts';

type Row = Record<string, unknown>;
const suffix = (): string => randomBytes(4).toString('hex');
let phoneCounter = Math.floor(Math.random() * 9000);
/** A fictional US number (555 exchange), distinct within a test run. */
export const usPhone = (area = '415'): string => `+1${area}555${String((phoneCounter++ % 9000) + 1000)}`;

async function insert<T extends Row>(db: Db, table: string, row: Row): Promise<T & { id: number }> {
  const [created] = await db(table).insert(row).returning('*');
  return { ...(created as T), id: Number((created as Row).id) };
}

export async function createBrand(db: Db, overrides: Row = {}): Promise<Row & { id: number; tenant_id: number }> {
  const tenant = await insert(db, 'tenants', { name: `Tenant ${suffix()}` });
  const brand = await insert(db, 'brands', {
    tenant_id: tenant.id,
    name: `Brand ${suffix()}`,
    domain: `${suffix()}.example.com`,
    ...overrides,
  });
  return { ...brand, tenant_id: tenant.id };
}

/** The id of a published catalogue integration, added once. */
async function catalogueId(db: Db, entry: { name: string; slug: string; category: string }): Promise<string> {
  await db('integrations')
    .insert({ ...entry, is_published: true })
    .onConflict('slug')
    .ignore();
  const row = await db('integrations').where({ slug: entry.slug }).first<{ id: string }>('id');
  return row!.id;
}

export async function createIntegration(db: Db, brandId: number, overrides: Row = {}): Promise<Row & { id: number }> {
  return insert(db, 'brand_integrations', {
    brand_id: brandId,
    integration_id: await catalogueId(db, { name: 'Shopify', slug: 'shopify', category: 'ecommerce' }),
    lookup_id: `shop-${suffix()}.myshopify.com`,
    status: 'connected',
    is_enabled: true,
    ...overrides,
  });
}

/** A connected Infobip SMS integration of the brand, sending from `phone` (as the operator typed it). */
export async function connectInfobip(
  db: Db,
  brandId: number,
  phone: string,
  lookupId = `ib-${brandId}`,
): Promise<Row & { id: number }> {
  return insert(db, 'brand_integrations', {
    brand_id: brandId,
    integration_id: await catalogueId(db, { name: 'Infobip', slug: 'infobip', category: 'sms' }),
    lookup_id: lookupId,
    status: 'connected',
    is_enabled: true,
    settings: { infobip_phone_number: phone },
  });
}

export async function createContact(
  db: Db,
  brandId: number,
  { phone = usPhone(), channel = {}, ...overrides }: Row & { phone?: string; channel?: Row } = {},
): Promise<{ contact: Row & { id: number }; channel: Row & { id: number } }> {
  const contact = await insert(db, 'contacts', {
    brand_id: brandId,
    given_name: 'Sam',
    family_name: `Shopper${suffix()}`,
    external_id: `cust-${suffix()}`,
    extra_data: { group_name: 'A' },
    ...overrides,
  });
  const smsChannel = await insert(db, 'contact_channels', {
    brand_id: brandId,
    contact_id: contact.id,
    type: 'sms',
    username: phone,
    status: 'subscribed',
    compliance_type: 'p2p',
    consent_source: 'test',
    consented_at: new Date(),
    ...channel,
  });
  return { contact, channel: smsChannel };
}

export async function createCart(
  db: Db,
  { brandId, integrationId, ...overrides }: Row & { brandId: number; integrationId: number },
): Promise<Row & { id: number }> {
  return insert(db, 'carts', {
    brand_id: brandId,
    brand_integration_id: integrationId,
    external_id: `cart-${suffix()}`,
    state: 'pending',
    total: '59.00',
    ...overrides,
  });
}

export async function createOrder(
  db: Db,
  { brandId, integrationId, ...overrides }: Row & { brandId: number; integrationId: number },
): Promise<Row & { id: number }> {
  return insert(db, 'orders', {
    brand_id: brandId,
    brand_integration_id: integrationId,
    external_id: `order-${suffix()}`,
    number: `#${suffix()}`,
    state: 'complete',
    total: '120.00',
    ...overrides,
  });
}

export async function createWorkflow(
  db: Db,
  { brandId, ...overrides }: Row & { brandId: number },
): Promise<Row & { id: number }> {
  return insert(db, 'workflows', {
    brand_id: brandId,
    name: 'Abandoned Cart',
    type: 'checkout',
    status: 'active',
    is_paused: false,
    delay_minutes: 30,
    message: JSON.stringify([{ type: 'paragraph', children: [{ text: 'Hi {first_name}' }] }]),
    ...overrides,
  });
}
