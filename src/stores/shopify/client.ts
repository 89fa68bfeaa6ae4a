/**
 * The Shopify HTTP client: the Admin GraphQL transport (`POST {origin}/admin/api/{version}/graphql.json`
 * with `X-Shopify-Access-Token`) and the OAuth token exchange. Retries THROTTLED answers and 429s
 * after the wait Shopify asks for, 5xx and network failures with backoff; a 401 is
 * 'Authentication error'. The access token never appears in errors or logs.
 */
import { z } from 'zod';
import { AppError, type AppContext, type Config, type Logger } from '../../app/index.ts';
import { readCredential, type BrandIntegration } from '../integrations.ts';
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

export const DEFAULT_RETRY_POLICY: RetryPolicy = { throttleRetries: 5, serverRetries: 3, baseDelayMs: 250, maxWaitMs: 60_000, timeoutMs: 10_000 };

export interface ShopifyAdminClient {
  readonly shop: string;
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

const throttleSchema = z.object({ maximumAvailable: z.number(), currentlyAvailable: z.number(), restoreRate: z.number() });
const costSchema = z.object({ requestedQueryCost: z.number(), actualQueryCost: z.number().nullable().optional(), throttleStatus: throttleSchema });
const envelopeSchema = z.object({
  data: z.unknown().optional(),
  errors: z.union([z.string(), z.array(z.object({ message: z.string(), extensions: z.object({ code: z.string().optional() }).loose().optional() }).loose()), z.record(z.string(), z.unknown())]).optional(),
  extensions: z.object({ cost: costSchema.optional() }).loose().optional(),
});
type Envelope = z.infer<typeof envelopeSchema>;

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds from a Retry-After header (seconds or an HTTP date), in ms; undefined when absent or bad. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** How long until the bucket holds the requested cost: (requested - available) / restoreRate seconds. */
export function throttleWaitMs(cost: Pick<QueryCost, 'requestedQueryCost' | 'throttleStatus'> | undefined): number | undefined {
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
    ? new AppError('unauthorized', AUTHENTICATION_ERROR_MESSAGE, { code: 'shopify_unauthorized', details: { shop, status } })
    : new AppError('upstream', `Shopify answered HTTP ${status} for ${shop}`, { code: 'shopify_http', details: { shop, status } });

async function readEnvelope(response: Response): Promise<Envelope | undefined> {
  try {
    const parsed = envelopeSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function graphqlEndpoint(config: AdminClientOptions['config'], shop: string): string {
  return `${adminOrigin(shop, config.SHOPIFY_ADMIN_BASE_URL)}/admin/api/${config.SHOPIFY_API_VERSION}/graphql.json`;
}

export function createShopifyAdminClient({ config, logger, shop, accessToken, retry = {} }: AdminClientOptions): ShopifyAdminClient {
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...retry };
  const url = graphqlEndpoint(config, shop);
  const log = logger?.child({ component: 'shopify', shop });

  async function request<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const operation = operationName(query);
    let throttled = 0;
    let failed = 0;
    const backoff = (): number => Math.min(policy.maxWaitMs, policy.baseDelayMs * 2 ** (failed - 1));
    for (;;) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-Shopify-Access-Token': accessToken },
          body: JSON.stringify({ query, variables }),
          signal: AbortSignal.timeout(policy.timeoutMs),
        });
      } catch (error) {
        failed += 1;
        const reason = (error as Error).name === 'TimeoutError' ? `timed out after ${policy.timeoutMs} ms` : 'network failure';
        if (failed > policy.serverRetries) throw new AppError('upstream', `Shopify could not be reached for ${shop} (${reason})`, { code: 'shopify_network', details: { shop } });
        log?.warn({ operation, attempt: failed, reason }, 'Shopify request failed; retrying');
        await sleep(backoff());
        continue;
      }

