/**
 * The Shopify install (authorization code grant): the open route verifies the signed query,
 * creates or finds the brand integration (pending_setup, disabled) and sends the merchant to
 * Shopify's authorize page with a sealed state nonce; the callback verifies HMAC and state,
 * exchanges the code, stores the token sealed, connects the integration, reads the shop,
 * registers the webhook subscriptions and checks the granted scopes.
 *
 * A shop Reclaim has never seen, opened without `bid`, gets a tenant and a brand named after the
 * shop's subdomain (marked as placeholders); the callback gives them the shop's real name, primary
 * domain and timezone (through the store effects, which own brands). With `bid`, the integration
 * belongs to that brand.
 */
import { randomBytes } from 'node:crypto';
import { installShopifyPixel } from '../pixel/sync.ts';
import { AppError, decryptSecret, encryptSecret, type AppContext } from '../../app/index.ts';
import { withTransaction, type Tx } from '../../db/index.ts';
import type { StoreEffects } from '../effects.ts';
import { installLanding } from '../install-sign-in.ts';
import { connectIntegration } from '../integrations/service.ts';
import {
  findBrandIntegration,
  getBrandIntegration,
  openIntegration,
  patchSettings,
  reopenIntegration,
  setSealedCredential,
  type BrandIntegration,
} from '../integrations/store.ts';
import {
  getAppScopes,
  getShopInfo,
  createWebhookSubscription,
  listWebhookSubscriptions,
  updateWebhookSubscription,
  type ShopInfo,
} from './admin.ts';
import { exchangeAccessToken, grantRecord } from './access-token.ts';
import { createShopifyAdminClient, type ShopifyAdminClient } from './client.ts';
import {
  adminOrigin,
  authorizeUrl,
  callbackUrl,
  decodeHostParam,
  INVALID_SHOP_MESSAGE,
  missingScopes,
  permissionsHealth,
  planSubscriptions,
  sanitizeShop,
  SHOPIFY_SCOPES,
  shopSubdomain,
  stateMatches,
  timestampFresh,
  UNSIGNED_REQUEST_MESSAGE,
  verifyQueryHmac,
  webhookAddress,
  type ShopifySubscriptionTopic,
} from './rules.ts';

/** Marks a tenant / brand created by an install for a shop Reclaim had never seen. */
const PLACEHOLDER_MARK = 'shopify_install';

/** A fresh install state nonce (128 random bits, URL-safe). */
const createStateNonce = (): string => randomBytes(16).toString('base64url');

/**
 * A tenant and a brand named after the shop's subdomain, for an install that carries no brand id.
 * The callback gives them the shop's real name (adoptPlaceholderBrand).
 */
function createPlaceholderBrand(
  tx: Tx,
  effects: Pick<StoreEffects, 'createInstalledBrand'>,
  { shop, name }: { shop: string; name: string },
): Promise<number> {
  const marks = { placeholder: PLACEHOLDER_MARK, shop };
  return effects.createInstalledBrand(tx, {
    tenant: { name, type: 'brand', extra_data: marks },
    brand: { name, domain: shop, extra_data: marks },
  });
}

interface ShopifyApp {
  apiKey: string;
  apiSecret: string;
  publicUrl: string;
}

function shopifyApp(ctx: AppContext): ShopifyApp {
  const { SHOPIFY_API_KEY: apiKey, SHOPIFY_API_SECRET: apiSecret, PUBLIC_URL: publicUrl } = ctx.config;
  if (!apiKey || !apiSecret || !publicUrl) {
    const missing = [!apiKey && 'SHOPIFY_API_KEY', !apiSecret && 'SHOPIFY_API_SECRET', !publicUrl && 'PUBLIC_URL']
      .filter(Boolean)
      .join(', ');
    throw new AppError('internal', `The Shopify app is not configured: set ${missing}.`, {
      code: 'shopify_not_configured',
    });
  }
  return { apiKey, apiSecret, publicUrl: publicUrl.replace(/\/+$/, '') };
}

/**
 * Shop and signature checks shared by both routes: 400 for a bad shop, 401 for a bad HMAC or a
 * signed timestamp more than 90 s away from now (a replayed redirect), as @shopify/shopify-api.
 */
function verifiedShop(app: ShopifyApp, query: URLSearchParams): string {
  const shop = sanitizeShop(query.get('shop'));
  if (!shop) throw new AppError('invalid_input', INVALID_SHOP_MESSAGE, { code: 'invalid_shop' });
  if (!verifyQueryHmac(query, app.apiSecret))
    throw new AppError('unauthorized', UNSIGNED_REQUEST_MESSAGE, { code: 'invalid_hmac' });
  if (query.getAll('timestamp').length !== 1 || !timestampFresh(query.get('timestamp'), Date.now()))
    throw new AppError('unauthorized', UNSIGNED_REQUEST_MESSAGE, { code: 'stale_timestamp' });
  return shop;
}

