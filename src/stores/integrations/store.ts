/**
 * SQL of the store platforms' integrations: the `integrations` catalogue and each brand's
 * `brand_integrations` row, with its settings (sealed credentials, shop details, health).
 */
import type { Handle, Tx } from '../../db/index.ts';

export type StorePlatform = 'shopify' | 'bigcommerce';
export type IntegrationStatus = 'pending_setup' | 'connected' | 'disconnected';
type Json = Record<string, unknown>;

export interface BrandIntegration {
  id: number;
  brand_id: number;
  integration_id: number;
  slug: string;
  lookup_id: string | null;
  status: IntegrationStatus;
  is_enabled: boolean;
  /** Never contains plain credentials: `credentials.*` values are sealed with ENCRYPTION_KEY. */
  settings: Json & { credentials?: Record<string, string> };
  created_at: Date;
  updated_at: Date;
}

const PLATFORM_NAMES: Record<StorePlatform, string> = { shopify: 'Shopify', bigcommerce: 'BigCommerce' };

const INTEGRATION_COLUMNS = [
  'bi.id',
  'bi.brand_id',
  'bi.integration_id',
  'i.slug',
  'bi.lookup_id',
  'bi.status',
  'bi.is_enabled',
  'bi.settings',
  'bi.created_at',
  'bi.updated_at',
];

const base = (db: Handle) =>
  db('brand_integrations as bi')
    .join('integrations as i', 'i.id', 'bi.integration_id')
    .select(...INTEGRATION_COLUMNS);

const toIntegration = (row: Json | undefined): BrandIntegration | undefined =>
  row
    ? {
        ...(row as unknown as BrandIntegration),
        id: Number(row.id),
        brand_id: Number(row.brand_id),
        integration_id: Number(row.integration_id),
      }
    : undefined;

/** The integrations catalogue row of a platform, created on first use. */
export async function integrationId(db: Handle, platform: StorePlatform): Promise<number> {
  await db('integrations')
    .insert({ name: PLATFORM_NAMES[platform], slug: platform, category: 'ecommerce', is_published: true })
    .onConflict('slug')
    .ignore();
  const row = await db('integrations').where({ slug: platform }).first<{ id: string }>('id');
  return Number(row!.id);
}

export async function getBrandIntegration(db: Handle, id: number): Promise<BrandIntegration | undefined> {
  return toIntegration(await base(db).where('bi.id', id).first());
}

/** The integration with its row locked until the transaction ends (one token refresh at a time). */
export async function lockBrandIntegration(tx: Tx, id: number): Promise<BrandIntegration | undefined> {
  return toIntegration(await base(tx).where('bi.id', id).forUpdate('bi').first());
}

export async function findBrandIntegration(
  db: Handle,
  platform: StorePlatform,
  lookupId: string,
): Promise<BrandIntegration | undefined> {
  return toIntegration(await base(db).where({ 'i.slug': platform, 'bi.lookup_id': lookupId }).first());
}

/** The brand's newest enabled, connected integration of a platform, if it has one. */
export async function findConnectedIntegration(
  db: Handle,
  { brandId, platform }: { brandId: number; platform: StorePlatform },
): Promise<BrandIntegration | undefined> {
  return toIntegration(
    await base(db)
      .where({ 'bi.brand_id': brandId, 'i.slug': platform, 'bi.is_enabled': true, 'bi.status': 'connected' })
      .orderBy('bi.id', 'desc')
      .first(),
  );
}

/** Creates the integration as pending_setup and disabled, or returns the one the brand has for that store. */
export async function openIntegration(
  tx: Tx,
  {
    brandId,
    platform,
    lookupId,
    settings = {},
  }: { brandId: number; platform: StorePlatform; lookupId: string; settings?: Json },
): Promise<BrandIntegration> {
  const known = await findBrandIntegration(tx, platform, lookupId);
  if (known) return known;
  const [row] = await tx('brand_integrations')
    .insert({
      brand_id: brandId,
      integration_id: await integrationId(tx, platform),
      lookup_id: lookupId,
      status: 'pending_setup',
      is_enabled: false,
      settings,
    })
    .returning<{ id: string }[]>('id');
  return (await getBrandIntegration(tx, Number(row!.id)))!;
}

