import { AppError, decryptSecret, encryptSecret, isSealed, type AppContext } from '../app/index.ts';
import type { Db, Tx } from '../db/index.ts';

type Handle = Db | Tx;

export type StorePlatform = 'shopify' | 'bigcommerce';
export type IntegrationStatus = 'pending_setup' | 'connected' | 'disconnected';

export interface BrandIntegration {
  id: number;
  brand_id: number;
  integration_id: number;
  slug: string;
  lookup_id: string | null;
  status: IntegrationStatus;
  is_enabled: boolean;
  /** Never contains plain credentials: `credentials.*` values are sealed with ENCRYPTION_KEY. */
  settings: Record<string, unknown> & { credentials?: Record<string, string> };
  created_at: Date;
  updated_at: Date;
}

const PLATFORM_NAMES: Record<StorePlatform, string> = { shopify: 'Shopify', bigcommerce: 'BigCommerce' };

const base = (db: Handle) =>
  db('brand_integrations as bi')
    .join('integrations as i', 'i.id', 'bi.integration_id')
    .select(
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
    );

const toIntegration = (row: Record<string, unknown> | undefined): BrandIntegration | undefined =>
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

/** Only enabled integrations are resolved for events (spec 3 section 4). */
export async function findEnabledIntegration(
  db: Handle,
  platform: StorePlatform,
  lookupId: string,
): Promise<BrandIntegration | undefined> {
  const found = await findBrandIntegration(db, platform, lookupId);
  return found?.is_enabled ? found : undefined;
}

/** Creates the integration as pending_setup and disabled, or returns the one the brand has for that store. */
export async function openIntegration(
  tx: Tx,
  {
    brandId,
    platform,
    lookupId,
    settings = {},
  }: { brandId: number; platform: StorePlatform; lookupId: string; settings?: Record<string, unknown> },
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

/** Seals every credential value; the settings object keeps its other keys. */
export function sealCredentials(credentials: Record<string, string>, key: Buffer): Record<string, string> {
  return Object.fromEntries(
    Object.entries(credentials).map(([name, value]) => [name, isSealed(value) ? value : encryptSecret(value, key)]),
  );
}

export async function connectIntegration(
  tx: Tx,
  ctx: AppContext,
  {
    id,
    credentials,
    settings = {},
  }: { id: number; credentials: Record<string, string>; settings?: Record<string, unknown> },
): Promise<void> {
  const current = await getBrandIntegration(tx, id);
  if (!current) throw new AppError('not_found', 'Brand integration not found');
  const key = (await ctx.secrets()).encryptionKey;
  const merged = {
    ...current.settings,
    ...settings,
    credentials: { ...(current.settings.credentials ?? {}), ...sealCredentials(credentials, key) },
    installed_at: new Date().toISOString(),
  };
  delete (merged as Record<string, unknown>).uninstalled_at;
  await tx('brand_integrations')
    .where({ id })
    .update({ status: 'connected', is_enabled: true, settings: merged, updated_at: tx.fn.now() });
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

/** Decrypts one credential of an integration ('No access token found' when it has none). */
export async function readCredential(
  ctx: AppContext,
  integration: BrandIntegration,
  name = 'access_token',
): Promise<string> {
  const sealed = integration.settings.credentials?.[name];
  if (!sealed) throw new AppError('invalid_input', 'No access token found', { code: 'no_access_token' });
  return decryptSecret(sealed, (await ctx.secrets()).encryptionKey);
}

/** Integration settings safe to print: credentials reduced to which ones are set. */
export function publicSettings(integration: BrandIntegration): Record<string, unknown> {
  const { credentials, ...rest } = integration.settings;
  return { ...rest, credentials: Object.fromEntries(Object.keys(credentials ?? {}).map((name) => [name, '[set]'])) };
}
