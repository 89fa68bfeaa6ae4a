/** Everything the fake Stripe holds: its objects, requests, events, faults and clock. */
import type { Json } from '../server.ts';
import { clone, FAKE_STRIPE_API_VERSION, newId } from './common.ts';
import { invalid, noSuch, readInt, readString } from './params.ts';
import type {
  FakeCheckoutSession,
  FakeCoupon,
  FakeCustomer,
  FakeInvoice,
  FakeInvoiceItem,
  FakePortalSession,
  FakePrice,
  FakeProduct,
  FakePromotionCode,
  FakeStripeFault,
  FakeSubscription,
  SessionPlan,
  StripeEvent,
  StripeObject,
  StripeRequest,
} from './types.ts';

/** Path pattern of a v1 endpoint (`path` after /v1/), and the pattern of an id in it. */
export const v1 = (path: string): RegExp => new RegExp(`^/v1/${path}$`);
export const ID = '([^/]+)';

export class StripeState {
  readonly requests: StripeRequest[] = [];
  readonly events: StripeEvent[] = [];
  readonly customers = new Map<string, FakeCustomer>();
  readonly products = new Map<string, FakeProduct>();
  readonly prices = new Map<string, FakePrice>();
  readonly coupons = new Map<string, FakeCoupon>();
  readonly promotionCodes = new Map<string, FakePromotionCode>();
  readonly sessions = new Map<string, FakeCheckoutSession>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly invoiceItems = new Map<string, FakeInvoiceItem>();
  readonly invoices = new Map<string, FakeInvoice>();
  readonly portalSessions = new Map<string, FakePortalSession>();
  /** Fixed clock in unix seconds for objects the fake creates; undefined follows the wall clock. */
  clock: number | undefined;
  port = 0;
  baseUrl = '';

  readonly sessionPlans = new Map<string, SessionPlan>();
  /** Answers saved per Idempotency-Key. */
  readonly idempotent = new Map<
    string,
    { method: string; path: string; body: string; status: number; response: unknown }
  >();
  readonly faults: Array<FakeStripeFault & { times: number }> = [];
  /** Discounts of duration 'once' already spent on an invoice. */
  readonly spentDiscounts = new Set<string>();

  /** Forgets every object, request, event, fault and idempotency key (the server keeps running). */
  reset(): void {
    for (const store of [
      this.customers,
      this.products,
      this.prices,
      this.coupons,
      this.promotionCodes,
      this.sessions,
      this.subscriptions,
      this.invoiceItems,
      this.invoices,
      this.portalSessions,
      this.sessionPlans,
      this.idempotent,
    ])
      store.clear();
    this.requests.length = 0;
    this.events.length = 0;
    this.faults.length = 0;
    this.spentDiscounts.clear();
    this.clock = undefined;
  }

  /** The fake's clock, in unix seconds. */
  now(): number {
    return this.clock ?? Math.floor(Date.now() / 1000);
  }

  /** Builds a Stripe Event (2023-08-16) around a snapshot of `object` and keeps it in `events`. */
  event(type: string, object: Json, previousAttributes?: Json): StripeEvent {
    const event: StripeEvent = {
      id: newId('evt_'),
      object: 'event',
      api_version: FAKE_STRIPE_API_VERSION,
      created: this.now(),
      data: {
        object: clone(object),
        ...(previousAttributes ? { previous_attributes: clone(previousAttributes) } : {}),
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.events.push(event);
    return event;
  }

  /** The object (or event) with this id, for `expand[]`. */
  lookup(id: string): StripeObject | undefined {
    for (const store of [
      this.customers,
      this.products,
      this.prices,
      this.promotionCodes,
      this.sessions,
      this.subscriptions,
      this.invoiceItems,
      this.invoices,
      this.portalSessions,
      this.coupons,
    ]) {
      const found = (store as Map<string, StripeObject>).get(id);
      if (found) return found;
    }
    return this.events.find((event) => event.id === id) as unknown as StripeObject | undefined;
  }

  /** The line items a checkout session was created with. */
  checkoutLineItems(sessionId: string): Json[] {
    return this.sessionPlans.get(sessionId)?.lineItems ?? [];
  }

  /** One page of a list endpoint: newest first, `limit`, `starting_after` / `ending_before`. */
  list<T extends StripeObject>(items: Iterable<T>, params: Json, url: string, thing: string): Json {
    const limit = readInt(params, 'limit') ?? 10;
    if (limit < 1 || limit > 100)
      throw invalid(`This value must be between 1 and 100 (it currently is '${limit}').`, 'limit');
    const all = [...items].reverse().sort((a, b) => b.created - a.created);
    const after = readString(params, 'starting_after');
    const before = readString(params, 'ending_before');
    let page: T[];
    let hasMore: boolean;
    if (after) {
      const index = all.findIndex((item) => item.id === after);
      if (index < 0) throw noSuch(thing, after, 'starting_after', 400);
      const rest = all.slice(index + 1);
      page = rest.slice(0, limit);
      hasMore = rest.length > limit;
    } else if (before) {
      const index = all.findIndex((item) => item.id === before);
      if (index < 0) throw noSuch(thing, before, 'ending_before', 400);
      const rest = all.slice(0, index);
      page = rest.slice(-limit);
      hasMore = rest.length > limit;
    } else {
      page = all.slice(0, limit);
      hasMore = all.length > limit;
    }
    return { object: 'list', data: page, has_more: hasMore, url };
  }

  /** The object with this id, else Stripe's resource_missing (404, or 400 when it came in parameter `param`). */
  need<T>(store: Map<string, T>, id: string, thing: string, param?: string): T {
    const found = store.get(id);
    if (!found) throw param ? noSuch(thing, id, param, 400) : noSuch(thing, id);
    return found;
  }
}