/** The integration becomes connected and enabled with these settings (replacing the stored ones). */
export async function markConnected(tx: Tx, id: number, settings: Json): Promise<void> {
  await tx('brand_integrations')
    .where({ id })
    .update({ status: 'connected', is_enabled: true, settings, updated_at: tx.fn.now() });
}

export async function disconnectIntegration(tx: Handle, id: number): Promise<void> {
  await tx('brand_integrations')
    .where({ id })
    .update({
      status: 'disconnected',
      is_enabled: false,
      settings: tx.raw(`settings || jsonb_build_object('uninstalled_at', now())`),
      updated_at: tx.fn.now(),
    });
}

/** A disconnected integration opened again goes back to pending_setup, disabled, until its callback. */
export async function reopenIntegration(db: Handle, id: number): Promise<void> {
  await db('brand_integrations')
    .where({ id })
    .whereNot({ status: 'connected' })
    .update({ status: 'pending_setup', is_enabled: false, updated_at: db.fn.now() });
}

/** Merges `patch` into the integration's settings and drops the given paths (e.g. ['credentials', 'state']). */
export async function patchSettings(db: Handle, id: number, patch: Json, drop: string[][] = []): Promise<void> {
  let expression = 'settings || ?::jsonb';
  const bindings: string[] = [JSON.stringify(patch)];
  for (const path of drop) {
    expression = `(${expression}) #- ?::text[]`;
    bindings.push(`{${path.join(',')}}`); // a text[] literal (knex would expand a JS array)
  }
  await db('brand_integrations')
    .where({ id })
    .update({ settings: db.raw(expression, bindings), updated_at: db.fn.now() });
}

/** Sets one credential (already sealed) without touching the others. */
export async function setSealedCredential(db: Handle, id: number, name: string, sealed: string): Promise<void> {
  await db('brand_integrations')
    .where({ id })
    .update({
      settings: db.raw(
        `settings || jsonb_build_object('credentials', coalesce(settings->'credentials', '{}'::jsonb) || jsonb_build_object(?::text, ?::text))`,
        [name, sealed],
      ),
      updated_at: db.fn.now(),
    });
}

/** Shopify shop/redact: the shop's contact details and credentials leave the integration settings. */
export async function redactIntegrationSettings(tx: Tx, id: number): Promise<void> {
  await tx('brand_integrations')
    .where({ id })
    .update({
      settings: tx.raw(
        `settings - array['credentials','shop_info','shop','shop_owner','email','customer_email','phone','shop_email','shop_phone','shop_name']`,
      ),
      updated_at: tx.fn.now(),
    });
}

/** Store platform integrations (category ecommerce) with their brand's name, newest first, optionally of one brand. */
export async function listEcommerceIntegrations(
  db: Handle,
  { brandId, needingAttention = false }: { brandId?: number; needingAttention?: boolean } = {},
): Promise<(BrandIntegration & { brand_name: string })[]> {
  const query = db('brand_integrations as bi')
    .join('integrations as i', 'i.id', 'bi.integration_id')
    .join('brands as b', 'b.id', 'bi.brand_id')
    .where('i.category', 'ecommerce')
    .orderBy('bi.id', 'desc')
    .select(
      'bi.id',
      'bi.brand_id',
      'b.name as brand_name',
      'i.slug',
      'bi.lookup_id',
      'bi.status',
      'bi.is_enabled',
      'bi.settings',
      'bi.created_at',
      'bi.updated_at',
      'bi.integration_id',
    );
  if (brandId !== undefined) query.where('bi.brand_id', brandId);
  if (needingAttention)
    query.whereRaw(`(bi.status <> 'connected' or not bi.is_enabled or bi.settings->'health'->>'status' is not null)`);
  return (await query) as (BrandIntegration & { brand_name: string })[];
}
