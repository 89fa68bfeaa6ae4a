/**
 * Shopify access tokens: the OAuth code exchange (`POST {origin}/admin/oauth/access_token`), the
 * refresh of an expiring offline token before it expires (once, under the integration's row lock),
 * what a grant leaves on the integration, and the Admin client of a connected integration. Secrets
 * and tokens never appear in errors or logs.
 */
import { z } from 'zod';
import { AppError, decryptSecret, encryptSecret, type AppContext, type Config } from '../../app/index.ts';
import { withTransaction } from '../../db/index.ts';
import { createHttpClient, HttpNetworkError, type HttpResponse } from '../../http/index.ts';
import { readCredential } from '../integrations/service.ts';
import {
  lockBrandIntegration,
  patchSettings,
  setSealedCredential,
  type BrandIntegration,
} from '../integrations/store.ts';
import {
  createShopifyAdminClient,
  DEFAULT_RETRY_POLICY,
  httpError,
  type RetryPolicy,
  type ShopifyAdminClient,
} from './client.ts';
import { adminOrigin, AUTHENTICATION_ERROR_MESSAGE } from './rules.ts';

/** Shopify's answer to POST /admin/oauth/access_token (an expiring offline token carries the refresh fields). */
const tokenSchema = z.object({
  access_token: z.string().min(1),
  scope: z.string().default(''),
  expires_in: z.number().int().positive().optional(),
  refresh_token: z.string().min(1).optional(),
  refresh_token_expires_in: z.number().int().positive().optional(),
});

export interface AccessGrant {
  accessToken: string;
  /** Scopes granted, as Shopify lists them. */
  scopes: string[];
  /** When the access token stops working (expiring offline tokens last an hour); undefined for a non-expiring token. */
  expiresAt?: Date;
  /** The refresh token that buys the next access token (expiring offline tokens only). */
  refreshToken?: string;
  refreshTokenExpiresAt?: Date;
}

type TokenConfig = Pick<Config, 'SHOPIFY_API_KEY' | 'SHOPIFY_API_SECRET' | 'SHOPIFY_ADMIN_BASE_URL'>;

/** POST {origin}/admin/oauth/access_token with a JSON body; the grant or an AppError (the secret never appears in it). */
async function requestToken({
  config,
  shop,
  body,
  timeoutMs,
  refused,
}: {
  config: TokenConfig;
  shop: string;
  body: Record<string, string>;
  timeoutMs: number;
  refused: AppError;
}): Promise<AccessGrant> {
  const http = createHttpClient({
    service: 'shopify',
    baseUrl: adminOrigin(shop, config.SHOPIFY_ADMIN_BASE_URL),
    headers: { Accept: 'application/json' },
    timeoutMs,
    retries: 0,
  });
  let response: HttpResponse;
  try {
    response = await http.request({
      method: 'POST',
      path: '/admin/oauth/access_token',
      json: { client_id: config.SHOPIFY_API_KEY, client_secret: config.SHOPIFY_API_SECRET, ...body },
    });
  } catch (error) {
    if (!(error instanceof HttpNetworkError)) throw error;
    throw new AppError(
      'upstream',
      `Shopify could not be reached for ${shop} to get an access token; please try again.`,
      { code: 'shopify_network', details: { shop } },
    );
  }
  if (response.status === 400 || response.status === 401 || response.status === 403) throw refused;
  if (!response.ok) throw httpError(shop, response.status);
  const parsed = tokenSchema.safeParse(response.json());
  if (!parsed.success)
    throw new AppError('upstream', 'Shopify answered the token request without an access token.', {
      code: 'shopify_bad_response',
      details: { shop },
    });
  const now = Date.now();
  const { access_token, scope, expires_in, refresh_token, refresh_token_expires_in } = parsed.data;
  return {
    accessToken: access_token,
    scopes: scope
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
    ...(expires_in ? { expiresAt: new Date(now + expires_in * 1000) } : {}),
    ...(refresh_token ? { refreshToken: refresh_token } : {}),
    ...(refresh_token && refresh_token_expires_in
      ? { refreshTokenExpiresAt: new Date(now + refresh_token_expires_in * 1000) }
      : {}),
  };
}

/**
 * The code-for-token exchange of the authorization code grant: POST {origin}/admin/oauth/access_token
 * with `client_id`, `client_secret`, `code` and `expiring: "1"`, which asks for an expiring offline
 * token with a refresh token (required of public apps; non-expiring offline tokens are refused
 * from 2027-01-01). A shop that answers without `expires_in` gave a non-expiring token.
 */
