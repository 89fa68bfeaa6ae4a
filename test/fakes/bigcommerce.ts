/**
 * A fake BigCommerce on 127.0.0.1 speaking the real wire format, as BigCommerce documents it
 * (developer.bigcommerce.com and its OpenAPI files): the login service's POST /oauth2/token (JSON
 * body, answer with user, owner, context and account_uuid), and the REST API under
 * /stores/{hash}/v3 and /v2 with X-Auth-Token. v3 bodies are wrapped in { data, meta } and v3
 * errors are { status, title, type }; v2 bodies are bare, v2 errors an array of { status, message },
 * empty v2 lists answer 204. Customers are served by v3 only (the v2 customer endpoints are
 * deprecated). Hooks it holds produce the deliveries BigCommerce would POST: the thin payload
 * { scope, store_id, data, hash, created_at, producer }, the hook's custom headers and the
 * Standard Webhooks signature headers. Tests seed state and inject failures (429s with the
 * X-Rate-Limit-* headers too).
 */
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';

type Json = Record<string, unknown>;

export interface FakeHook {
  id: number;
  client_id: string;
  store_hash: string;
  scope: string;
  destination: string;
  is_active: boolean;
  headers: Record<string, string> | null;
  created_at: number;
  updated_at: number;
}

export interface FakeStore {
  hash: string;
  token: string;
  info: Json;
  carts: Map<string, Json>;
  checkouts: Map<string, Json>;
  orders: Map<string, Json>;
  orderCoupons: Map<string, Json[]>;
  customers: Map<string, Json>;
  customerGroups: Map<string, Json>;
  subscribers: Json[];
  hooks: FakeHook[];
  coupons: Json[];
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown;
}

const COUPON_TYPES = [
  'per_item_discount',
  'per_total_discount',
  'shipping_discount',
  'free_shipping',
  'percentage_discount',
  'promotion',
];

export interface FakeBigCommerce {
  url: string;
  clientId: string;
  clientSecret: string;
  requests: RecordedRequest[];
  store(hash: string): FakeStore;
  /** A store BigCommerce knows, with an install code that the token exchange accepts. */
  addStore(hash: string, info?: Json): { store: FakeStore; code: string };
  /**
   * The next `times` requests whose path contains `pathPart` (and method, if given) answer `status`
   * with BigCommerce's error body for that API version, and `headers` (e.g. the rate-limit ones).
   */
  failNext(pathPart: string, status: number, times?: number, method?: string, headers?: Record<string, string>): void;
  /** Drops every injected failure not used yet. */
  clearFailures(): void;
  /**
   * The request BigCommerce would POST to a hook of this scope: destination, headers (the hook's
   * custom ones and the Standard Webhooks `webhook-id` / `webhook-timestamp` / `webhook-signature`)
   * and the body, whose `hash` identifies the event.
   */
  delivery(
    hash: string,
    scope: string,
    data: Json,
    createdAt?: number,
  ): { destination: string; headers: Record<string, string>; body: Json };
  /** A signed_payload_jwt as BigCommerce signs it for the load / uninstall / remove_user callbacks. */
  signedPayload(
    hash: string,
    overrides?: { secret?: string; aud?: string; iss?: string; sub?: string; expiresIn?: string | number },
  ): Promise<string>;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const send = (response: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}): void => {
  response.writeHead(status, body === undefined ? headers : { 'Content-Type': 'application/json', ...headers });
  response.end(body === undefined ? undefined : JSON.stringify(body));
};
const STATUS_TYPE = 'https://developer.bigcommerce.com/api-docs/getting-started/api-status-codes';
const v3Error = (status: number, title: string, errors?: Json) => ({
  status,
  title,
  type: STATUS_TYPE,
  ...(errors ? { errors } : {}),
});
const v3NotFound = (title: string) => v3Error(404, title);

