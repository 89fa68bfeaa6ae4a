/**
 * The Shopify HTTP client, on the shared HTTP client: the Admin GraphQL transport
 * (`POST {origin}/admin/api/{version}/graphql.json` with `X-Shopify-Access-Token`) and the OAuth
 * token exchange. THROTTLED answers and 429s are retried after the wait Shopify asks for
 * (Retry-After, else the bucket's refill time), 5xx and network failures with backoff, each kind
 * with its own budget; a 401 is 'Authentication error'. The access token never appears in errors
 * or logs.
 */
import { z } from 'zod';
import { AppError, decryptSecret, encryptSecret, type AppContext, type Config, type Logger } from '../../app/index.ts';
import { withTransaction } from '../../db/index.ts';
import { createHttpClient, HttpNetworkError, type HttpResponse } from '../../http/index.ts';
import { readCredential } from '../integrations/service.ts';
import {
  lockBrandIntegration,
  patchSettings,
  setSealedCredential,
  type BrandIntegration,
} from '../integrations/store.ts';
import { adminOrigin, AUTHENTICATION_ERROR_MESSAGE } from './rules.ts';

export interface ThrottleStatus {
  maximumAvailable: number;
  currentlyAvailable: number;
  restoreRate: number;
}

export interface QueryCost {
  requestedQueryCost: number;
  actualQueryCost: number | null;
  throttleStatus: ThrottleStatus;
}

export interface RetryPolicy {
  /** Retries after THROTTLED / 429 answers. */
  throttleRetries: number;
  /** Retries after 5xx answers and network failures. */
  serverRetries: number;
  /** First backoff for 5xx / network; doubles each time. */
  baseDelayMs: number;
  /** Longest single wait, whatever Shopify asks. */
  maxWaitMs: number;
  timeoutMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  throttleRetries: 5,
  serverRetries: 3,
  baseDelayMs: 250,
  maxWaitMs: 60_000,
  timeoutMs: 10_000,
};

export interface ShopifyAdminClient {
  readonly shop: string;
  /** The Admin API version it speaks (SHOPIFY_API_VERSION); documents whose fields changed follow it. */
  readonly apiVersion: string;
  /** Runs one GraphQL document; resolves to `data`, throws AppError otherwise. */
  request<T>(query: string, variables?: Record<string, unknown>): Promise<T>;
}

export interface AdminClientOptions {
  config: Pick<Config, 'SHOPIFY_API_VERSION' | 'SHOPIFY_ADMIN_BASE_URL'>;
  logger?: Logger;
  shop: string;
  accessToken: string;
  retry?: Partial<RetryPolicy>;
}

const throttleSchema = z.object({
  maximumAvailable: z.number(),
  currentlyAvailable: z.number(),
  restoreRate: z.number(),
});
const costSchema = z.object({
  requestedQueryCost: z.number(),
  actualQueryCost: z.number().nullable().optional(),
  throttleStatus: throttleSchema,
});
const envelopeSchema = z.object({
  data: z.unknown().optional(),
  errors: z
    .union([
      z.string(),
      z.array(
        z
          .object({ message: z.string(), extensions: z.object({ code: z.string().optional() }).loose().optional() })
          .loose(),
      ),
      z.record(z.string(), z.unknown()),
    ])
    .optional(),
  extensions: z.object({ cost: costSchema.optional() }).loose().optional(),
});
type Envelope = z.infer<typeof envelopeSchema>;

/** How long until the bucket holds the requested cost: (requested - available) / restoreRate seconds. */
export function throttleWaitMs(
  cost: Pick<QueryCost, 'requestedQueryCost' | 'throttleStatus'> | undefined,
): number | undefined {
  if (!cost || cost.throttleStatus.restoreRate <= 0) return undefined;
  const missing = cost.requestedQueryCost - cost.throttleStatus.currentlyAvailable;
  return missing > 0 ? Math.ceil((missing / cost.throttleStatus.restoreRate) * 1000) : undefined;
}

