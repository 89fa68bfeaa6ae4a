/**
 * The fake Shopify's Admin GraphQL endpoint, POST /admin/api/{version}/graphql.json: the shop
 * known from `X-Shopify-Access-Token` (401 with Shopify's body when unknown or expired; the first
 * use of a refreshed token ends the refresh token it replaced), faults (HTTP errors, THROTTLED),
 * Shopify's invalid-variable and undefined-field errors, and the shop's leaky bucket: the
 * requested cost must be available, else THROTTLED; the actual cost is charged, the rest refunded.
 * The operations themselves are answered by name in graphql.ts.
 */
import type { ServerResponse } from 'node:http';
import { sendJson } from '../server.ts';
import { phoneFieldError } from './customer-phone.ts';
import { graphqlHandlers } from './graphql.ts';
import { invalidVariable } from './graphql-inputs.ts';
import type { FakeShopData, Fault, GraphqlContext, ShopifyApp, ShopifyRequest } from './types.ts';

/** A JSON answer with Shopify's content type. */
export const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void =>
  sendJson(res, status, body, { 'content-type': 'application/json; charset=utf-8', ...headers });

/** Answers one GraphQL request from the shop its access token belongs to; `takeFault` consumes a matching fault. */
export function answerGraphql(
  fake: ShopifyApp,
  shops: Iterable<FakeShopData>,
  request: ShopifyRequest,
  res: ServerResponse,
  takeFault: (request: ShopifyRequest) => Fault | undefined,
): void {
  const token = request.headers['x-shopify-access-token'];
  const live = (candidate: FakeShopData): boolean =>
    typeof token === 'string' &&
    candidate.accessTokens.has(token) &&
    (candidate.tokenExpiry.get(token) ?? Infinity) > Date.now();
  const shop = [...shops].find(live);
  request.shop = shop?.domain;
  // The first use of a refreshed access token ends the refresh token it replaced.
  if (shop)
    for (const [refresh, entry] of shop.refreshTokens)
      if (entry.retiredBy === token) shop.refreshTokens.delete(refresh);
  const fault = takeFault(request);
  if (fault?.status) {
    const bodies: Record<number, string> = {
      402: 'Unavailable Shop',
      401: '[API] Invalid API key or access token (unrecognized login or wrong password)',
      429: 'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.',
    };
    return send(
      res,
      fault.status,
      { errors: bodies[fault.status] ?? 'Internal Server Error' },
      fault.retryAfter ? { 'Retry-After': fault.retryAfter } : {},
    );
  }
  if (!shop)
    return send(res, 401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
  const handler = request.operation ? graphqlHandlers[request.operation] : undefined;
  const invalid = handler?.inputs ? invalidVariable(handler.inputs, request.variables ?? {}) : undefined;
  if (invalid) return send(res, 200, { errors: [invalid] });
  const query = typeof request.body?.query === 'string' ? request.body.query : '';
  const version = /^\/admin\/api\/(\d{4}-\d{2})\//.exec(request.path)![1]!;
  const undefinedField = phoneFieldError(query, version);
  if (undefinedField) return send(res, 200, { errors: [undefinedField] });
  const ctx: GraphqlContext = { fake, shop, variables: request.variables ?? {}, query, version };
  const requested = handler?.cost(ctx) ?? 1;
  const bucket = shop.bucket;
  const now = Date.now();
  bucket.available = Math.min(
    bucket.maximumAvailable,
    bucket.available + ((now - bucket.at) / 1000) * bucket.restoreRate,
  );
  bucket.at = now;
  if (fault?.throttle) {
    bucket.available = fault.throttle.available;
    if (fault.throttle.restoreRate) bucket.restoreRate = fault.throttle.restoreRate;
  }
  const throttleStatus = () => ({
    maximumAvailable: bucket.maximumAvailable,
    currentlyAvailable: Math.floor(bucket.available),
    restoreRate: bucket.restoreRate,
  });
  const costOf = fault?.throttle?.requested ?? requested;
  if (costOf > bucket.available) {
    request.throttled = true;
    return send(res, 200, {
      errors: [
        {
          message: 'Throttled',
          extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' },
        },
      ],
      extensions: { cost: { requestedQueryCost: costOf, actualQueryCost: null, throttleStatus: throttleStatus() } },
    });
  }
  if (!handler) {
    return send(res, 200, {
      errors: [
        {
          message: `Fake Shopify does not answer operation ${request.operation ?? '(anonymous)'}`,
          extensions: { code: 'undefinedField' },
        },
      ],
    });
  }
  const { data, actual, errors } = handler.run(ctx);
  bucket.available -= Math.min(requested, actual);
  send(res, 200, {
    ...(errors ? { errors } : {}),
    data,
    extensions: {
      cost: {
        requestedQueryCost: requested,
        actualQueryCost: Math.min(requested, actual),
        throttleStatus: throttleStatus(),
      },
    },
  });
}
