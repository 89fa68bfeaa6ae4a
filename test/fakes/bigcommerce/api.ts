/** The fake BigCommerce's REST API of one store, under /stores/{hash}/v3 and /v2. */
import { createHash, randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sendJson, type Json } from '../server.ts';
import { catalogApi } from './catalog.ts';
import {
  cartResource,
  COUPON_CODE,
  COUPON_CREATE_TYPES,
  decimal4,
  pagination,
  redirectUrls,
  rfc2822Date,
  RFC2822,
  v2Error,
  v2NotFound,
  v3Error,
  v3NotFound,
  type FakeHook,
  type FakeStore,
} from './wire.ts';

/** What the API needs from the fake as a whole. */
export interface ApiContext {
  clientId: string;
  /** The next id for a created coupon or hook. */
  nextId(): number;
}

export function api(
  ctx: ApiContext,
  store: FakeStore,
  method: string,
  rest: string,
  query: URLSearchParams,
  body: Json,
  response: ServerResponse,
): void {
  if (catalogApi(ctx.clientId, store, method, rest, query, body, response)) return;
  let m: RegExpExecArray | null;
  if (method === 'GET' && (m = /^\/v3\/carts\/([^/]+)$/.exec(rest))) {
    const cart = store.carts.get(m[1]!);
    if (!cart) return sendJson(response, 404, v3NotFound('Cart not found'));
    // redirect_urls come back only when asked for with include=redirect_urls.
    const { redirect_urls: redirectUrls, ...fields } = cart;
    const wanted = query.get('include')?.split(',').includes('redirect_urls') && redirectUrls !== undefined;
    return sendJson(response, 200, { data: wanted ? { ...fields, redirect_urls: redirectUrls } : fields, meta: {} });
  }
  if (method === 'POST' && (m = /^\/v3\/carts\/([^/]+)\/redirect_urls$/.exec(rest))) {
    // Each call mints URLs with a new token; BigCommerce's work once.
    const id = m[1]!;
    if (!store.carts.has(id)) return sendJson(response, 404, v3NotFound('Cart not found'));
    return sendJson(response, 201, { data: redirectUrls(store.hash, id, randomUUID().replaceAll('-', '')), meta: {} });
  }
  if (method === 'POST' && rest === '/v3/carts') {
    const lineItems = Array.isArray(body.line_items) ? (body.line_items as Json[]) : [];
    if (lineItems.length === 0)
      return sendJson(response, 422, { status: 422, title: 'Missing line items', errors: { line_items: 'required' } });
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
    return sendJson(response, 201, { data: { ...cart, ...redirect }, meta: {} });
  }
  if (method === 'GET' && (m = /^\/v3\/checkouts\/([^/]+)$/.exec(rest))) {
    const checkout = store.checkouts.get(m[1]!);
    return checkout
      ? sendJson(response, 200, { data: checkout, meta: {} })
      : sendJson(response, 404, v3NotFound('Checkout not found'));
  }
  if (method === 'GET' && rest === '/v2/orders/count') {
    const email = query.get('email');
    const count = [...store.orders.values()].filter(
      (order) => !email || (order.billing_address as Json | undefined)?.email === email,
    ).length;
    return sendJson(response, 200, { count, statuses: [] });
  }
  if (method === 'GET' && (m = /^\/v2\/orders\/(\d+)\/coupons$/.exec(rest))) {
    const coupons = store.orderCoupons.get(m[1]!) ?? [];
    return coupons.length > 0 ? sendJson(response, 200, coupons) : sendJson(response, 204);
  }
  if (method === 'GET' && (m = /^\/v2\/orders\/(\d+)$/.exec(rest))) {
    const order = store.orders.get(m[1]!);
    return order ? sendJson(response, 200, order) : sendJson(response, 404, v2NotFound);
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
    return sendJson(response, 200, { data, meta: { pagination: pagination(found.length, data.length, limit, page) } });
  }
  if (method === 'GET' && (m = /^\/v2\/customer_groups\/(\d+)$/.exec(rest))) {
    const group = store.customerGroups.get(m[1]!);
    return group ? sendJson(response, 200, group) : sendJson(response, 404, v2NotFound);
  }
  if (method === 'GET' && rest === '/v3/customers/subscribers') {
    const email = query.get('email')?.toLowerCase();
    const data = store.subscribers.filter((s) => !email || String(s.email).toLowerCase() === email);
    return sendJson(response, 200, { data, meta: { pagination: pagination(data.length, data.length, 50, 1) } });
  }
  if (method === 'GET' && rest === '/v2/store') return sendJson(response, 200, store.info);
  if (method === 'POST' && rest === '/v2/coupons') {
    const missing = ['name', 'code', 'type', 'amount', 'applies_to'].filter(
      (key) => body[key] === undefined || body[key] === null,
    );
    if (missing.length > 0)
      return sendJson(response, 400, v2Error(400, `The required field(s) ${missing.join(', ')} were not supplied.`));
    const invalid = [
      !COUPON_CREATE_TYPES.includes(String(body.type)) && 'type',
      !COUPON_CODE.test(String(body.code)) && 'code',
      String(body.name).length > 100 && 'name',
      typeof body.expires === 'string' && body.expires !== '' && !RFC2822.test(body.expires) && 'expires',
      !Number.isFinite(Number(body.amount)) && 'amount',
    ].filter((field): field is string => typeof field === 'string');
    if (invalid.length > 0)
      return sendJson(response, 400, v2Error(400, `The field(s) ${invalid.join(', ')} are invalid.`));
    if (store.coupons.some((c) => c.code === body.code))
      return sendJson(
        response,
        409,
        v2Error(409, 'The coupon was not created because a coupon with the same code already exists.'),
      );
    if (store.coupons.some((c) => c.name === body.name))
      return sendJson(
        response,
        409,
        v2Error(409, 'The coupon was not created because a coupon with the same name already exists.'),
      );
    // State keeps what was sent plus the read-only fields; the answer is formatted as the v2 API writes coupons.
    const coupon: Json = { id: ctx.nextId(), ...body, num_uses: 0, date_created: rfc2822Date(new Date()) };
    store.coupons.push(coupon);
    return sendJson(response, 201, {
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
    return sendJson(response, 200, {
      data,
      meta: { pagination: pagination(matching.length, data.length, limit, page) },
    });
  }
  if (method === 'POST' && rest === '/v3/hooks') {
    if (typeof body.scope !== 'string' || typeof body.destination !== 'string')
      return sendJson(
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
      return sendJson(
        response,
        422,
        v3Error(422, 'JSON data is missing or invalid', { destination: 'must be an https URL on port 443' }),
      );
    // One hook per store, client, scope and destination. BigCommerce documents the rule, not its error body.
    if (store.hooks.some((hook) => hook.scope === body.scope && hook.destination === body.destination))
      return sendJson(
        response,
        422,
        v3Error(422, 'A webhook for this scope and destination already exists', { scope: 'duplicate' }),
      );
    const now = Math.floor(Date.now() / 1000);
    const hook: FakeHook = {
      id: ctx.nextId(),
      client_id: ctx.clientId,
      store_hash: store.hash,
      scope: body.scope,
      destination: body.destination,
      is_active: body.is_active !== false,
      headers: (body.headers as Record<string, string> | undefined) ?? null,
      created_at: now,
      updated_at: now,
    };
    store.hooks.push(hook);
    return sendJson(response, 200, { data: hook, meta: {} });
  }
  if ((method === 'GET' || method === 'PUT') && (m = /^\/v3\/hooks\/(\d+)$/.exec(rest))) {
    const hook = store.hooks.find((h) => h.id === Number(m![1]));
    if (!hook) return sendJson(response, 404, v3NotFound(`Webhook with id [${m[1]}] not found`));
    if (method === 'PUT') {
      for (const key of ['scope', 'destination', 'is_active', 'headers'] as const)
        if (body[key] !== undefined) Object.assign(hook, { [key]: body[key] });
      hook.updated_at = Math.floor(Date.now() / 1000);
    }
    return sendJson(response, 200, { data: hook, meta: {} });
  }
  if (method === 'DELETE' && (m = /^\/v3\/hooks\/(\d+)$/.exec(rest))) {
    const index = store.hooks.findIndex((hook) => hook.id === Number(m![1]));
    if (index < 0) return sendJson(response, 404, v3NotFound(`Webhook with id [${m[1]}] not found`));
    const [hook] = store.hooks.splice(index, 1);
    return sendJson(response, 200, { data: hook, meta: {} });
  }
  sendJson(response, 404, v3NotFound(`No route for ${method} ${rest}`));
}
