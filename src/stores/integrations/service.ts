/** A brand's store integrations: credentials sealed at rest, connection, and what may be shown of them. */
import { AppError, decryptSecret, encryptSecret, isSealed, type AppContext } from '../../app/index.ts';
import type { Handle, Tx } from '../../db/index.ts';
import {
  findBrandIntegration,
  getBrandIntegration,
  listEcommerceIntegrations,
  markConnected,
  type BrandIntegration,
  type StorePlatform,
} from './store.ts';

/** Only enabled integrations are resolved for events (spec 3 section 4). */
export async function findEnabledIntegration(
  db: Handle,
  platform: StorePlatform,
  lookupId: string,
): Promise<BrandIntegration | undefined> {
  const found = await findBrandIntegration(db, platform, lookupId);
  return found?.is_enabled ? found : undefined;
}

/** Seals every credential value; the settings object keeps its other keys. */
export function sealCredentials(credentials: Record<string, string>, key: Buffer): Record<string, string> {
  return Object.fromEntries(
    Object.entries(credentials).map(([name, value]) => [name, isSealed(value) ? value : encryptSecret(value, key)]),
  );
}

/**
 * The integration becomes connected and enabled with fresh credentials (merged, sealed) and
 * settings. A disconnected one (an uninstalled store installed again) also gets `reconnected_at`;
 * the result says whether it was one. Credentials are never logged.
 */
export async function connectIntegration(
  tx: Tx,
  ctx: AppContext,
  {
    id,
    credentials,
    settings = {},
  }: { id: number; credentials: Record<string, string>; settings?: Record<string, unknown> },
): Promise<{ reconnected: boolean }> {
  const current = await getBrandIntegration(tx, id);
  if (!current) throw new AppError('not_found', 'Brand integration not found');
  const key = (await ctx.secrets()).encryptionKey;
  const now = new Date().toISOString();
  const reconnected = current.status === 'disconnected' || typeof current.settings.uninstalled_at === 'string';
  const merged = {
    ...current.settings,
    ...settings,
    credentials: { ...(current.settings.credentials ?? {}), ...sealCredentials(credentials, key) },
    installed_at: now,
    ...(reconnected ? { reconnected_at: now } : {}),
  };
  delete (merged as Record<string, unknown>).uninstalled_at;
  await markConnected(tx, id, merged);
  if (reconnected)
    ctx.logger.info(
      {
        brand_id: current.brand_id,
        brand_integration_id: id,
        platform: current.slug,
        credentials: Object.keys(credentials),
      },
      'store integration reconnected with fresh credentials',
    );
  return { reconnected };
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

export interface StoreIntegrationListing {
  id: number;
  brand_id: number;
  brand_name: string;
  platform: string;
  lookup_id: string | null;
  status: string;
  is_enabled: boolean;
  /** settings.health.status, e.g. 'Permissions required'. */
  health: string | null;
  installed_at: string | null;
  /** Settings with credentials reduced to which ones are set (never their values). */
  settings: Record<string, unknown>;
}

/**
 * Store platform integrations (Shopify, BigCommerce), newest first, optionally of one brand;
 * `needingAttention`: only those not connected, disabled, or with a health problem.
 */
export async function listStoreIntegrations(
  db: Handle,
  { brandId, needingAttention }: { brandId?: number; needingAttention?: boolean } = {},
): Promise<StoreIntegrationListing[]> {
  const rows = await listEcommerceIntegrations(db, { brandId, needingAttention });
  return rows.map((row) => {
    const health = (row.settings.health as { status?: string } | undefined)?.status ?? null;
    const installed = row.settings.installed_at;
    return {
      id: Number(row.id),
      brand_id: Number(row.brand_id),
      brand_name: row.brand_name,
      platform: row.slug,
      lookup_id: row.lookup_id,
      status: row.status,
      is_enabled: row.is_enabled,
      health,
      installed_at: typeof installed === 'string' ? installed : null,
      settings: publicSettings(row),
    };
  });
}
