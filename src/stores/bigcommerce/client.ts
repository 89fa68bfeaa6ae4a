/**
 * BigCommerce REST client (v3, with v2 for orders, customer groups, coupons and store info; the
 * v2 customer endpoints are deprecated, so customers are read through v3) and the OAuth token
 * exchange, on the shared HTTP client. 429, 5xx and network failures are retried, waiting what
 * X-Rate-Limit-Time-Reset-Ms says (BigCommerce's quota window is 30 s), else Retry-After or the
 * older X-Retry-After. Tokens never appear in errors or logs.
 */
import { z } from 'zod';
import { AppError, type Logger } from '../../app/index.ts';
import {
  createHttpClient,
  HttpNetworkError,
  realSleep,
  retryAfterMs,
  type HttpClient,
  type HttpMethod,
  type HttpResponse,
  type Sleep,
} from '../../http/index.ts';

export { realSleep, type Sleep };

import {
  opt,
  paginated,
  single,
  cartSchema,
  checkoutSchema,
  couponSchema,
  customerGroupSchema,
  customerSchema,
  hookSchema,
  orderSchema,
  productSchema,
  variantSchema,
  categorySchema,
  scriptSchema,
  redirectUrlsSchema,
  storeInfoSchema,
  subscriberSchema,
} from './schemas.ts';
export * from './schemas.ts';

const TIMEOUT_MS = 15_000;
/** BigCommerce refreshes an app's request quota every 30 s: a 429 never needs a longer wait. */
const MAX_WAIT_MS = 30_000;

/**
 * A failed BigCommerce call: status is the HTTP status, undefined for a network failure; detail is
 * what BigCommerce said (a v3 body's `title`, a v2 body's first `message`), for logs.
 */
export class BigCommerceApiError extends AppError {
  readonly status: number | undefined;
  readonly detail: string | undefined;
  constructor(status: number | undefined, message: string, cause?: unknown, detail?: string) {
    super('upstream', message, {
      code: status === undefined ? 'bigcommerce_network' : `bigcommerce_${status}`,
      details: { status, ...(detail ? { detail } : {}) },
      cause,
    });
    this.name = 'BigCommerceApiError';
    this.status = status;
    this.detail = detail;
  }
}

/**
 * The reason in an error body: v3 answers `{status, title, type, errors}`, v2 answers an array of
 * `{status, message}`, the login service `{error, error_description}`.
 */
export function errorDetail(text: string): string | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const first = Array.isArray(body) ? body[0] : body;
  if (!first || typeof first !== 'object') return undefined;
  const { title, message, error_description: description, error } = first as Record<string, unknown>;
  const reason = [title, message, description, error].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  return reason?.slice(0, 300);
}

export const isNotFound = (error: unknown): boolean => error instanceof BigCommerceApiError && error.status === 404;

interface RequestOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Retries on 429, 5xx and network failures (default 2). */
  retries?: number;
  /** Per attempt (default 15 s). */
  timeoutMs?: number;
}

export interface ClientConfig {
  apiBaseUrl: string;
  storeHash: string;
  accessToken: string;
  logger?: Logger;
  sleep?: Sleep;
}

/**
 * The wait BigCommerce asks for before a retry: its quota reset (X-Rate-Limit-Time-Reset-Ms, in ms)
 * first, then Retry-After, then the older X-Retry-After; undefined leaves it to the backoff.
 */
export function rateLimitWait(response: HttpResponse): number | undefined {
  const reset = Number(response.header('x-rate-limit-time-reset-ms') ?? Number.NaN);
  if (Number.isFinite(reset) && reset > 0) return reset;
  return response.retryAfterMs ?? retryAfterMs(response.header('x-retry-after'));
}

function parseBody<S extends z.ZodType>(response: HttpResponse, schema: S, label: string): z.infer<S> | undefined {
  const text = response.body;
  if (response.status === 204 || text.trim() === '') return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new BigCommerceApiError(
      response.status,
      `BigCommerce answered ${label} with a body that is not JSON.`,
      error,
    );
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    throw new BigCommerceApiError(response.status, `Unexpected response from BigCommerce for ${label}.`, parsed.error);
  return parsed.data;
}

/** One call through `http`: the answer, or BigCommerceApiError(undefined) when BigCommerce could not be reached. */
async function send(http: HttpClient, label: string, request: Parameters<HttpClient['request']>[0]) {
  try {
    return await http.request(request);
  } catch (error) {
    if (error instanceof HttpNetworkError)
      throw new BigCommerceApiError(undefined, `BigCommerce ${label} could not be reached.`, error);
    throw error;
  }
}

