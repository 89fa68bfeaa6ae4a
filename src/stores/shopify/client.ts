/**
 * The Shopify HTTP client, on the shared HTTP client: the Admin GraphQL transport
 * (`POST {origin}/admin/api/{version}/graphql.json` with `X-Shopify-Access-Token`). THROTTLED
 * answers and 429s are retried after the wait Shopify asks for (Retry-After, else the bucket's
 * refill time), 5xx and network failures with backoff, each kind with its own budget; a 401 is
 * 'Authentication error'. The access token never appears in errors or logs. The OAuth token
 * exchange and refresh are in access-token.ts.
 */
import { z } from 'zod';
import { AppError, type Config, type Logger } from '../../app/index.ts';
import { createHttpClient, HttpNetworkError, type HttpResponse } from '../../http/index.ts';
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

/** A non-2xx answer: 401 is 'Authentication error', anything else an upstream HTTP error. */
export const httpError = (shop: string, status: number): AppError =>
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
    // A field the installation lacks the scope for: Shopify answers ACCESS_DENIED (and a null field).
    if (errorCodes(envelope).includes('ACCESS_DENIED'))
      throw new AppError(
        'forbidden',
        `Shopify denied ${operation} for ${shop}: ${errorMessages(envelope)} Reinstall the app to grant the missing scope.`,
        { code: 'shopify_access_denied', details: { shop } },
      );
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
