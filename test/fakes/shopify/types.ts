/** The fake Shopify's state and the types its parts share. */
import type { ServerResponse } from 'node:http';
import type { Json, RecordedRequest } from '../server.ts';

/** A request to the fake; GraphQL requests carry their operation, variables and shop. */
export interface ShopifyRequest extends RecordedRequest<Json | undefined> {
  operation?: string;
  variables?: Json;
  shop?: string;
  /** Set when the fake answered THROTTLED (the request was not served). */
  throttled?: boolean;
}

export interface FakeShopData {
  domain: string;
  info: Json;
  /** Scopes the merchant's approval leaves out (to test 'Permissions required'). */
  withheldScopes: string[];
  grantedScopes: string[];
  accessTokens: Set<string>;
  /** Expiry (ms since epoch) of expiring access tokens; a token not listed never expires. */
  tokenExpiry: Map<string, number>;
  /** Live refresh tokens; `retiredBy` is the access token whose first use ends this one. */
  refreshTokens: Map<string, { retiredBy?: string; expiresAt: number }>;
  webhookSubscriptions: {
    id: string;
    topic: string;
    uri: string;
    format: string;
    createdAt: string;
    updatedAt: string;
  }[];
  abandonedCheckouts: (Json & { id: string; updatedAt: string; lineItems: Json[]; recovered?: boolean })[];
  products: Json[];
  orders: Json[];
  customers: Json[];
  discounts: { id: string; code: string; kind: 'basic' | 'free_shipping'; input: Json }[];
  /** App billing: the app's subscriptions on this shop, with their lines and usage records. */
  appSubscriptions: FakeAppSubscription[];
  /** The app's web pixel on the shop (settings as the JSON string Shopify keeps), or null. */
  webPixel: { id: string; settings: string } | null;
  /** Script tags the app created (legacyResourceId is the numeric part of the id). */
  scriptTags: Json[];
  /** Draft orders created by the app, with the input they were created from. */
  draftOrders: (Json & { id: string; input: Json })[];
  bucket: { maximumAvailable: number; restoreRate: number; available: number; at: number };
  nextId: number;
}

export interface Fault {
  operation?: string;
  path?: string;
  when?: (request: ShopifyRequest) => boolean;
  /** HTTP status to answer (429, 500, 503, 401 ...). */
  status?: number;
  retryAfter?: string;
  /** Answer a THROTTLED GraphQL error with this bucket state (HTTP 200, as Shopify does). */
  throttle?: { requested: number; available: number; restoreRate?: number };
  times?: number;
}

export type RouteHandler = (request: ShopifyRequest, res: ServerResponse) => void | Promise<void>;

/** What the GraphQL operations need from the fake as a whole. */
export interface ShopifyApp {
  readonly url: string;
  readonly apiSecret: string;
  nextGid(shop: FakeShopData, type: string): string;
}

export interface GraphqlContext {
  fake: ShopifyApp;
  shop: FakeShopData;
  variables: Json;
  /** The document as sent, and the API version of the request's path (2026-07 ...). */
  query: string;
  version: string;
}

export interface GraphqlHandler {
  cost(ctx: GraphqlContext): number;
  /** `errors`: top-level GraphQL errors sent beside `data` (ACCESS_DENIED on a field, say). */
  run(ctx: GraphqlContext): { data: Json; actual: number; errors?: Json[] };
  /** Variables Shopify type-checks before running: variable name -> its input object or enum type. */
  inputs?: Record<string, InputType | EnumType>;
}

/**
 * An input object type as Shopify's schema (2026-07) declares it: each field either a leaf (true)
 * or a nested input type. Enough to refuse, like Shopify, a field the type does not have.
 */
export interface InputType {
  name: string;
  /** A leaf (true), a nested input type, or an enum (its value checked like Shopify does). */
  fields: Record<string, true | InputType | EnumType>;
}

/** An enum type as Shopify's schema declares it (the values the fake knows of it). */
export interface EnumType {
  name: string;
  values: readonly string[];
}

// App billing: app subscriptions with a recurring and a usage line, usage records, caps.

export type FakeAppSubscriptionStatus = 'PENDING' | 'ACTIVE' | 'CANCELLED' | 'DECLINED' | 'EXPIRED' | 'FROZEN';
/** Money kept in cents so balances add up exactly. */
export interface FakeMoney {
  cents: number;
  currencyCode: string;
}
export interface FakeUsageRecord {
  id: string;
  price: FakeMoney;
  description: string;
  idempotencyKey: string | null;
  createdAt: string;
}
export interface FakeAppSubscriptionLine {
  id: string;
  kind: 'recurring' | 'usage';
  interval: string;
  price?: FakeMoney;
  discount?: { amountCents?: number; percentage?: number; durationLimitInIntervals: number | null };
  cappedAmount?: FakeMoney;
  /** A cap asked for with appSubscriptionLineItemUpdate, applied when the merchant approves it. */
  pendingCappedAmount?: FakeMoney;
  terms?: string;
  balanceUsedCents: number;
  usageRecords: FakeUsageRecord[];
}
export interface FakeAppSubscription {
  id: string;
  name: string;
  status: FakeAppSubscriptionStatus;
  test: boolean;
  trialDays: number;
  returnUrl: string;
  replacementBehavior: string;
  createdAt: string;
  updatedAt: string;
  activatedAt: string | null;
  currentPeriodEnd: string | null;
  cancelledAt: string | null;
  /** The `prorate` argument of the cancellation (null until cancelled by the app). */
  prorated: boolean | null;
  lineItems: FakeAppSubscriptionLine[];
}
