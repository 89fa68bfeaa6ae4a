/**
 * Keeps the app's web pixel on a Shopify store in step with the integration: created when the
 * shop has none, updated when its settings differ from the integration's ingest key and our
 * ingest URL, left alone when they match, deleted on request (`remove`). Runs at install and from
 * `reclaim stores pixel sync`.
 */
import { AppError, coerceError, publicBaseUrl, type AppContext } from '../../app/index.ts';
import { shopifyAdminFor } from '../shopify/access-token.ts';
import type { ShopifyAdminClient } from '../shopify/client.ts';
import {
  createWebPixel,
  deleteWebPixel,
  getWebPixel,
  updateWebPixel,
  type WebPixelSettings,
} from '../shopify/web-pixel.ts';
import { ensureIngestKey, getBrandIntegration } from './store.ts';

export type PixelSyncAction = 'created' | 'updated' | 'unchanged' | 'deleted' | 'absent';

export interface PixelSyncResult {
  integrationId: number;
  shop: string;
  action: PixelSyncAction;
  pixelId: string | null;
  /** Where the pixel posts its events (the ingest key is public: it is in the storefront). */
  ingestUrl: string;
}

/** The ingest URL the pixel posts to: `{PUBLIC_URL}/ingest/pixel` followed by `/{ingestKey}`. */
export const pixelIngestBase = (ctx: AppContext): string => `${publicBaseUrl(ctx.config)}/ingest/pixel`;

export async function syncShopifyPixelWith(
  ctx: AppContext,
  client: ShopifyAdminClient,
  integrationId: number,
  { remove = false }: { remove?: boolean } = {},
): Promise<PixelSyncResult> {
  const settings: WebPixelSettings = {
    ingestKey: await ensureIngestKey(ctx.db, integrationId),
    ingestUrl: pixelIngestBase(ctx),
  };
  const base = { integrationId, shop: client.shop, ingestUrl: `${settings.ingestUrl}/${settings.ingestKey}` };
  const current = await getWebPixel(client);
  if (remove) {
    if (!current) return { ...base, action: 'absent', pixelId: null };
    return { ...base, action: 'deleted', pixelId: await deleteWebPixel(client, current.id) };
  }
  if (!current) return { ...base, action: 'created', pixelId: (await createWebPixel(client, settings)).id };
  if (current.settings.ingestKey === settings.ingestKey && current.settings.ingestUrl === settings.ingestUrl)
    return { ...base, action: 'unchanged', pixelId: current.id };
  return { ...base, action: 'updated', pixelId: (await updateWebPixel(client, current.id, settings)).id };
}

export async function syncShopifyPixel(
  ctx: AppContext,
  { integrationId, remove = false }: { integrationId: number; remove?: boolean },
): Promise<PixelSyncResult> {
  const integration = await getBrandIntegration(ctx.db, integrationId);
  if (!integration) throw new AppError('not_found', 'Integration not found', { code: 'integration_not_found' });
  if (integration.slug !== 'shopify')
    throw new AppError(
      'invalid_input',
      `Integration ${integrationId} is not a Shopify store; web pixels are Shopify's.`,
      {
        code: 'not_shopify',
      },
    );
  if (integration.status !== 'connected' || !integration.is_enabled)
    throw new AppError('invalid_input', `Integration ${integrationId} is not connected; install the app again first.`, {
      code: 'integration_not_connected',
    });
  return syncShopifyPixelWith(ctx, await shopifyAdminFor(ctx, integration), integrationId, { remove });
}

/** At install: the pixel is created, and a failure (a missing pixel scope) is logged, never fatal. */
export async function installShopifyPixel(
  ctx: AppContext,
  client: ShopifyAdminClient,
  integrationId: number,
): Promise<PixelSyncResult | undefined> {
  try {
    return await syncShopifyPixelWith(ctx, client, integrationId);
  } catch (error) {
    ctx.logger.warn(
      { err: coerceError(error), integration_id: integrationId },
      'the web pixel could not be set up at install; run `reclaim stores pixel sync` once the app has the pixel scopes',
    );
    return undefined;
  }
}
