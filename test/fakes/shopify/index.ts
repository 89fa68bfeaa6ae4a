/**
 * A fake Shopify on 127.0.0.1 speaking the real wire format for what Reclaim uses:
 * - OAuth: `approveInstall()` plays the merchant approving the authorize page and returns the signed
 *   callback URL (code, hmac, host, shop, state, timestamp); POST /admin/oauth/access_token exchanges
 *   the one-time code for `{ access_token, scope }`, or, with `expiring: "1"`, for an expiring
 *   offline token `{ access_token, scope, expires_in: 3600, refresh_token, refresh_token_expires_in }`;
 *   `grant_type: "refresh_token"` trades a refresh token for a new pair (the old refresh token keeps
 *   working until the new access token is first used, as Shopify does since 2026-08).
 * - Admin GraphQL (admin-graphql.ts): POST /admin/api/{version}/graphql.json with
 *   `X-Shopify-Access-Token` (401 with Shopify's body when unknown or expired). A mutation input
 *   with a field its input type does not have is refused with Shopify's (graphql-ruby's)
 *   invalid-variable error and no data; a customer's phone is served as the path's version has it
 *   (customer-phone.ts: 2026-10's smsMarketingConsent). Operations are answered by name from
 *   per-shop state (graphql.ts, app-billing.ts), with `extensions.cost` and a real leaky bucket per
 *   shop (requested cost must be available, else a THROTTLED error; actual cost is charged, the
 *   rest refunded; restoreRate points a second).
 * - Faults: `fail({ operation, status | throttle, retryAfter, times, when })` answers matching requests
 *   with an HTTP error (429 with Retry-After, 5xx) or a THROTTLED GraphQL error.
 * - App billing: appSubscriptionCreate / node / activeSubscriptions / cancel / usage records / cap
 *   updates from per-shop state; `approveAppSubscription()` plays the merchant on the confirmation
 *   page and `appSubscriptionWebhook()` gives the app_subscriptions/update body.
 * - Web pixels (web-pixels.ts): webPixel / webPixelCreate / webPixelUpdate / webPixelDelete, settings
 *   checked against the extension's settings definition.
 * - Draft orders (draft-orders.ts): draftOrderCreate with the shop's variants and discount codes.
 * - Hooks for other tests: `route(method, path, handler)` adds endpoints; `requests` records everything
 *   (the access token header is recorded as given, so tests can check who called).
 * SHOPIFY_ADMIN_BASE_URL is shared by every shop, so the shop is known from the access token (or the
 * authorization code), as one Shopify app host would know it.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readRequest, startServer, type FakeServer, type Json } from '../server.ts';
import { answerGraphql, send } from './admin-graphql.ts';
import { appSubscriptionWebhookBody, approveAppSubscription } from './app-billing-merchant.ts';
import type { FakeAppSubscription, FakeShopData, Fault, RouteHandler, ShopifyApp, ShopifyRequest } from './types.ts';

export type { FakeAppSubscription, FakeShopData, Fault, RouteHandler, ShopifyRequest } from './types.ts';

export class FakeShopify implements ShopifyApp {
  readonly requests: ShopifyRequest[] = [];
  readonly shops = new Map<string, FakeShopData>();
  private readonly codes = new Map<string, { shop: string; scopes: string[] }>();
  private readonly faults: Fault[] = [];
  private readonly routes = new Map<string, RouteHandler>();
  private server!: FakeServer;
  url = '';

  private constructor(
    readonly apiKey: string,
    readonly apiSecret: string,
  ) {}

  static async start({
    apiKey = 'fake-api-key',
    apiSecret = 'fake-api-secret',
  }: { apiKey?: string; apiSecret?: string } = {}): Promise<FakeShopify> {
    const fake = new FakeShopify(apiKey, apiSecret);
    fake.server = await startServer(
      (req, res) => fake.handle(req, res),
      (error, res) => send(res, 500, { errors: error.message }),
    );
    fake.url = fake.server.url;
    return fake;
  }

  close(): Promise<void> {
    return this.server.close();
  }

  addShop(domain: string, overrides: Partial<FakeShopData> = {}): FakeShopData {
    const name = domain.replace(/\.myshopify\.com$/, '');
    const shop: FakeShopData = {
      domain,
      info: {
        id: `gid://shopify/Shop/${Math.floor(Math.random() * 1e10)}`,
        name: `${name.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase())} Store`,
        email: `owner@${name}.example.com`,
        contactEmail: `help@${name}.example.com`,
        shopOwnerName: 'Casey Owner',
        myshopifyDomain: domain,
        primaryDomain: { url: `https://www.${name}.example.com`, host: `www.${name}.example.com` },
        currencyCode: 'USD',
        ianaTimezone: 'America/New_York',
        plan: { publicDisplayName: 'Basic', partnerDevelopment: false, shopifyPlus: false },
        billingAddress: { phone: '+12125550100' },
      },
      withheldScopes: [],
      grantedScopes: [],
      accessTokens: new Set(),
      tokenExpiry: new Map(),
      refreshTokens: new Map(),
      webhookSubscriptions: [],
      abandonedCheckouts: [],
      products: [],
      orders: [],
      customers: [],
      discounts: [],
      appSubscriptions: [],
      webPixel: null,
      draftOrders: [],
      scriptTags: [],
      bucket: { maximumAvailable: 2000, restoreRate: 100, available: 2000, at: Date.now() },
      nextId: 1000,
      ...overrides,
    };
    this.shops.set(domain, shop);
    return shop;
  }

  shop(domain: string): FakeShopData {
    const shop = this.shops.get(domain);
    if (!shop) throw new Error(`fake Shopify: unknown shop ${domain}`);
    return shop;
  }

  /**
   * Adds `hmac` as Shopify does: the hex HMAC-SHA256, under the app secret, of every other parameter
   * as `key=value` (decoded values; `%` and `&` escaped, and `=` in keys), sorted and joined with `&`.
   */
  sign(params: Record<string, string>, secret = this.apiSecret): URLSearchParams {
    const entries = Object.entries(params).filter(([key]) => key !== 'hmac' && key !== 'signature');
    const escape = (text: string, chars: RegExp): string =>
      text.replace(chars, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
    const message = entries
      .map(([key, value]) => `${escape(key, /[%&=]/g)}=${escape(value, /[%&]/g)}`)
      .sort()
      .join('&');
    return new URLSearchParams([
      ...entries.sort(([a], [b]) => (a < b ? -1 : 1)),
      ['hmac', createHmac('sha256', secret).update(message).digest('hex')],
    ]);
  }

  /** The query Shopify sends to the app URL when a merchant installs or opens the app. */
  openQuery(shop: string, extra: Record<string, string> = {}): URLSearchParams {
    return this.sign({ shop, host: hostParam(shop), timestamp: String(Math.floor(Date.now() / 1000)), ...extra });
  }

  /**
   * The merchant approves the authorize page `location` (our redirect): checks client_id, issues a
   * one-time code for the scopes asked minus the withheld ones, and returns the signed callback URL.
   */
  approveInstall(location: string, shop: string): URL {
    const authorize = new URL(location);
    if (authorize.pathname !== '/admin/oauth/authorize')
      throw new Error(`fake Shopify: not an authorize URL: ${location}`);
    if (authorize.searchParams.get('client_id') !== this.apiKey) throw new Error('fake Shopify: wrong client_id');
    const state = authorize.searchParams.get('state');
    const redirect = authorize.searchParams.get('redirect_uri');
    if (!state || !redirect) throw new Error('fake Shopify: authorize URL without state or redirect_uri');
    const data = this.shop(shop);
    const asked = (authorize.searchParams.get('scope') ?? '').split(',').filter(Boolean);
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, { shop, scopes: asked.filter((scope) => !data.withheldScopes.includes(scope)) });
    const callback = new URL(redirect);
    for (const [key, value] of this.sign({
      code,
      host: hostParam(shop),
      shop,
      state,
      timestamp: String(Math.floor(Date.now() / 1000)),
    }))
      callback.searchParams.set(key, value);
    return callback;
  }

  /** A token for a shop without going through OAuth (for tests that start connected). */
  issueToken(shop: string, scopes: string[] = []): string {
    const token = `shpat_${randomBytes(16).toString('hex')}`;
    const data = this.shop(shop);
    data.accessTokens.add(token);
    if (scopes.length > 0) data.grantedScopes = scopes;
    return token;
  }

  /** An expiring offline token and its refresh token, as the code exchange with `expiring: "1"` answers. */
  issueExpiringToken(
    shop: string,
    { expiresIn = 3600, refreshExpiresIn = 7_776_000 }: { expiresIn?: number; refreshExpiresIn?: number } = {},
  ): Json & { access_token: string; refresh_token: string } {
    const data = this.shop(shop);
    const access = this.issueToken(shop);
    data.tokenExpiry.set(access, Date.now() + expiresIn * 1000);
    const refresh = `shprt_${randomBytes(16).toString('hex')}`;
    data.refreshTokens.set(refresh, { expiresAt: Date.now() + refreshExpiresIn * 1000 });
    return {
      access_token: access,
      scope: data.grantedScopes.join(','),
      expires_in: expiresIn,
      refresh_token: refresh,
      refresh_token_expires_in: refreshExpiresIn,
    };
  }

  fail(fault: Fault): void {
    this.faults.push({ times: 1, ...fault });
  }

  /** Drops every pending fault. */
  clearFaults(): void {
    this.faults.length = 0;
  }

  /** Refills a shop's bucket (tests that count requests start from a full one). */
  refill(domain: string): void {
    const bucket = this.shop(domain).bucket;
    Object.assign(bucket, { available: bucket.maximumAvailable, at: Date.now() });
  }

  route(method: string, path: string, handler: RouteHandler): void {
    this.routes.set(`${method.toUpperCase()} ${path}`, handler);
  }

  /** Removes a route added with `route` (the built-in answer comes back). */
  unroute(method: string, path: string): void {
    this.routes.delete(`${method.toUpperCase()} ${path}`);
  }

  /** GraphQL requests (of one operation) that were served, not throttled. */
  operations(name?: string): ShopifyRequest[] {
    return this.requests.filter(
      (request) => request.operation && !request.throttled && (!name || request.operation === name),
    );
  }

  /**
   * The merchant approves (or declines) a pending app subscription, or a pending usage-cap change,
   * on the confirmation page; returns the return URL with `charge_id` Shopify redirects to.
   */
  approveAppSubscription(shop: string, id: string, options: { status?: 'ACTIVE' | 'DECLINED' } = {}): URL {
    return approveAppSubscription(this.shop(shop), id, options);
  }

  /** The `app_subscriptions/update` webhook body for the subscription as it is now. */
  appSubscriptionWebhook(shop: string, id: string): Json {
    return appSubscriptionWebhookBody(this.shop(shop), id);
  }

  appSubscriptions(shop: string): FakeAppSubscription[] {
    return this.shop(shop).appSubscriptions;
  }

  nextGid(shop: FakeShopData, type: string): string {
    shop.nextId += 1;
    return `gid://shopify/${type}/${shop.nextId}`;
  }

  private takeFault(request: ShopifyRequest): Fault | undefined {
    const index = this.faults.findIndex(
      (fault) =>
        (fault.times ?? 1) > 0 &&
        (!fault.operation || fault.operation === request.operation) &&
        (!fault.path || fault.path === request.path) &&
        (!fault.when || fault.when(request)),
    );
    if (index < 0) return undefined;
    const fault = this.faults[index]!;
    fault.times = (fault.times ?? 1) - 1;
    return fault;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const request: ShopifyRequest = (await readRequest(req, 'json')) as ShopifyRequest;
    if (request.malformed) return send(res, 400, { errors: 'Bad Request: malformed JSON' });
    const { path, body } = request;
    request.operation =
      typeof body?.query === 'string' ? /^\s*(?:query|mutation)\s+(\w+)/.exec(body.query)?.[1] : undefined;
    request.variables = (body?.variables as Json | undefined) ?? {};
    this.requests.push(request);

    const custom = this.routes.get(`${request.method} ${path}`);
    if (custom) return void (await custom(request, res));
    if (request.method === 'POST' && path === '/admin/oauth/access_token') return this.tokenExchange(body, res);
    if (request.method === 'POST' && /^\/admin\/api\/\d{4}-\d{2}\/graphql\.json$/.test(path))
      return answerGraphql(this, this.shops.values(), request, res, (served) => this.takeFault(served));
    send(res, 404, { errors: 'Not Found' });
  }

  private tokenExchange(body: Json | undefined, res: ServerResponse): void {
    if (body?.client_id !== this.apiKey || body?.client_secret !== this.apiSecret)
      return send(res, 400, { error: 'invalid_client', error_description: 'Client credentials are invalid' });
    if (body.grant_type === 'refresh_token') return this.refreshGrant(body, res);
    if (body.grant_type !== undefined && body.grant_type !== 'authorization_code')
      return send(res, 400, { error: 'unsupported_grant_type', error_description: 'The grant type is not supported' });
    const grant = typeof body.code === 'string' ? this.codes.get(body.code) : undefined;
    if (!grant)
      return send(res, 400, {
        error: 'invalid_request',
        error_description: 'The authorization code was not found or was already used',
      });
    this.codes.delete(body.code as string);
    const shop = this.shop(grant.shop);
    shop.grantedScopes = grant.scopes;
    if (body.expiring === '1' || body.expiring === 1) return send(res, 200, this.issueExpiringToken(grant.shop));
    send(res, 200, { access_token: this.issueToken(grant.shop), scope: grant.scopes.join(',') });
  }

  private refreshGrant(body: Json, res: ServerResponse): void {
    const token = typeof body.refresh_token === 'string' ? body.refresh_token : '';
    const shop = [...this.shops.values()].find((candidate) => {
      const entry = candidate.refreshTokens.get(token);
      return entry !== undefined && entry.expiresAt > Date.now();
    });
    if (!shop)
      return send(res, 400, { error: 'invalid_grant', error_description: 'The refresh token is invalid or expired' });
    const issued = this.issueExpiringToken(shop.domain);
    shop.refreshTokens.get(token)!.retiredBy = issued.access_token;
    send(res, 200, issued);
  }
}

/** Shopify's `host` parameter: base64 of admin.shopify.com/store/{name}, unpadded. */
export function hostParam(shop: string): string {
  return Buffer.from(`admin.shopify.com/store/${shop.replace(/\.myshopify\.com$/, '')}`)
    .toString('base64')
    .replace(/=+$/, '');
}