const operationName = (query: string): string => /^\s*(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? 'anonymous';

const errorCodes = (envelope: Envelope): string[] =>
  Array.isArray(envelope.errors) ? envelope.errors.map((error) => error.extensions?.code ?? '').filter(Boolean) : [];

const errorMessages = (envelope: Envelope): string => {
  const { errors } = envelope;
  if (typeof errors === 'string') return errors;
  if (Array.isArray(errors)) return errors.map((error) => error.message).join('; ');
  return errors ? JSON.stringify(errors).slice(0, 300) : 'no data';
};

const httpError = (shop: string, status: number): AppError =>
  status === 401
    ? new AppError('unauthorized', AUTHENTICATION_ERROR_MESSAGE, {
        code: 'shopify_unauthorized',
        details: { shop, status },
      })
    : new AppError('upstream', `Shopify answered HTTP ${status} for ${shop}`, {
        code: 'shopify_http',
        details: { shop, status },
      });

function readEnvelope(response: HttpResponse): Envelope | undefined {
  const parsed = envelopeSchema.safeParse(response.json());
  return parsed.success ? parsed.data : undefined;
}

/** A 200 whose GraphQL errors say THROTTLED: Shopify's rate limit for the query cost. */
const isThrottled = (response: HttpResponse): boolean => {
  if (!response.ok) return false;
  const envelope = readEnvelope(response);
  return envelope !== undefined && errorCodes(envelope).includes('THROTTLED');
};

const graphqlPath = (config: AdminClientOptions['config']): string =>
  `/admin/api/${config.SHOPIFY_API_VERSION}/graphql.json`;

export function graphqlEndpoint(config: AdminClientOptions['config'], shop: string): string {
  return `${adminOrigin(shop, config.SHOPIFY_ADMIN_BASE_URL)}${graphqlPath(config)}`;
}

export function createShopifyAdminClient({
  config,
  logger,
  shop,
  accessToken,
  retry = {},
}: AdminClientOptions): ShopifyAdminClient {
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...retry };
  const log = logger?.child({ component: 'shopify', shop });
  const http = createHttpClient({
    service: 'shopify',
    baseUrl: adminOrigin(shop, config.SHOPIFY_ADMIN_BASE_URL),
    logger: log,
    headers: { Accept: 'application/json', 'X-Shopify-Access-Token': accessToken },
    timeoutMs: policy.timeoutMs,
    retries: policy.serverRetries,
    rateLimitRetries: policy.throttleRetries,
    backoff: { baseMs: policy.baseDelayMs, maxMs: policy.maxWaitMs },
    retryAfterCapMs: policy.maxWaitMs,
    isRateLimited: isThrottled,
    // Rate limited: Retry-After, else until the bucket holds the query's cost, else 1 s.
    retryWait: (response) =>
      response.retryAfterMs ??
      (response.status === 429 || isThrottled(response)
        ? (throttleWaitMs(readEnvelope(response)?.extensions?.cost) ?? 1000)
        : undefined),
  });
  const path = graphqlPath(config);

  async function request<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const operation = operationName(query);
    let response: HttpResponse;
    try {
      response = await http.request({ method: 'POST', path, json: { query, variables }, operation });
    } catch (error) {
      if (!(error instanceof HttpNetworkError)) throw error;
      const reason = error.timedOut ? `timed out after ${policy.timeoutMs} ms` : 'network failure';
      throw new AppError('upstream', `Shopify could not be reached for ${shop} (${reason})`, {
        code: 'shopify_network',
        details: { shop },
      });
    }
    if (!response.ok) throw httpError(shop, response.status);

    const envelope = readEnvelope(response);
    if (!envelope)
      throw new AppError('upstream', `Shopify answered ${operation} with something that is not GraphQL JSON`, {
        code: 'shopify_bad_response',
        details: { shop },
      });
    const cost = envelope.extensions?.cost as QueryCost | undefined;
    if (errorCodes(envelope).includes('THROTTLED'))
      throw new AppError('upstream', `Shopify kept throttling ${operation} for ${shop}`, {
        code: 'shopify_throttled',
        details: { shop, status: 429 },
      });
    if (envelope.errors && (envelope.data === undefined || envelope.data === null)) {
      throw new AppError('upstream', `Shopify GraphQL error in ${operation}: ${errorMessages(envelope)}`, {
        code: 'shopify_graphql',
        details: { shop, codes: errorCodes(envelope) },
      });
    }
    log?.debug(
      {
        operation,
        cost: cost?.actualQueryCost ?? cost?.requestedQueryCost,
        available: cost?.throttleStatus.currentlyAvailable,
      },
      'Shopify GraphQL answered',
    );
    return envelope.data as T;
  }

  return { shop, apiVersion: config.SHOPIFY_API_VERSION, request };
}

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