export async function exchangeAccessToken({
  config,
  shop,
  code,
  timeoutMs = DEFAULT_RETRY_POLICY.timeoutMs,
}: {
  config: TokenConfig;
  shop: string;
  code: string;
  timeoutMs?: number;
}): Promise<AccessGrant> {
  const refused = new AppError(
    'unauthorized',
    'Shopify refused the authorization code; please install the app again.',
    { code: 'shopify_code_refused', details: { shop } },
  );
  return requestToken({ config, shop, body: { code, expiring: '1' }, timeoutMs, refused });
}

/** A new access token (and a new refresh token) for an expiring offline token: `grant_type=refresh_token`. */
export async function refreshAccessToken({
  config,
  shop,
  refreshToken,
  timeoutMs = DEFAULT_RETRY_POLICY.timeoutMs,
}: {
  config: TokenConfig;
  shop: string;
  refreshToken: string;
  timeoutMs?: number;
}): Promise<AccessGrant> {
  const refused = new AppError('unauthorized', AUTHENTICATION_ERROR_MESSAGE, {
    code: 'shopify_refresh_refused',
    details: { shop },
  });
  return requestToken({
    config,
    shop,
    body: { grant_type: 'refresh_token', refresh_token: refreshToken },
    timeoutMs,
    refused,
  });
}

/** The settings and credentials a grant leaves on the integration (expiry times in settings, tokens sealed by the caller). */
export function grantRecord(grant: AccessGrant): {
  credentials: Record<string, string>;
  settings: Record<string, unknown>;
  drop: string[][];
} {
  const credentials: Record<string, string> = {
    access_token: grant.accessToken,
    ...(grant.refreshToken ? { refresh_token: grant.refreshToken } : {}),
  };
  const settings: Record<string, unknown> = {
    ...(grant.expiresAt ? { access_token_expires_at: grant.expiresAt.toISOString() } : {}),
    ...(grant.refreshTokenExpiresAt ? { refresh_token_expires_at: grant.refreshTokenExpiresAt.toISOString() } : {}),
  };
  const drop = [
    ...(grant.refreshToken ? [] : [['credentials', 'refresh_token'], ['refresh_token_expires_at']]),
    ...(grant.expiresAt ? [] : [['access_token_expires_at']]),
  ];
  return { credentials, settings, drop };
}

/** An access token is refreshed this long before Shopify says it expires. */
export const TOKEN_REFRESH_MARGIN_MS = 5 * 60_000;

const expiresSoon = (settings: BrandIntegration['settings'], now: number): boolean => {
  const at = Date.parse(String((settings as Record<string, unknown>).access_token_expires_at ?? ''));
  return Number.isFinite(at) && at - now < TOKEN_REFRESH_MARGIN_MS;
};

/**
 * The integration's access token, refreshed first when it expires within 5 minutes. The refresh
 * runs with the integration row locked, so processes sharing the database refresh once and the
 * others read the new token; the new access and refresh tokens are stored sealed.
 */
export async function shopifyAccessToken(
  ctx: AppContext,
  integration: BrandIntegration,
  now = Date.now(),
): Promise<string> {
  if (!expiresSoon(integration.settings, now) || !integration.settings.credentials?.refresh_token)
    return readCredential(ctx, integration);
  return withTransaction(ctx.db, async (tx) => {
    const current = await lockBrandIntegration(tx, integration.id);
    if (!current) throw new AppError('not_found', 'Brand integration not found', { code: 'integration_not_found' });
    const refreshToken = current.settings.credentials?.refresh_token;
    if (!expiresSoon(current.settings, now) || !refreshToken) return readCredential(ctx, current);
    const key = (await ctx.secrets()).encryptionKey;
    const grant = await refreshAccessToken({
      config: ctx.config,
      shop: current.lookup_id!,
      refreshToken: decryptSecret(refreshToken, key),
    });
    const record = grantRecord(grant);
    for (const [name, value] of Object.entries(record.credentials))
      await setSealedCredential(tx, current.id, name, encryptSecret(value, key));
    await patchSettings(tx, current.id, record.settings, record.drop);
    ctx.logger.info(
      { brand_id: current.brand_id, integration_id: current.id, expires_at: grant.expiresAt?.toISOString() },
      'Shopify access token refreshed',
    );
    return grant.accessToken;
  });
}

/** An Admin client for a connected integration (its shop is the lookup id; 'No access token found' without a token). */
export async function shopifyAdminFor(
  ctx: AppContext,
  integration: BrandIntegration,
  retry?: Partial<RetryPolicy>,
): Promise<ShopifyAdminClient> {
  if (!integration.lookup_id)
    throw new AppError('invalid_input', 'No integration lookup id found', { code: 'no_lookup_id' });
  const accessToken = await shopifyAccessToken(ctx, integration);
  return createShopifyAdminClient({
    config: ctx.config,
    logger: ctx.logger.child({ brand_id: integration.brand_id }),
    shop: integration.lookup_id,
    accessToken,
    retry,
  });
}