/** One store's API. Every method throws BigCommerceApiError on failure (404 included; see isNotFound). */
export function bigcommerceClient({ apiBaseUrl, storeHash, accessToken, logger, sleep = realSleep }: ClientConfig) {
  const http = createHttpClient({
    service: 'bigcommerce',
    baseUrl: `${apiBaseUrl.replace(/\/+$/, '')}/stores/${encodeURIComponent(storeHash)}`,
    logger,
    headers: { 'X-Auth-Token': accessToken, Accept: 'application/json' },
    timeoutMs: TIMEOUT_MS,
    retries: 2,
    backoff: { baseMs: 500, maxMs: MAX_WAIT_MS },
    retryAfterCapMs: MAX_WAIT_MS,
    retryWait: rateLimitWait,
    sleep,
  });

  async function call<S extends z.ZodType>(
    method: HttpMethod,
    path: string,
    schema: S,
    { query, body, retries, timeoutMs }: RequestOptions = {},
  ): Promise<z.infer<S> | undefined> {
    const label = `${method} ${path}`;
    const response = await send(http, label, { method, path, query, json: body, retries, timeoutMs });
    if (response.ok) return parseBody(response, schema, label);
    throw new BigCommerceApiError(
      response.status,
      `BigCommerce ${label} failed with status ${response.status}.`,
      undefined,
      errorDetail(response.body),
    );
  }

  const ignore = z.unknown();
  type Query = Record<string, string | number | undefined>;
  /** One page of a v3 list: its items and where it is in the whole (meta.pagination). */
  async function listPage<S extends z.ZodType>(path: string, item: S, query: Query) {
    const result = await call('GET', path, paginated(item), { query });
    if (!result) throw new BigCommerceApiError(200, `BigCommerce answered GET ${path} with no body.`);
    const pagination = result.meta?.pagination;
    return {
      items: result.data as z.infer<S>[],
      page: pagination?.current_page ?? Number(query.page ?? 1),
      totalPages: pagination?.total_pages ?? 1,
      total: pagination?.total ?? result.data.length,
    };
  }
  const scriptPath = (uuid: string) => `/v3/content/scripts/${encodeURIComponent(uuid)}`;
  return {
    storeHash,
    getCart: async (cartId: string) =>
      (
        await call('GET', `/v3/carts/${encodeURIComponent(cartId)}`, single(cartSchema), {
          query: { include: 'redirect_urls,line_items.physical_items.options,line_items.digital_items.options' },
        })
      )?.data,
    /** POST /v3/carts/{id}/redirect_urls: new single-use URLs for a cart (no retries: a shopper is waiting). */
    createRedirectUrls: async (cartId: string) =>
      (
        await call('POST', `/v3/carts/${encodeURIComponent(cartId)}/redirect_urls`, single(redirectUrlsSchema), {
          retries: 0,
          timeoutMs: 3_000,
        })
      )?.data,
    createCart: async (body: Record<string, unknown>) =>
      (await call('POST', '/v3/carts', single(cartSchema), { query: { include: 'redirect_urls' }, body }))?.data,
    getCheckout: async (checkoutId: string) =>
      (await call('GET', `/v3/checkouts/${encodeURIComponent(checkoutId)}`, single(checkoutSchema)))?.data,
    getOrder: (orderId: string) => call('GET', `/v2/orders/${encodeURIComponent(orderId)}`, orderSchema),
    getOrderCoupons: async (orderId: string) =>
      (await call(
        'GET',
        `/v2/orders/${encodeURIComponent(orderId)}/coupons`,
        z.array(z.looseObject({ code: opt(z.string()) })),
      )) ?? [],
    countOrders: async (email: string) =>
      (await call('GET', '/v2/orders/count', z.looseObject({ count: z.number() }), { query: { email } }))?.count ?? 0,
    /** GET /v3/customers?id:in={id}: the customer, or undefined when there is none. */
    getCustomer: async (customerId: number | string) =>
      (await call('GET', '/v3/customers', paginated(customerSchema), { query: { 'id:in': String(customerId) } }))
        ?.data[0],
    findCustomersByEmail: async (email: string) =>
      (
        await call('GET', '/v3/customers', paginated(customerSchema), {
          query: { 'email:in': email.trim().toLowerCase() },
        })
      )?.data ?? [],
    getCustomerGroup: (groupId: number | string) =>
      call('GET', `/v2/customer_groups/${encodeURIComponent(String(groupId))}`, customerGroupSchema),
    findSubscribers: async (email: string) =>
      (await call('GET', '/v3/customers/subscribers', paginated(subscriberSchema), { query: { email } }))?.data ?? [],
    getStore: () => call('GET', '/v2/store', storeInfoSchema),
    /** GET /v3/catalog/products: a page of products (keyword searches name, SKU and description). */
    listProducts: (query: { page: number; limit: number; keyword?: string }) =>
      listPage('/v3/catalog/products', productSchema, { ...query, sort: 'name', direction: 'asc' }),
    /** GET /v3/catalog/variants?product_id:in=…: a page of the variants of these products. */
    listVariants: (productIds: number[], query: { page: number; limit: number }) =>
      listPage('/v3/catalog/variants', variantSchema, { 'product_id:in': productIds.join(','), ...query }),
    /** GET /v3/catalog/trees/categories?category_id:in=…: a page of these categories (every tree). */
    listCategories: (categoryIds: number[], query: { page: number; limit: number }) =>
      listPage('/v3/catalog/trees/categories', categorySchema, { 'category_id:in': categoryIds.join(','), ...query }),
    /** GET /v2/orders?email&limit&sort: the newest orders of an e-mail ([] when v2 answers 204). */
    listOrders: async ({ email, limit, sort = 'date_created:desc' }: { email: string; limit: number; sort?: string }) =>
      (await call('GET', '/v2/orders', z.array(orderSchema), { query: { email, limit, sort } })) ?? [],
    /** GET /v3/content/scripts: a page of the scripts this app's token created. */
    listScriptsPage: (page: number) => listPage('/v3/content/scripts', scriptSchema, { page, limit: 100 }),
    createScript: async (body: Record<string, unknown>) =>
      (await call('POST', '/v3/content/scripts', single(scriptSchema), { body }))?.data,
    updateScript: async (uuid: string, body: Record<string, unknown>) =>
      (await call('PUT', scriptPath(uuid), single(scriptSchema), { body }))?.data,
    deleteScript: async (uuid: string) => void (await call('DELETE', scriptPath(uuid), ignore)),
    createCoupon: (body: Record<string, unknown>) => call('POST', '/v2/coupons', couponSchema, { body }),
    /** One page of hooks (100 a page, spec 2 section 9). */
    listHooksPage: async (page: number, retries?: number) => {
      const result = await call('GET', '/v3/hooks', paginated(hookSchema), { query: { page, limit: 100 }, retries });
      return { hooks: result?.data ?? [], totalPages: result?.meta?.pagination?.total_pages ?? 1 };
    },
    createHook: async (
      body: { scope: string; destination: string; is_active: boolean; headers: Record<string, string> },
      retries?: number,
    ) => (await call('POST', '/v3/hooks', single(hookSchema), { body, retries }))?.data,
    deleteHook: async (hookId: number, retries?: number) =>
      void (await call('DELETE', `/v3/hooks/${hookId}`, ignore, { retries })),
  };
}