/** A v3 cart as BigCommerce answers it (without redirect_urls, which come only when asked for). */
export function cartResource(c: {
  id: string;
  customerId?: unknown;
  channelId?: unknown;
  email?: string;
  currency: unknown;
  amount: number;
  physicalItems: Json[];
  createdTime: string;
  updatedTime: string;
  locale?: unknown;
  version: number;
}): Json {
  return {
    id: c.id,
    customer_id: c.customerId ?? 0,
    channel_id: c.channelId ?? 1,
    email: c.email ?? '',
    currency: { code: c.currency },
    tax_included: false,
    base_amount: c.amount,
    discount_amount: 0,
    manual_discount_amount: 0,
    cart_amount: c.amount,
    coupons: [],
    discounts: [],
    line_items: { physical_items: c.physicalItems, digital_items: [], gift_certificates: [], custom_items: [] },
    created_time: c.createdTime,
    updated_time: c.updatedTime,
    locale: c.locale ?? 'en',
    version: c.version,
  };
}

/** A cart's redirect URLs as BigCommerce words them. */
const redirectUrls = (hash: string, id: string, token: string) => ({
  cart_url: `https://${hash}.example-store.com/cart.php?action=load&id=${id}&token=${token}`,
  checkout_url: `https://${hash}.example-store.com/cart.php?action=loadInCheckout&id=${id}&token=${token}`,
  embedded_checkout_url: `https://${hash}.example-store.com/cart.php?embedded=1&action=loadInCheckout&id=${id}&token=${token}`,
});
const v2Error = (status: number, message: string) => [{ status, message }];
const v2NotFound = v2Error(404, 'The requested resource was not found.');
const scopeMatches = (hookScope: string, scope: string): boolean =>
  hookScope.endsWith('/*') ? scope.startsWith(hookScope.slice(0, -1)) : hookScope === scope;
const pagination = (total: number, count: number, perPage: number, page: number) => ({
  total,
  count,
  per_page: perPage,
  current_page: page,
  total_pages: Math.max(1, Math.ceil(total / perPage)),
  links: {},
});
/** v2 money and percentages come back as strings with four decimals ("5.0000"). */
const decimal4 = (value: unknown): string =>
  Number.isFinite(Number(value)) ? Number(value).toFixed(4) : String(value);
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');
/** The v2 date format (RFC 2822, UTC): "Tue, 13 Mar 2018 16:18:59 +0000". */
export const rfc2822Date = (d: Date): string =>
  `${DAYS[d.getUTCDay()]}, ${two(d.getUTCDate())} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} +0000`;
const RFC2822 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} [+-]\d{4}$/;
/** Coupon codes: letters, numbers, white space, underscores and hyphens, 50 at most. */
const COUPON_CODE = /^[a-zA-Z0-9_ -]{1,50}$/;

