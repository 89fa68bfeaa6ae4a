/** SQL of storefront capture: ingest keys, the per-minute rate counters, the carts pixel events build. */
import type { Handle, Tx } from '../../db/index.ts';
import type { BrandIntegration } from '../integrations/store.ts';
import { getBrandIntegration } from '../integrations/store.ts';
import type { CartState } from '../rules.ts';
import { newIngestKey } from './rules.ts';

type Json = Record<string, unknown>;

/** The enabled store integration an ingest key belongs to. */
export async function findIntegrationByIngestKey(
  db: Handle,
  key: string,
): Promise<{ id: number; brandId: number; slug: string; lookupId: string | null } | undefined> {
  const row = await db('brand_integrations as bi')
    .join('integrations as i', 'i.id', 'bi.integration_id')
    .where({ 'bi.ingest_key': key, 'bi.is_enabled': true })
    .first<{ id: string; brand_id: string; slug: string; lookup_id: string | null }>(
      'bi.id',
      'bi.brand_id',
      'i.slug',
      'bi.lookup_id',
    );
  return row
    ? { id: Number(row.id), brandId: Number(row.brand_id), slug: row.slug, lookupId: row.lookup_id }
    : undefined;
}

/** The integration's ingest key, created on first use. */
export async function ensureIngestKey(db: Handle, integrationId: number): Promise<string> {
  await db('brand_integrations')
    .where({ id: integrationId })
    .whereNull('ingest_key')
    .update({ ingest_key: newIngestKey() });
  const row = await db('brand_integrations').where({ id: integrationId }).first<{ ingest_key: string }>('ingest_key');
  return row!.ingest_key;
}

export async function ingestKeyOf(db: Handle, integrationId: number): Promise<string | null> {
  const row = await db('brand_integrations')
    .where({ id: integrationId })
    .first<{ ingest_key: string | null }>('ingest_key');
  return row?.ingest_key ?? null;
}

/**
 * Spends one hit of a bucket's budget in its window: true when the hit was within `limit` (and is
 * now counted), false when the window's budget was already spent (nothing is counted, so a
 * refused request never eats into what is left for others). Windows older than ten minutes are
 * removed when a bucket opens a new window (the first hit of a minute), so the table holds a few
 * minutes of buckets.
 */
export async function spendRateBudget(db: Handle, bucket: string, windowStart: Date, limit: number): Promise<boolean> {
  const result = await db.raw<{ rows: { hits: number }[] }>(
    `insert into ingest_rate_counters (bucket, window_start, hits)
     values (?, ?::timestamptz, 1)
     on conflict (bucket, window_start) do update set hits = ingest_rate_counters.hits + 1
       where ingest_rate_counters.hits < ?
     returning hits`,
    [bucket, windowStart, limit],
  );
  const hits = result.rows[0] === undefined ? undefined : Number(result.rows[0].hits);
  if (hits === 1)
    await db('ingest_rate_counters')
      .where('window_start', '<', new Date(windowStart.getTime() - 10 * 60_000))
      .delete();
  return hits !== undefined;
}

export interface PixelCartRow {
  id: number;
  state: CartState;
  contact_id: number | null;
  data: Json;
  extra_data: Json;
}

export async function lockCart(tx: Tx, integrationId: number, externalId: string): Promise<PixelCartRow | undefined> {
  const row = await tx('carts')
    .where({ brand_integration_id: integrationId, external_id: externalId })
    .forUpdate()
    .first<{ id: string; state: CartState; contact_id: string | null; data: Json; extra_data: Json }>(
      'id',
      'state',
      'contact_id',
      'data',
      'extra_data',
    );
  return row
    ? { ...row, id: Number(row.id), contact_id: row.contact_id === null ? null : Number(row.contact_id) }
    : undefined;
}

export interface PixelCartWrite {
  brandId: number;
  brandIntegrationId: number;
  externalId: string;
  state: CartState;
  contactId: number | null;
  total: string;
  currency?: string;
  data: Json;
  extraData: Json;
}

/** Inserts the cart (nothing when a concurrent event created it first: returns undefined). */
export async function insertPixelCart(tx: Tx, cart: PixelCartWrite): Promise<number | undefined> {
  const [row] = await tx('carts')
    .insert({
      brand_id: cart.brandId,
      brand_integration_id: cart.brandIntegrationId,
      external_id: cart.externalId,
      state: cart.state,
      contact_id: cart.contactId,
      total: cart.total,
      currency: cart.currency ?? 'USD',
      data: cart.data,
      extra_data: cart.extraData,
    })
    .onConflict(['brand_integration_id', 'external_id'])
    .ignore()
    .returning<{ id: string }[]>('id');
  return row ? Number(row.id) : undefined;
}

export async function updatePixelCart(
  tx: Tx,
  id: number,
  cart: Omit<PixelCartWrite, 'brandId' | 'brandIntegrationId' | 'externalId' | 'total'> & { total?: string },
): Promise<void> {
  await tx('carts')
    .where({ id })
    .update({
      state: cart.state,
      contact_id: cart.contactId,
      ...(cart.total !== undefined ? { total: cart.total } : {}),
      ...(cart.currency ? { currency: cart.currency } : {}),
      data: cart.data,
      extra_data: cart.extraData,
      updated_at: tx.fn.now(),
    });
}

export { getBrandIntegration, type BrandIntegration };
