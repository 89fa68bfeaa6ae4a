/**
 * A fake BigCommerce on 127.0.0.1 speaking the real wire format: the login service's
 * POST /oauth2/token, and the REST API under /stores/{hash}/v3 and /v2 with X-Auth-Token
 * (v3 bodies wrapped in { data, meta }, v2 bodies bare, 204 for empty v2 lists, 404 bodies as
 * BigCommerce writes them). Hooks it holds can produce the deliveries BigCommerce would POST,
 * with the hook's custom headers. Tests seed state and inject failures.
 */
import { createHash, randomUUID } from 'node:crypto';
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

const COUPON_TYPES = ['per_item_discount', 'per_total_discount', 'shipping_discount', 'free_shipping', 'percentage_discount', 'promotion'];

export interface FakeBigCommerce {
  url: string;
  clientId: string;
  clientSecret: string;
  requests: RecordedRequest[];
  store(hash: string): FakeStore;
  /** A store BigCommerce knows, with an install code that the token exchange accepts. */
  addStore(hash: string, info?: Json): { store: FakeStore; code: string };
  /** The next `times` requests whose path contains `pathPart` (and method, if given) answer `status`. */
  failNext(pathPart: string, status: number, times?: number, method?: string): void;
  /** Drops every injected failure not used yet. */
  clearFailures(): void;
  /** The request BigCommerce would POST to a hook of this scope: destination, headers (with the hook's custom ones) and body. */
  delivery(hash: string, scope: string, data: Json, createdAt?: number): { destination: string; headers: Record<string, string>; body: Json };
  /** A signed_payload_jwt as BigCommerce signs it for the load / uninstall / remove_user callbacks. */
  signedPayload(hash: string, overrides?: { secret?: string; aud?: string; iss?: string; sub?: string; expiresIn?: string | number }): Promise<string>;
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

const send = (response: ServerResponse, status: number, body?: unknown): void => {
  response.writeHead(status, body === undefined ? {} : { 'Content-Type': 'application/json' });
  response.end(body === undefined ? undefined : JSON.stringify(body));
};
const v3NotFound = (title: string) => ({ status: 404, title, type: 'https://developer.bigcommerce.com/api-docs/getting-started/api-status-codes' });
const v2NotFound = [{ status: 404, message: 'The requested resource was not found.' }];
const scopeMatches = (hookScope: string, scope: string): boolean => (hookScope.endsWith('/*') ? scope.startsWith(hookScope.slice(0, -1)) : hookScope === scope);

export async function startFakeBigCommerce({ clientId = 'fake-client-id', clientSecret = 'fake-client-secret' } = {}): Promise<FakeBigCommerce> {
  const stores = new Map<string, FakeStore>();
  const codes = new Map<string, string>();
  const failures: { pathPart: string; status: number; times: number; method?: string }[] = [];
  const requests: RecordedRequest[] = [];
  let nextId = 1000;

  const newStore = (hash: string, info: Json = {}): FakeStore => ({
    hash,
    token: `token-${randomUUID()}`,
    info: { id: hash, domain: `${hash}.example-store.com`, secure_url: `https://${hash}.example-store.com`, name: `Store ${hash}`, admin_email: `owner@${hash}.example-store.com`, currency: 'USD', plan_name: 'Standard', timezone: { name: 'America/Chicago' }, ...info },
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
    if (missing.length > 0) return send(response, 400, { error: 'invalid_request', error_description: `missing ${missing.join(', ')}` });
    if (body.client_id !== clientId || body.client_secret !== clientSecret) return send(response, 401, { error: 'invalid_client' });
    if (body.grant_type !== 'authorization_code') return send(response, 400, { error: 'unsupported_grant_type' });
    const hash = codes.get(String(body.code));
    if (!hash || body.context !== `stores/${hash}`) return send(response, 400, { error: 'invalid_grant', error_description: 'Invalid code' });
    codes.delete(String(body.code));
    send(response, 200, { access_token: stores.get(hash)!.token, scope: body.scope, user: { id: 24654, username: `owner@${hash}.example-store.com`, email: `owner@${hash}.example-store.com` }, context: `stores/${hash}`, account_uuid: randomUUID() });
  }

  function api(store: FakeStore, method: string, rest: string, query: URLSearchParams, body: Json, response: ServerResponse): void {
    let m: RegExpExecArray | null;
    if (method === 'GET' && (m = /^\/v3\/carts\/([^/]+)$/.exec(rest))) {
      const cart = store.carts.get(m[1]!);
      return cart ? send(response, 200, { data: cart, meta: {} }) : send(response, 404, v3NotFound('Cart not found'));
    }
    if (method === 'POST' && rest === '/v3/carts') {
      const lineItems = Array.isArray(body.line_items) ? (body.line_items as Json[]) : [];
      if (lineItems.length === 0) return send(response, 422, { status: 422, title: 'Missing line items', errors: { line_items: 'required' } });
      const id = randomUUID();
      const cart: Json = {
        id,
        customer_id: body.customer_id ?? 0,
        email: '',
        currency: { code: (body.currency as Json | undefined)?.code ?? 'USD' },
        locale: body.locale ?? 'en',
        channel_id: body.channel_id ?? 1,
        cart_amount: lineItems.reduce((sum, item) => sum + Number(item.quantity ?? 1) * 10, 0),
        line_items: { physical_items: lineItems.map((item, i) => ({ id: `li-${i}`, product_id: item.product_id, variant_id: item.variant_id, quantity: item.quantity, sale_price: 10 })), digital_items: [], custom_items: [], gift_certificates: [] },
        created_time: new Date().toISOString(),
        updated_time: new Date().toISOString(),
        redirect_urls: { cart_url: `https://${store.hash}.example-store.com/cart.php?action=load&id=${id}`, checkout_url: `https://${store.hash}.example-store.com/cart.php?action=loadInCheckout&id=${id}` },
      };
      store.carts.set(id, cart);
      return send(response, 201, { data: cart, meta: {} });
    }
    if (method === 'GET' && (m = /^\/v3\/checkouts\/([^/]+)$/.exec(rest))) {
      const checkout = store.checkouts.get(m[1]!);
      return checkout ? send(response, 200, { data: checkout, meta: {} }) : send(response, 404, v3NotFound('Checkout not found'));
    }
    if (method === 'GET' && rest === '/v2/orders/count') {
      const email = query.get('email');
      const count = [...store.orders.values()].filter((order) => !email || (order.billing_address as Json | undefined)?.email === email).length;
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
    if (method === 'GET' && (m = /^\/v2\/customers\/(\d+)$/.exec(rest))) {
      const customer = store.customers.get(m[1]!);
      return customer ? send(response, 200, customer) : send(response, 404, v2NotFound);
    }
    if (method === 'GET' && rest === '/v2/customers') {
      const email = query.get('email')?.toLowerCase();
      const found = [...store.customers.values()].filter((c) => !email || String(c.email).toLowerCase() === email);
      return found.length > 0 ? send(response, 200, found) : send(response, 204);
    }
    if (method === 'GET' && (m = /^\/v2\/customer_groups\/(\d+)$/.exec(rest))) {
      const group = store.customerGroups.get(m[1]!);
      return group ? send(response, 200, group) : send(response, 404, v2NotFound);
    }
    if (method === 'GET' && rest === '/v3/customers/subscribers') {
      const email = query.get('email')?.toLowerCase();
      const data = store.subscribers.filter((s) => !email || String(s.email).toLowerCase() === email);
      return send(response, 200, { data, meta: { pagination: { total: data.length, count: data.length, per_page: 50, current_page: 1, total_pages: 1 } } });
    }
    if (method === 'GET' && rest === '/v2/store') return send(response, 200, store.info);
    if (method === 'POST' && rest === '/v2/coupons') {
      const missing = ['name', 'code', 'type', 'amount', 'applies_to'].filter((key) => body[key] === undefined);
      if (missing.length > 0 || !COUPON_TYPES.includes(String(body.type))) return send(response, 400, [{ status: 400, message: `The field(s) ${missing.join(', ') || 'type'} are invalid.` }]);
      if (store.coupons.some((c) => c.code === body.code)) return send(response, 409, [{ status: 409, message: 'The coupon was not created because a coupon with the same code already exists.' }]);
      const coupon = { id: nextId++, ...body, num_uses: 0, date_created: new Date().toUTCString() };
      store.coupons.push(coupon);
      return send(response, 201, coupon);
    }
    if (method === 'GET' && rest === '/v3/hooks') {
      const limit = Number(query.get('limit') ?? 50);
      const page = Number(query.get('page') ?? 1);
      const data = store.hooks.slice((page - 1) * limit, page * limit);
      const totalPages = Math.max(1, Math.ceil(store.hooks.length / limit));
      return send(response, 200, { data, meta: { pagination: { count: data.length, current_page: page, per_page: limit, total: store.hooks.length, total_pages: totalPages } } });
    }
    if (method === 'POST' && rest === '/v3/hooks') {
      if (typeof body.scope !== 'string' || typeof body.destination !== 'string') return send(response, 422, { status: 422, title: 'Input is invalid', errors: { scope: 'required', destination: 'required' } });
      if (!/^https:\/\//.test(body.destination)) return send(response, 422, { status: 422, title: 'Destination must be https', errors: { destination: 'invalid' } });
      const now = Math.floor(Date.now() / 1000);
      const hook: FakeHook = { id: nextId++, client_id: clientId, store_hash: store.hash, scope: body.scope, destination: body.destination, is_active: body.is_active !== false, headers: (body.headers as Record<string, string> | undefined) ?? null, created_at: now, updated_at: now };
      store.hooks.push(hook);
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
      const failure = failures.find((f) => url.pathname.includes(f.pathPart) && (!f.method || f.method === method) && f.times > 0);
      if (failure) {
        failure.times -= 1;
        return send(response, failure.status, { status: failure.status, title: 'Injected failure' });
      }
      if (method === 'POST' && url.pathname === '/oauth2/token') return tokenExchange((body ?? {}) as Json, response);
      const match = /^\/stores\/([^/]+)(\/v[23]\/.*)$/.exec(url.pathname);
      const store = match ? stores.get(match[1]!) : undefined;
      if (!match || !store) return send(response, 404, v3NotFound('Store not found'));
      if (request.headers['x-auth-token'] !== store.token) return send(response, 401, { status: 401, title: 'You have not provided a valid access token.' });
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
    failNext: (pathPart, status, times = 1, method) => void failures.push({ pathPart, status, times, method }),
    clearFailures: () => void failures.splice(0),
    delivery: (hash, scope, data, createdAt = Math.floor(Date.now() / 1000)) => {
      const hook = stores.get(hash)?.hooks.find((h) => h.is_active && scopeMatches(h.scope, scope));
      if (!hook) throw new Error(`the fake store ${hash} has no active hook for ${scope}`);
      const base = { scope, store_id: '1025646', data, created_at: createdAt, producer: `stores/${hash}` };
      const body = { ...base, hash: createHash('sha1').update(JSON.stringify(base)).digest('hex') };
      return { destination: hook.destination, headers: { 'content-type': 'application/json', ...(hook.headers ?? {}) }, body };
    },
    signedPayload: async (hash, overrides = {}) => {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ user: { id: 24654, email: `owner@${hash}.example-store.com`, locale: 'en-US' }, owner: { id: 24654, email: `owner@${hash}.example-store.com` }, url: '/', channel_id: null })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setAudience(overrides.aud ?? clientId)
        .setIssuer(overrides.iss ?? 'bc')
        .setSubject(overrides.sub ?? `stores/${hash}`)
        .setIssuedAt(now)
        .setNotBefore(now - 5)
        .setExpirationTime(overrides.expiresIn ?? '24h')
        .setJti(randomUUID())
        .sign(new TextEncoder().encode(overrides.secret ?? clientSecret));
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