export async function startFakeBigCommerce({
  clientId = 'fake-client-id',
  clientSecret = 'fake-client-secret',
} = {}): Promise<FakeBigCommerce> {
  const stores = new Map<string, FakeStore>();
  const codes = new Map<string, string>();
  const failures: {
    pathPart: string;
    status: number;
    times: number;
    method?: string;
    headers?: Record<string, string>;
  }[] = [];
  const requests: RecordedRequest[] = [];
  let nextId = 1000;

  const newStore = (hash: string, info: Json = {}): FakeStore => ({
    hash,
    token: `token-${randomUUID()}`,
    info: {
      id: hash,
      account_uuid: randomUUID(),
      domain: `${hash}.example-store.com`,
      secure_url: `https://${hash}.example-store.com`,
      control_panel_base_url: `https://store-${hash}.mybigcommerce.com`,
      status: 'live',
      name: `Store ${hash}`,
      first_name: 'Olive',
      last_name: 'Owner',
      country: 'United States',
      country_code: 'US',
      phone: '512-555-0100',
      admin_email: `owner@${hash}.example-store.com`,
      order_email: `orders@${hash}.example-store.com`,
      timezone: {
        name: 'America/Chicago',
        raw_offset: -21600,
        dst_offset: -18000,
        dst_correction: true,
        date_format: { display: 'M jS Y', export: 'M jS Y', extended_display: 'M jS Y @ g:i A' },
      },
      language: 'en',
      currency: 'USD',
      currency_symbol: '$',
      plan_name: 'Standard',
      plan_level: 'Standard',
      plan_is_trial: false,
      store_id: 1025646,
      default_channel_id: 1,
      default_site_id: 1000,
      ...info,
    },
    carts: new Map(),
    checkouts: new Map(),
    orders: new Map(),
    orderCoupons: new Map(),
    customers: new Map(),
    customerGroups: new Map(),
    subscribers: [],
    hooks: [],
    coupons: [],
  });

  function tokenExchange(body: Json, response: ServerResponse): void {
    const required = ['client_id', 'client_secret', 'code', 'scope', 'grant_type', 'redirect_uri', 'context'];
    const missing = required.filter((key) => typeof body[key] !== 'string');
    if (missing.length > 0)
      return send(response, 400, { error: 'invalid_request', error_description: `missing ${missing.join(', ')}` });
    if (body.client_id !== clientId || body.client_secret !== clientSecret)
      return send(response, 401, { error: 'invalid_client' });
    if (body.grant_type !== 'authorization_code') return send(response, 400, { error: 'unsupported_grant_type' });
    const hash = codes.get(String(body.code));
    if (!hash || body.context !== `stores/${hash}`)
      return send(response, 400, { error: 'invalid_grant', error_description: 'Invalid code' });
    codes.delete(String(body.code));
    const owner = { id: 12345, username: `owner@${hash}.example-store.com`, email: `owner@${hash}.example-store.com` };
    send(response, 200, {
      access_token: stores.get(hash)!.token,
      scope: body.scope,
      user: { id: 24654, username: `staff@${hash}.example-store.com`, email: `staff@${hash}.example-store.com` },
      owner,
      context: `stores/${hash}`,
      account_uuid: '12345678-90ab-cdef-1234-567890abcdef',
    });
  }

  function api(
    store: FakeStore,
    method: string,
    rest: string,
    query: URLSearchParams,
    body: Json,
    response: ServerResponse,
  ): void {
    let m: RegExpExecArray | null;
    if (method === 'GET' && (m = /^\/v3\/carts\/([^/]+)$/.exec(rest))) {
      const cart = store.carts.get(m[1]!);
      if (!cart) return send(response, 404, v3NotFound('Cart not found'));
      // redirect_urls come back only when asked for with include=redirect_urls.
      const { redirect_urls: redirectUrls, ...fields } = cart;
      const wanted = query.get('include')?.split(',').includes('redirect_urls') && redirectUrls !== undefined;
      return send(response, 200, { data: wanted ? { ...fields, redirect_urls: redirectUrls } : fields, meta: {} });
    }
    if (method === 'POST' && (m = /^\/v3\/carts\/([^/]+)\/redirect_urls$/.exec(rest))) {
      // Each call mints URLs with a new token; BigCommerce's work once.
      const id = m[1]!;
      if (!store.carts.has(id)) return send(response, 404, v3NotFound('Cart not found'));
      return send(response, 201, { data: redirectUrls(store.hash, id, randomUUID().replaceAll('-', '')), meta: {} });
    }
    if (method === 'POST' && rest === '/v3/carts') {
      const lineItems = Array.isArray(body.line_items) ? (body.line_items as Json[]) : [];
      if (lineItems.length === 0)
        return send(response, 422, { status: 422, title: 'Missing line items', errors: { line_items: 'required' } });
      const id = randomUUID();
      const now = new Date().toISOString().replace(/\.\d{3}Z$/, '+00:00');
      const amount = lineItems.reduce((sum, item) => sum + Number(item.quantity ?? 1) * 10, 0);
      const token = createHash('sha256').update(id).digest('hex');
      const cart = cartResource({
        id,
        customerId: body.customer_id ?? 0,
        channelId: body.channel_id ?? 1,
        currency: (body.currency as Json | undefined)?.code ?? 'USD',
        amount,
        physicalItems: lineItems.map((item) => ({
          id: randomUUID(),
          parent_id: null,
          variant_id: item.variant_id,
          product_id: item.product_id,
          sku: `SKU-${String(item.product_id)}`,
          name: `Product ${String(item.product_id)}`,
          url: `https://${store.hash}.example-store.com/product-${String(item.product_id)}/`,
          quantity: item.quantity,
          is_taxable: true,
          image_url: `https://cdn11.bigcommerce.com/s-${store.hash}/products/${String(item.product_id)}/images/1/1.jpg`,
          discounts: [],
          coupons: [],
          discount_amount: 0,
          coupon_amount: 0,
          original_price: 10,
          list_price: 10,
          sale_price: 10,
          extended_list_price: Number(item.quantity ?? 1) * 10,
          extended_sale_price: Number(item.quantity ?? 1) * 10,
          is_require_shipping: true,
          is_mutable: true,
        })),
        createdTime: now,
        updatedTime: now,
        locale: body.locale ?? 'en',
        version: 1,
      });
      store.carts.set(id, cart);
      const redirect = query.get('include')?.split(',').includes('redirect_urls')
        ? { redirect_urls: redirectUrls(store.hash, id, token) }
        : {};
      return send(response, 201, { data: { ...cart, ...redirect }, meta: {} });
    }
    if (method === 'GET' && (m = /^\/v3\/checkouts\/([^/]+)$/.exec(rest))) {
      const checkout = store.checkouts.get(m[1]!);
      return checkout
        ? send(response, 200, { data: checkout, meta: {} })
        : send(response, 404, v3NotFound('Checkout not found'));
    }
    if (method === 'GET' && rest === '/v2/orders/count') {
      const email = query.get('email');
      const count = [...store.orders.values()].filter(
        (order) => !email || (order.billing_address as Json | undefined)?.email === email,
      ).length;
      return send(response, 200, { count, statuses: [] });
    }
    if (method === 'GET' && (m = /^\/v2\/orders\/(\d+)\/coupons$/.exec(rest))) {
      const coupons = store.orderCoupons.get(m[1]!) ?? [];
      return coupons.length > 0 ? send(response, 200, coupons) : send(response, 204);
    }
    if (method === 'GET' && (m = /^\/v2\/orders\/(\d+)$/.exec(rest))) {
      const order = store.orders.get(m[1]!);
      return order ? send(response, 200, order) : send(response, 404, v2NotFound);
    }
    if (method === 'GET' && rest === '/v3/customers') {
      const list = (name: string) =>
        query
          .get(name)
          ?.split(',')
          .map((v) => v.trim().toLowerCase())
          .filter(Boolean);
      const [ids, emails] = [list('id:in'), list('email:in')];
      const limit = Number(query.get('limit') ?? 50);
      const page = Number(query.get('page') ?? 1);
      const found = [...store.customers.values()].filter(
        (c) => (!ids || ids.includes(String(c.id))) && (!emails || emails.includes(String(c.email).toLowerCase())),
      );
      const data = found.slice((page - 1) * limit, page * limit);
      return send(response, 200, { data, meta: { pagination: pagination(found.length, data.length, limit, page) } });
    }
    if (method === 'GET' && (m = /^\/v2\/customer_groups\/(\d+)$/.exec(rest))) {
      const group = store.customerGroups.get(m[1]!);
      return group ? send(response, 200, group) : send(response, 404, v2NotFound);
    }
    if (method === 'GET' && rest === '/v3/customers/subscribers') {
      const email = query.get('email')?.toLowerCase();
      const data = store.subscribers.filter((s) => !email || String(s.email).toLowerCase() === email);
      return send(response, 200, { data, meta: { pagination: pagination(data.length, data.length, 50, 1) } });
    }
    if (method === 'GET' && rest === '/v2/store') return send(response, 200, store.info);
    if (method === 'POST' && rest === '/v2/coupons') {
      const missing = ['name', 'code', 'type', 'amount', 'applies_to'].filter(
        (key) => body[key] === undefined || body[key] === null,
      );
      if (missing.length > 0)
        return send(response, 400, v2Error(400, `The required field(s) ${missing.join(', ')} were not supplied.`));
      const invalid = [
        !COUPON_TYPES.includes(String(body.type)) && 'type',
        !COUPON_CODE.test(String(body.code)) && 'code',
        String(body.name).length > 100 && 'name',
        typeof body.expires === 'string' && body.expires !== '' && !RFC2822.test(body.expires) && 'expires',
        !Number.isFinite(Number(body.amount)) && 'amount',
      ].filter((field): field is string => typeof field === 'string');
      if (invalid.length > 0)
        return send(response, 400, v2Error(400, `The field(s) ${invalid.join(', ')} are invalid.`));
      if (store.coupons.some((c) => c.code === body.code))
        return send(
          response,
          409,
          v2Error(409, 'The coupon was not created because a coupon with the same code already exists.'),
        );
      if (store.coupons.some((c) => c.name === body.name))
        return send(
          response,
          409,
          v2Error(409, 'The coupon was not created because a coupon with the same name already exists.'),
        );
      // State keeps what was sent plus the read-only fields; the answer is formatted as the v2 API writes coupons.
      const coupon: Json = { id: nextId++, ...body, num_uses: 0, date_created: rfc2822Date(new Date()) };
      store.coupons.push(coupon);
      return send(response, 201, {
        id: coupon.id,
        name: body.name,
        type: body.type,
        amount: decimal4(body.amount),
        min_purchase: decimal4(body.min_purchase ?? 0),
        expires: body.expires ?? '',
        enabled: body.enabled ?? true,
        code: body.code,
        applies_to: body.applies_to,
        num_uses: 0,
        max_uses: body.max_uses ?? 0,
        max_uses_per_customer: body.max_uses_per_customer ?? 0,
        restricted_to: body.restricted_to ?? {},
        shipping_methods: body.shipping_methods ?? [],
        date_created: coupon.date_created,
      });
    }
    if (method === 'GET' && rest === '/v3/hooks') {
      const limit = Number(query.get('limit') ?? 50);
      const page = Number(query.get('page') ?? 1);
      const active = query.get('is_active');
      const matching = store.hooks.filter(
        (hook) =>
          (active === null || String(hook.is_active) === active) &&
          (!query.get('scope') || hook.scope === query.get('scope')) &&
          (!query.get('destination') || hook.destination === query.get('destination')),
      );
      const data = matching.slice((page - 1) * limit, page * limit);
      return send(response, 200, { data, meta: { pagination: pagination(matching.length, data.length, limit, page) } });
    }
    if (method === 'POST' && rest === '/v3/hooks') {
      if (typeof body.scope !== 'string' || typeof body.destination !== 'string')
        return send(
          response,
          422,
          v3Error(422, 'JSON data is missing or invalid', {
            ...(typeof body.scope === 'string' ? {} : { scope: 'error.path.missing' }),
            ...(typeof body.destination === 'string' ? {} : { destination: 'error.path.missing' }),
          }),
        );
      // Destinations must be https on port 443 (custom ports are not supported).
      let target: URL | undefined;
      try {
        target = new URL(body.destination);
      } catch {
        target = undefined;
      }
      if (!target || target.protocol !== 'https:' || (target.port !== '' && target.port !== '443'))
        return send(
          response,
          422,
          v3Error(422, 'JSON data is missing or invalid', { destination: 'must be an https URL on port 443' }),
        );
      // One hook per store, client, scope and destination. BigCommerce documents the rule, not its error body.
      if (store.hooks.some((hook) => hook.scope === body.scope && hook.destination === body.destination))
        return send(
          response,
          422,
          v3Error(422, 'A webhook for this scope and destination already exists', { scope: 'duplicate' }),
        );
      const now = Math.floor(Date.now() / 1000);
      const hook: FakeHook = {
        id: nextId++,
        client_id: clientId,
        store_hash: store.hash,
        scope: body.scope,
        destination: body.destination,
        is_active: body.is_active !== false,
        headers: (body.headers as Record<string, string> | undefined) ?? null,
        created_at: now,
        updated_at: now,
      };
      store.hooks.push(hook);
      return send(response, 200, { data: hook, meta: {} });
    }
    if ((method === 'GET' || method === 'PUT') && (m = /^\/v3\/hooks\/(\d+)$/.exec(rest))) {
      const hook = store.hooks.find((h) => h.id === Number(m![1]));
      if (!hook) return send(response, 404, v3NotFound(`Webhook with id [${m[1]}] not found`));
      if (method === 'PUT') {
        for (const key of ['scope', 'destination', 'is_active', 'headers'] as const)
          if (body[key] !== undefined) Object.assign(hook, { [key]: body[key] });
        hook.updated_at = Math.floor(Date.now() / 1000);
      }
      return send(response, 200, { data: hook, meta: {} });
    }
    if (method === 'DELETE' && (m = /^\/v3\/hooks\/(\d+)$/.exec(rest))) {
      const index = store.hooks.findIndex((hook) => hook.id === Number(m![1]));
      if (index < 0) return send(response, 404, v3NotFound(`Webhook with id [${m[1]}] not found`));
      const [hook] = store.hooks.splice(index, 1);
      return send(response, 200, { data: hook, meta: {} });
    }
    send(response, 404, v3NotFound(`No route for ${method} ${rest}`));
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const body = await readBody(request);
      const method = request.method ?? 'GET';
      requests.push({ method, path: url.pathname, query: url.searchParams, headers: request.headers, body });
      const failure = failures.find(
        (f) => url.pathname.includes(f.pathPart) && (!f.method || f.method === method) && f.times > 0,
      );
      if (failure) {
        failure.times -= 1;
        const title = failure.status === 429 ? 'Too many requests' : 'Injected failure';
        return send(
          response,
          failure.status,
          url.pathname.includes('/v2/') ? v2Error(failure.status, title) : v3Error(failure.status, title),
          failure.headers,
        );
      }
      if (method === 'POST' && url.pathname === '/oauth2/token') return tokenExchange((body ?? {}) as Json, response);
      const match = /^\/stores\/([^/]+)(\/v[23]\/.*)$/.exec(url.pathname);
      const store = match ? stores.get(match[1]!) : undefined;
      if (!match || !store) return send(response, 404, v3NotFound('Store not found'));
      if (request.headers['x-auth-token'] !== store.token)
        return send(
          response,
          401,
          v3Error(
            401,
            'Unauthorized - the v3 Auth client ID or token in the request are not a valid combination for this store.',
          ),
        );
      api(store, method, match[2]!, url.searchParams, (body ?? {}) as Json, response);
    })().catch((error: unknown) => send(response, 500, { status: 500, title: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    requests,
    store: (hash) => stores.get(hash)!,
    addStore: (hash, info) => {
      const store = stores.get(hash) ?? newStore(hash, info);
      stores.set(hash, store);
      const code = `code-${randomUUID()}`;
      codes.set(code, hash);
      return { store, code };
    },
    failNext: (pathPart, status, times = 1, method, headers) =>
      void failures.push({ pathPart, status, times, method, headers }),
    clearFailures: () => void failures.splice(0),
    delivery: (hash, scope, data, createdAt = Math.floor(Date.now() / 1000)) => {
      const hook = stores.get(hash)?.hooks.find((h) => h.is_active && scopeMatches(h.scope, scope));
      if (!hook) throw new Error(`the fake store ${hash} has no active hook for ${scope}`);
      const base = { scope, store_id: '1025646', data, created_at: createdAt, producer: `stores/${hash}` };
      const body = { ...base, hash: createHash('sha1').update(JSON.stringify(base)).digest('hex') };
      // Standard Webhooks: v1 = base64 HMAC-SHA256 of "{id}.{timestamp}.{body}" keyed with the app's client secret.
      const webhookId = `msg_${body.hash}`;
      const timestamp = String(Math.floor(Date.now() / 1000));
      const signature = createHmac('sha256', clientSecret)
        .update(`${webhookId}.${timestamp}.${JSON.stringify(body)}`)
        .digest('base64');
      const signed = {
        'webhook-id': webhookId,
        'webhook-timestamp': timestamp,
        'webhook-signature': `v1,${signature}`,
      };
      return {
        destination: hook.destination,
        headers: { 'content-type': 'application/json', ...signed, ...(hook.headers ?? {}) },
        body,
      };
    },
    signedPayload: async (hash, overrides = {}) => {
      // nbf is always iat; exp is 24 hours later.
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        user: { id: 24654, email: `staff@${hash}.example-store.com`, locale: 'en-US' },
        owner: { id: 12345, email: `owner@${hash}.example-store.com` },
        url: '/',
        channel_id: null,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setAudience(overrides.aud ?? clientId)
        .setIssuer(overrides.iss ?? 'bc')
        .setSubject(overrides.sub ?? `stores/${hash}`)
        .setIssuedAt(now)
        .setNotBefore(now)
        .setExpirationTime(overrides.expiresIn ?? '24h')
        .setJti(randomUUID())
        .sign(new TextEncoder().encode(overrides.secret ?? clientSecret));
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
