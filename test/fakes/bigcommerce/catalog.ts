/**
 * The fake BigCommerce's catalogue, order list and scripts, in the documented wire format:
 * GET /v3/catalog/products (keyword over name, SKU and description; sort, direction; page and
 * limit up to 250), GET /v3/catalog/variants (product_id:in), GET /v3/catalog/trees/categories
 * (category_id:in), each `{data, meta: {pagination}}`; GET /v2/orders (email, limit, page, sort
 * `field:asc|desc`; a bare array, 204 with no body when nothing matches); /v3/content/scripts
 * (GET list of this app's scripts, POST, PUT and DELETE /{uuid} with 204).
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sendJson, type Json } from '../server.ts';
import { pagination, v3Error, v3NotFound, type FakeStore } from './wire.ts';

const ids = (query: URLSearchParams, name: string): number[] | undefined =>
  query
    .get(name)
    ?.split(',')
    .map(Number)
    .filter((n) => Number.isFinite(n));

/** One v3 page of `items`, as BigCommerce pages them (limit 1..250, default 50). */
function v3Page(response: ServerResponse, items: Json[], query: URLSearchParams): void {
  const limit = Number(query.get('limit') ?? 50);
  const page = Number(query.get('page') ?? 1);
  if (!Number.isInteger(limit) || limit < 1 || limit > 250 || !Number.isInteger(page) || page < 1)
    return sendJson(response, 422, v3Error(422, 'Invalid page or limit', { limit: 'must be 1 to 250' }));
  const data = items.slice((page - 1) * limit, page * limit);
  sendJson(response, 200, { data, meta: { pagination: pagination(items.length, data.length, limit, page) } });
}

const SCRIPT_FIELDS = [
  'name',
  'description',
  'html',
  'src',
  'auto_uninstall',
  'load_method',
  'location',
  'visibility',
  'kind',
  'consent_category',
  'enabled',
  'channel_id',
];

/** Answers the request when it is one of these endpoints; false otherwise. */
export function catalogApi(
  clientId: string,
  store: FakeStore,
  method: string,
  rest: string,
  query: URLSearchParams,
  body: Json,
  response: ServerResponse,
): boolean {
  let m: RegExpExecArray | null;
  if (method === 'GET' && rest === '/v3/catalog/products') {
    const keyword = query.get('keyword')?.toLowerCase();
    const direction = query.get('direction') === 'desc' ? -1 : 1;
    const sort = query.get('sort') ?? 'id';
    const found = store.products
      .filter(
        (p) =>
          !keyword ||
          [p.name, p.sku, p.description].some((field) =>
            String(field ?? '')
              .toLowerCase()
              .includes(keyword),
          ),
      )
      .sort((a, b) => direction * String(a[sort]).localeCompare(String(b[sort]), 'en', { numeric: true }));
    v3Page(response, found, query);
    return true;
  }
  if (method === 'GET' && rest === '/v3/catalog/variants') {
    const products = ids(query, 'product_id:in');
    v3Page(
      response,
      store.variants.filter((v) => !products || products.includes(Number(v.product_id))),
      query,
    );
    return true;
  }
  if (method === 'GET' && rest === '/v3/catalog/trees/categories') {
    const wanted = ids(query, 'category_id:in');
    v3Page(
      response,
      store.categories.filter((c) => !wanted || wanted.includes(Number(c.category_id))),
      query,
    );
    return true;
  }
  if (method === 'GET' && rest === '/v2/orders') {
    const email = query.get('email')?.toLowerCase();
    const limit = Number(query.get('limit') ?? 50);
    const page = Number(query.get('page') ?? 1);
    const [field = 'id', order = 'asc'] = (query.get('sort') ?? 'id:asc').split(':');
    const found = [...store.orders.values()]
      .filter((o) => !email || String((o.billing_address as Json | undefined)?.email ?? '').toLowerCase() === email)
      .sort(
        (a, b) =>
          (order === 'desc' ? -1 : 1) *
          String(a[field] ?? '').localeCompare(String(b[field] ?? ''), 'en', { numeric: true }),
      )
      .slice((page - 1) * limit, page * limit);
    if (found.length === 0) sendJson(response, 204);
    else sendJson(response, 200, found);
    return true;
  }
  if (method === 'GET' && rest === '/v3/content/scripts') {
    // Only the scripts this app's credentials created.
    v3Page(
      response,
      store.scripts.filter((s) => s.api_client_id === clientId),
      query,
    );
    return true;
  }
  if (method === 'POST' && rest === '/v3/content/scripts') {
    const problems: Json = {};
    if (typeof body.name !== 'string' || body.name === '') problems.name = 'error.path.missing';
    if (body.kind === 'src' && typeof body.src !== 'string') problems.src = 'required when kind is src';
    if (body.kind === 'src' && body.html !== undefined) problems.html = 'not allowed when kind is src';
    if (Object.keys(problems).length > 0)
      sendJson(response, 422, v3Error(422, 'JSON data is missing or invalid', problems));
    else if (store.scripts.filter((s) => s.api_client_id === clientId).length >= 10)
      sendJson(response, 422, v3Error(422, 'Each app can have 10 scripts installed.'));
    else {
      const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
      const script: Json = {
        uuid: randomUUID(),
        name: body.name,
        description: body.description ?? '',
        src: body.src ?? '',
        auto_uninstall: body.auto_uninstall ?? false,
        load_method: body.load_method ?? 'default',
        location: body.location ?? 'footer',
        visibility: body.visibility ?? 'storefront',
        kind: body.kind ?? 'src',
        api_client_id: clientId,
        consent_category: body.consent_category ?? 'unknown',
        enabled: body.enabled ?? true,
        channel_id: body.channel_id ?? 1,
        date_created: now,
        date_modified: now,
      };
      store.scripts.push(script);
      sendJson(response, 200, { data: script, meta: {} });
    }
    return true;
  }
  if ((m = /^\/v3\/content\/scripts\/([^/]+)$/.exec(rest))) {
    const index = store.scripts.findIndex((s) => s.uuid === m![1] && s.api_client_id === clientId);
    if (index < 0) {
      sendJson(response, 404, v3NotFound('Script not found'));
      return true;
    }
    const script = store.scripts[index]!;
    if (method === 'DELETE') {
      store.scripts.splice(index, 1);
      sendJson(response, 204);
      return true;
    }
    if (method === 'PUT') {
      for (const field of SCRIPT_FIELDS) if (body[field] !== undefined) script[field] = body[field];
      script.date_modified = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    }
    if (method === 'PUT' || method === 'GET') {
      sendJson(response, 200, { data: script, meta: {} });
      return true;
    }
  }
  return false;
}