      if (response.status === 429) {
        const body = await readEnvelope(response);
        throttled += 1;
        if (throttled > policy.throttleRetries) throw httpError(shop, 429);
        const wait = retryAfterMs(response.headers.get('retry-after')) ?? throttleWaitMs(body?.extensions?.cost) ?? 1000;
        log?.info({ operation, attempt: throttled, wait_ms: wait }, 'Shopify rate limit (429); waiting');
        await sleep(Math.min(policy.maxWaitMs, wait));
        continue;
      }
      if (response.status >= 500) {
        await response.body?.cancel();
        failed += 1;
        if (failed > policy.serverRetries) throw httpError(shop, response.status);
        const wait = retryAfterMs(response.headers.get('retry-after')) ?? backoff();
        log?.warn({ operation, attempt: failed, status: response.status }, 'Shopify server error; retrying');
        await sleep(Math.min(policy.maxWaitMs, wait));
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw httpError(shop, response.status);
      }

      const envelope = await readEnvelope(response);
      if (!envelope) throw new AppError('upstream', `Shopify answered ${operation} with something that is not GraphQL JSON`, { code: 'shopify_bad_response', details: { shop } });
      const cost = envelope.extensions?.cost as QueryCost | undefined;
      if (errorCodes(envelope).includes('THROTTLED')) {
        throttled += 1;
        if (throttled > policy.throttleRetries) throw new AppError('upstream', `Shopify kept throttling ${operation} for ${shop}`, { code: 'shopify_throttled', details: { shop, status: 429 } });
        const wait = throttleWaitMs(cost) ?? 1000;
        log?.info({ operation, attempt: throttled, wait_ms: wait }, 'Shopify GraphQL THROTTLED; waiting');
        await sleep(Math.min(policy.maxWaitMs, wait));
        continue;
      }
      if (envelope.errors && (envelope.data === undefined || envelope.data === null)) {
        throw new AppError('upstream', `Shopify GraphQL error in ${operation}: ${errorMessages(envelope)}`, { code: 'shopify_graphql', details: { shop, codes: errorCodes(envelope) } });
      }
      log?.debug({ operation, cost: cost?.actualQueryCost ?? cost?.requestedQueryCost, available: cost?.throttleStatus.currentlyAvailable }, 'Shopify GraphQL answered');
      return envelope.data as T;
    }
  }

  return { shop, request };
}

const tokenSchema = z.object({ access_token: z.string().min(1), scope: z.string().default('') });

export interface AccessGrant {
  accessToken: string;
  /** Scopes granted, as Shopify lists them. */
  scopes: string[];
}

/** POST {origin}/admin/oauth/access_token with the app credentials and the one-time code. */
export async function exchangeAccessToken({ config, shop, code, timeoutMs = DEFAULT_RETRY_POLICY.timeoutMs }: { config: Pick<Config, 'SHOPIFY_API_KEY' | 'SHOPIFY_API_SECRET' | 'SHOPIFY_ADMIN_BASE_URL'>; shop: string; code: string; timeoutMs?: number }): Promise<AccessGrant> {
  const url = `${adminOrigin(shop, config.SHOPIFY_ADMIN_BASE_URL)}/admin/oauth/access_token`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ client_id: config.SHOPIFY_API_KEY, client_secret: config.SHOPIFY_API_SECRET, code }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    throw new AppError('upstream', `Shopify could not be reached for ${shop} to finish the install; please try again.`, { code: 'shopify_network', details: { shop } });
  }
  if (response.status === 400 || response.status === 401 || response.status === 403) {
    await response.body?.cancel();
    throw new AppError('unauthorized', 'Shopify refused the authorization code; please install the app again.', { code: 'shopify_code_refused', details: { shop, status: response.status } });
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw httpError(shop, response.status);
  }
  const parsed = tokenSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new AppError('upstream', 'Shopify answered the token exchange without an access token.', { code: 'shopify_bad_response', details: { shop } });
  return { accessToken: parsed.data.access_token, scopes: parsed.data.scope.split(',').map((scope) => scope.trim()).filter(Boolean) };
}

/** An Admin client for a connected integration (its shop is the lookup id; 'No access token found' without a token). */
export async function shopifyAdminFor(ctx: AppContext, integration: BrandIntegration, retry?: Partial<RetryPolicy>): Promise<ShopifyAdminClient> {
  if (!integration.lookup_id) throw new AppError('invalid_input', 'No integration lookup id found', { code: 'no_lookup_id' });
  const accessToken = await readCredential(ctx, integration);
  return createShopifyAdminClient({ config: ctx.config, logger: ctx.logger.child({ brand_id: integration.brand_id }), shop: integration.lookup_id, accessToken, retry });
}