function positiveId(value: string | null, name: string): number | undefined {
  if (value === null || value === '') return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1)
    throw new AppError('invalid_input', `${name} must be a whole number, got "${value}".`, { code: `invalid_${name}` });
  return Number(value);
}

export interface OpenResult {
  integrationId: number;
  brandId: number;
  redirectUrl: string;
}

/** GET /api/integration/shopify/open?shop&hmac&timestamp[&bid] */
export async function beginShopifyInstall(
  ctx: AppContext,
  { query }: { query: URLSearchParams },
  effects: Pick<StoreEffects, 'brandExists' | 'createInstalledBrand'>,
): Promise<OpenResult> {
  const app = shopifyApp(ctx);
  const shop = verifiedShop(app, query);
  const bid = positiveId(query.get('bid'), 'bid');
  const state = createStateNonce();
  const sealedState = encryptSecret(state, (await ctx.secrets()).encryptionKey);
  const integration = await withTransaction(ctx.db, async (tx) => {
    const known = await findBrandIntegration(tx, 'shopify', shop);
    if (known) await reopenIntegration(tx, known.id);
    else if (bid !== undefined && !(await effects.brandExists(tx, bid)))
      throw new AppError('not_found', 'Brand not found', { code: 'brand_not_found' });
    const row =
      known ??
      (await openIntegration(tx, {
        brandId: bid ?? (await createPlaceholderBrand(tx, effects, { shop, name: shopSubdomain(shop) })),
        platform: 'shopify',
        lookupId: shop,
      }));
    await setSealedCredential(tx, row.id, 'state', sealedState);
    return row;
  });
  ctx.logger.info({ brand_id: integration.brand_id, integration_id: integration.id, shop }, 'Shopify install opened');
  const redirectUrl = authorizeUrl({
    origin: adminOrigin(shop, ctx.config.SHOPIFY_ADMIN_BASE_URL),
    clientId: app.apiKey,
    scopes: SHOPIFY_SCOPES,
    redirectUri: callbackUrl(app.publicUrl, integration.id),
    state,
  });
  return { integrationId: integration.id, brandId: integration.brand_id, redirectUrl };
}

export interface WebhookRegistration {
  created: ShopifySubscriptionTopic[];
  updated: ShopifySubscriptionTopic[];
  kept: ShopifySubscriptionTopic[];
}

/** Subscribes every topic to `address` (JSON); keeps ones already there, repoints ones aimed elsewhere. */
export async function registerShopifyWebhooks(
  client: ShopifyAdminClient,
  address: string,
): Promise<WebhookRegistration> {
  const plan = planSubscriptions(await listWebhookSubscriptions(client), address);
  for (const topic of plan.create) await createWebhookSubscription(client, { topic, uri: address });
  for (const { id } of plan.update) await updateWebhookSubscription(client, { id, uri: address });
  return { created: plan.create, updated: plan.update.map(({ topic }) => topic), kept: plan.keep };
}

/** Checks the installation's scopes; sets or clears the 'Permissions required' health. */
export async function checkShopifyScopes(
  ctx: AppContext,
  client: ShopifyAdminClient,
  integrationId: number,
): Promise<string[]> {
  const missing = missingScopes(await getAppScopes(client));
  const health = permissionsHealth(missing);
  await patchSettings(ctx.db, integrationId, health ? { health } : {}, health ? [] : [['health']]);
  if (health) ctx.logger.warn({ integration_id: integrationId, missing }, 'Shopify install lacks scopes');
  return missing;
}

const shopSettings = (info: ShopInfo): Record<string, unknown> => ({
  name: info.name,
  email: info.email,
  contact_email: info.contactEmail,
  shop_owner: info.shopOwnerName,
  phone: info.billingAddress?.phone ?? null,
  myshopify_domain: info.myshopifyDomain,
  primary_domain_url: info.primaryDomain?.url ?? null,
  primary_domain_host: info.primaryDomain?.host ?? null,
  currency: info.currencyCode,
  iana_timezone: info.ianaTimezone,
  plan_name: info.plan?.publicDisplayName ?? null,
  partner_development: info.plan?.partnerDevelopment ?? false,
  shopify_plus: info.plan?.shopifyPlus ?? false,
});

export interface CallbackResult {
  integrationId: number;
  brandId: number;
  shop: string;
  missingScopes: string[];
  webhooks: WebhookRegistration;
  redirectUrl: string;
}

async function storedState(ctx: AppContext, integration: BrandIntegration): Promise<string | undefined> {
  const sealed = integration.settings.credentials?.state;
  if (!sealed) return undefined;
  try {
    return decryptSecret(sealed, (await ctx.secrets()).encryptionKey);
  } catch {
    return undefined;
  }
}

