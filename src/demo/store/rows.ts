/**
 * SQL of the demo data set. The demo loader is the one place that writes fixture rows of every
 * domain directly: the story fixes every column, timestamps in the past included, and thousands of
 * rows go in a few bulk statements, which the owners' functions (one row at a time, stamped with
 * the current time and their own defaults) cannot reproduce. What has a real code path that can
 * run over the written rows goes through it instead (plans through billing, attribution and
 * usage charges through theirs, passwords through accounts).
 */
import type { Handle, Tx } from '../../db/index.ts';

/** A row as stored: column -> value. */
export type DemoRow = Record<string, unknown>;

const BATCH = 1000;
const TABLE = /^[a-z_]+$/;

/** `count` new ids of the table's identity, in order, so rows can be written already linked. */
export async function allocateIds(tx: Tx, table: string, count: number): Promise<number[]> {
  if (!TABLE.test(table)) throw new Error(`invalid table name ${table}`);
  if (count === 0) return [];
  const { rows } = await tx.raw<{ rows: { id: string }[] }>(
    `select nextval(pg_get_serial_sequence(?, 'id')) as id from generate_series(1, ?)`,
    [table, count],
  );
  return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
}

/** Inserts the rows BATCH at a time. */
export async function insertRows(tx: Tx, table: string, rows: DemoRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) await tx(table).insert(rows.slice(start, start + BATCH));
}

export async function insertRow(tx: Tx, table: string, row: DemoRow): Promise<number> {
  const [inserted] = await tx(table).insert(row).returning<{ id: string }[]>('id');
  return Number(inserted!.id);
}

/** Serialises demo loads: a second loader waits, then finds the demo there. */
export async function lockDemoSeed(tx: Tx): Promise<void> {
  await tx.raw(`select pg_advisory_xact_lock(hashtext('reclaim:demo-seed'))`);
}

/** The brands of the demo, found by their Shopify integrations' lookup ids (in the given order). */
export async function findDemoBrandIds(db: Handle, lookupIds: string[]): Promise<number[]> {
  const rows = await db('brand_integrations')
    .whereIn('lookup_id', lookupIds)
    .select<{ brand_id: string; lookup_id: string }[]>('brand_id', 'lookup_id');
  const byLookup = new Map(rows.map((row) => [row.lookup_id, Number(row.brand_id)]));
  return lookupIds.flatMap((id) => (byLookup.has(id) ? [byLookup.get(id)!] : []));
}

export async function hasPlans(db: Handle): Promise<boolean> {
  return (await db('plans').first('id')) !== undefined;
}

export async function planByName(db: Handle, name: string): Promise<{ id: number; price: number } | undefined> {
  const row = await db('plans').where({ name, status: 'published' }).orderBy('id').first('id', 'price');
  return row ? { id: Number(row.id), price: Number(row.price) } : undefined;
}

/** The integration (by slug), created when missing; returns its id. */
export async function ensureIntegration(tx: Tx, integration: DemoRow & { slug: string }): Promise<number> {
  await tx('integrations').insert(integration).onConflict('slug').ignore();
  const row = await tx('integrations').where({ slug: integration.slug }).first<{ id: string }>('id');
  return Number(row!.id);
}

/** A user by e-mail (case-insensitive), or undefined. */
export async function findUserId(db: Handle, email: string): Promise<number | undefined> {
  const row = await db('users').whereRaw('lower(email) = lower(?)', [email]).first<{ id: string }>('id');
  return row ? Number(row.id) : undefined;
}

export async function databaseIsEmpty(db: Handle): Promise<boolean> {
  return (await db('brands').first('id')) === undefined;
}