export type BigCommerceClient = ReturnType<typeof bigcommerceClient>;

const tokenPerson = z.looseObject({ id: opt(z.number()), username: opt(z.string()), email: opt(z.string()) });
/** The login service's answer: the token, its scopes, the installing user, the store owner and the store. */
export const tokenResponseSchema = z.looseObject({
  access_token: opt(z.string()),
  scope: opt(z.string()),
  user: opt(tokenPerson),
  owner: opt(tokenPerson),
  context: opt(z.string()),
  account_uuid: opt(z.string()),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** POST {login}/oauth2/token: trades an install's temporary code for the store's permanent token. */
export async function exchangeToken(
  loginBaseUrl: string,
  body: {
    client_id: string;
    client_secret: string;
    code: string;
    scope: string;
    context: string;
    redirect_uri: string;
  },
): Promise<TokenResponse> {
  const label = 'POST /oauth2/token';
  const http = createHttpClient({
    service: 'bigcommerce-login',
    baseUrl: loginBaseUrl,
    headers: { Accept: 'application/json' },
    timeoutMs: TIMEOUT_MS,
    retries: 0,
  });
  const response = await send(http, label, {
    method: 'POST',
    path: '/oauth2/token',
    json: { ...body, grant_type: 'authorization_code' },
  });
  if (!response.ok) {
    throw new BigCommerceApiError(
      response.status,
      `BigCommerce refused the install code (status ${response.status}); please install the app again.`,
      undefined,
      errorDetail(response.body),
    );
  }
  return parseBody(response, tokenResponseSchema, label) ?? {};
}