/**
 * GET /api/integration/{integrationId}/auth?code&shop&state&hmac&timestamp[&host&bid&lid]. The
 * token is an expiring offline one when Shopify grants it (its refresh token is sealed with it);
 * `host` (base64 of the shop's admin address) is kept as the shop's admin URL.
 */
export async function completeShopifyInstall(
  ctx: AppContext,
  { integrationId, query }: { integrationId: number; query: URLSearchParams },
  effects: Pick<StoreEffects, 'adoptPlaceholderBrand'> & Partial<Pick<StoreEffects, 'storeReauthorized'>>,
): Promise<CallbackResult> {
  const app = shopifyApp(ctx);
  const shop = verifiedShop(app, query);
  const integration = await getBrandIntegration(ctx.db, integrationId);
  if (!integration || integration.slug !== 'shopify')
    throw new AppError('not_found', 'Integration provider not found', { code: 'integration_not_found' });
  if (integration.lookup_id !== shop)
    throw new AppError('invalid_input', INVALID_SHOP_MESSAGE, { code: 'shop_mismatch' });
  if (!stateMatches(query.get('state'), await storedState(ctx, integration)))
    throw new AppError('unauthorized', UNSIGNED_REQUEST_MESSAGE, { code: 'invalid_state' });
  const code = query.get('code');
  if (!code)
    throw new AppError(
      'invalid_input',
      'The Shopify callback has no authorization code; please install the app again.',
      { code: 'missing_code' },
    );

  const grant = await exchangeAccessToken({ config: ctx.config, shop, code });
  const record = grantRecord(grant);
  const lid = query.get('lid');
  const admin = decodeHostParam(query.get('host'));
  await withTransaction(ctx.db, async (tx) => {
    const settings = {
      granted_scopes: grant.scopes,
      ...record.settings,
      ...(lid ? { lead_id: lid } : {}),
      ...(admin ? { admin_url: `https://${admin}` } : {}),
    };
    await connectIntegration(tx, ctx, { id: integration.id, credentials: record.credentials, settings });
    await patchSettings(tx, integration.id, {}, [['credentials', 'state'], ...record.drop]); // the state is one use only
    // Reauth: the brand's disconnected messaging integration comes back with the store.
    await effects.storeReauthorized?.(tx, {
      brandId: integration.brand_id,
      brandIntegrationId: integration.id,
      source: 'shopify',
    });
  });
  const log = ctx.logger.child({ brand_id: integration.brand_id, integration_id: integration.id, shop });
  log.info('Shopify install connected');

  const client = createShopifyAdminClient({ config: ctx.config, logger: log, shop, accessToken: grant.accessToken });
  const info = await getShopInfo(client);
  await withTransaction(ctx.db, async (tx) => {
    await patchSettings(tx, integration.id, { shop_info: shopSettings(info) });
    await effects.adoptPlaceholderBrand(tx, integration.brand_id, {
      placeholder: PLACEHOLDER_MARK,
      name: info.name,
      domain: info.primaryDomain?.host ?? null,
      timezone: info.ianaTimezone,
      email: info.contactEmail ?? info.email,
    });
  });
  const webhooks = await registerShopifyWebhooks(client, webhookAddress(app.publicUrl));
  const missing = await checkShopifyScopes(ctx, client, integration.id);
  await installShopifyPixel(ctx, client, integration.id);
  return {
    integrationId: integration.id,
    brandId: integration.brand_id,
    shop,
    missingScopes: missing,
    webhooks,
    redirectUrl: await landingUrl(ctx, app.publicUrl, integration, info),
  };
}

/**
 * Where the merchant lands after the install: signed in through a one-time link
 * (`/auth/redirect?token=…`, then the brand's home) as the brand's admin or, for a shop the
 * install is the first sight of, as the merchant set up from the shop's lead (e-mail, name,
 * domain, phone); else the panel's start page.
 */
async function landingUrl(
  ctx: AppContext,
  publicUrl: string,
  integration: { id: number; brand_id: number; lookup_id: string | null },
  info: ShopInfo,
): Promise<string> {
  const home = `/b/${integration.brand_id}?installed=shopify&integration=${integration.id}`;
  const link = await installLanding(ctx, {
    brandId: integration.brand_id,
    source: 'shopify:install',
    merchant: {
      source: 'shopify',
      storeKey: integration.lookup_id ?? info.myshopifyDomain,
      email: info.email ?? info.contactEmail,
      companyName: info.name,
      storeUrl: info.primaryDomain?.url ?? `https://${info.myshopifyDomain}`,
      phone: info.billingAddress?.phone ?? null,
      ownerName: info.shopOwnerName,
    },
  });
  return link
    ? `${link.url}&redirectTo=${encodeURIComponent(home)}`
    : `${publicUrl}/?installed=shopify&integration=${integration.id}`;
}
