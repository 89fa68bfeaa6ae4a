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

export async function createIntegration(db: Db, brandId: number, overrides: Row = {}): Promise<Row & { id: number }> {
  await db('integrations')
    .insert({ name: 'Shopify', slug: 'shopify', category: 'ecommerce', is_published: true })
    .onConflict('slug')
    .ignore();
  const shopify = await db('integrations').where({ slug: 'shopify' }).first<{ id: string }>('id');
  return insert(db, 'brand_integrations', {
    brand_id: brandId,
    integration_id: shopify!.id,
    lookup_id: `shop-${suffix()}.myshopify.com`,
    status: 'connected',
    is_enabled: true,
    ...overrides,
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
