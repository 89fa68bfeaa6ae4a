/**
 * SQL of the demo data set. The demo loader is the one place that writes fixture rows of every
 * domain directly (tenants and brands, the Shopify integration, discount rules, workflows,
 * contacts with their channels and consent, carts, orders, conversations and their messages):
 * the fixtures fix every column, timestamps minutes in the past included, and hundreds of rows go
 * in a few bulk statements, which the owners' functions (one row at a time, stamped with the
 * current time and their own defaults) cannot reproduce. Plans are created through billing.
 */
import type { Handle, Tx } from '../db/index.ts';

/** A fixture row as stored: column -> value. */
export type DemoRow = Record<string, unknown>;
/** A fixture key (external id, username, name) -> the id of its row. */
export type IdMap = Map<string, number>;

const BATCH = 500;

async function insertOne(tx: Tx, table: string, row: DemoRow): Promise<number> {
  const [inserted] = await tx(table).insert(row).returning<{ id: string }[]>('id');
  return Number(inserted!.id);
}

/** Inserts the rows BATCH at a time and maps each row's `key` column to its new id. */
async function insertMapped(tx: Tx, table: string, rows: DemoRow[], key: string): Promise<IdMap> {
  const ids: IdMap = new Map();
  for (let start = 0; start < rows.length; start += BATCH) {
    const inserted = await tx(table)
      .insert(rows.slice(start, start + BATCH))
      .returning<{ id: string; key: string }[]>(['id', `${key} as key`]);
    for (const row of inserted) ids.set(String(row.key), Number(row.id));
  }
  return ids;
}

/** Serialises demo loads: a second loader waits, then finds the demo there. */
export async function lockDemoSeed(tx: Tx): Promise<void> {
  await tx.raw(`select pg_advisory_xact_lock(hashtext('reclaim:demo-seed'))`);
}

/** The brand of the demo, found by its Shopify integration's lookup id. */
export async function findDemoBrandId(db: Handle, lookupId: string): Promise<number | undefined> {
  const row = await db('brand_integrations').where({ lookup_id: lookupId }).first<{ brand_id: string }>('brand_id');
  return row ? Number(row.brand_id) : undefined;
}

export async function hasPlans(db: Handle): Promise<boolean> {
  return (await db('plans').first('id')) !== undefined;
}

export const insertTenant = (tx: Tx, tenant: DemoRow): Promise<number> => insertOne(tx, 'tenants', tenant);
export const insertBrand = (tx: Tx, brand: DemoRow & { tenant_id: number }): Promise<number> =>
  insertOne(tx, 'brands', brand);

/** The integration (by slug), created when missing; returns its id. */
export async function ensureIntegration(tx: Tx, integration: DemoRow & { slug: string }): Promise<number> {
  await tx('integrations').insert(integration).onConflict('slug').ignore();
  const row = await tx('integrations').where({ slug: integration.slug }).first<{ id: string }>('id');
  return Number(row!.id);
}

export const insertBrandIntegration = (
  tx: Tx,
  link: DemoRow & { brand_id: number; integration_id: number },
): Promise<number> => insertOne(tx, 'brand_integrations', link);
export const insertDiscountRule = (tx: Tx, rule: DemoRow & { brand_id: number }): Promise<number> =>
  insertOne(tx, 'discount_rules', rule);
export const insertWorkflow = (tx: Tx, workflow: DemoRow & { brand_id: number }): Promise<number> =>
  insertOne(tx, 'workflows', workflow);

/** Contacts keyed by external_id. */
export const insertContacts = (tx: Tx, rows: DemoRow[]): Promise<IdMap> =>
  insertMapped(tx, 'contacts', rows, 'external_id');
/** Contact channels keyed by username. */
export const insertChannels = (tx: Tx, rows: DemoRow[]): Promise<IdMap> =>
  insertMapped(tx, 'contact_channels', rows, 'username');

export async function insertConsentEvents(tx: Tx, rows: DemoRow[]): Promise<void> {
  await tx.batchInsert('channel_consent_events', rows, BATCH);
}

/** Carts keyed by external_id. */
export const insertCarts = (tx: Tx, rows: DemoRow[]): Promise<IdMap> => insertMapped(tx, 'carts', rows, 'external_id');

export async function insertOrders(tx: Tx, rows: DemoRow[]): Promise<void> {
  await tx.batchInsert('orders', rows, BATCH);
}

export const insertConversation = (tx: Tx, conversation: DemoRow & { brand_id: number }): Promise<number> =>
  insertOne(tx, 'conversations', conversation);

export async function insertMessages(tx: Tx, rows: DemoRow[]): Promise<void> {
  await tx('conversation_messages').insert(rows);
}

export interface DemoCounts {
  brands: number;
  workflows: number;
  contacts: number;
  carts: number;
  orders: number;
  conversations: number;
}

const count = async (query: Promise<{ n: string | number }[]>): Promise<number> => Number((await query)[0]?.n ?? 0);

/** Row counts of the given brands (or of everything). */
export async function countRows(db: Handle, brandIds?: number[]): Promise<DemoCounts> {
  const scoped = (table: string, column = 'brand_id') => {
    const query = db(table).count<{ n: string }[]>({ n: '*' });
    return brandIds ? query.whereIn(column, brandIds) : query;
  };
  // One after another: inside a transaction they share a single connection.
  const brands = await count(scoped('brands', 'id'));
  const workflows = await count(scoped('workflows'));
  const contacts = await count(scoped('contacts'));
  const carts = await count(scoped('carts'));
  const orders = await count(scoped('orders'));
  const conversations = await count(scoped('conversations'));
  return { brands, workflows, contacts, carts, orders, conversations };
}

/** The names of the first brands, oldest first. */
export async function brandNames(db: Handle, limit: number): Promise<string[]> {
  const rows = await db('brands').select<{ name: string }[]>('name').orderBy('id').limit(limit);
  return rows.map((row) => row.name);
}

/** Every cart state present, with its count, by state name. */
export async function cartsByState(db: Handle): Promise<Record<string, number>> {
  const states = await db('carts')
    .select('state')
    .count<{ state: string; n: string }[]>({ n: '*' })
    .groupBy('state')
    .orderBy('state');
  return Object.fromEntries(states.map((row) => [row.state, Number(row.n)]));
}

export async function databaseIsEmpty(db: Handle): Promise<boolean> {
  return (await db('brands').first('id')) === undefined;
}
