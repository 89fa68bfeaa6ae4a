/**
 * A fake Stripe on 127.0.0.1 speaking the v1 wire format closely enough for the official `stripe`
 * library (pointed here with host/port/protocol) to work against it, with objects shaped as API
 * version 2023-08-16 returns them (the version production pins):
 * - Requests are form encoded with bracket nesting (`metadata[k]=v`, `items[0][price]=p`, `expand[]=x`);
 *   values stay strings and are coerced where Stripe coerces (integers, booleans). Unknown top-level
 *   parameters are refused as Stripe refuses them (`parameter_unknown`), so a typo fails here too.
 * - `Authorization: Bearer <key>` (or Basic) must carry `apiKey`; errors use Stripe's envelope
 *   `{ error: { type, code?, message, param? } }`; POSTs honour `Idempotency-Key` (a replay answers the
 *   stored response with `Idempotent-Replayed: true`; the same key with other parameters is an
 *   idempotency_error); lists are newest first with `limit` and `starting_after`/`ending_before`.
 * - Endpoints: customers, products, prices, coupons, promotion_codes, checkout/sessions,
 *   subscriptions, invoiceitems, invoices (+ finalize, pay, void), billing_portal/sessions, events.
 * - Test controls play what happens outside the API: `completeCheckout` (the customer pays),
 *   `setSubscriptionStatus`, `renewSubscription`, `payInvoice`, and `event()` builds the Event JSON a
 *   webhook delivers (sign it with the library's `webhooks.generateTestHeaderString` or `signPayload`).
 *   `fail()` makes matching requests answer a Stripe error.
 * Deliberately not modelled: payment methods and intents, taxes, schedules, tiers, metered usage,
 * and the events Stripe would send on its own after API calls (tests build the ones they need).
 */
import { createHmac } from 'node:crypto';
import { sendJson, startServer, type FakeServer } from '../server.ts';
import { checkoutRoutes, completeCheckout } from './checkout.ts';
import { couponRoutes } from './coupons.ts';
import { customerRoutes } from './customers.ts';
import { eventRoutes } from './events.ts';
import { handleRequest } from './http.ts';
import { invoiceItemRoutes } from './invoice-items.ts';
import { invoiceRoutes, payInvoice } from './invoices.ts';
import { portalRoutes } from './portal.ts';
import { productRoutes } from './products.ts';
import { StripeState } from './state.ts';
import { subscriptionRoutes } from './subscription-api.ts';
import { endSubscription, renewSubscription, setSubscriptionStatus } from './subscriptions.ts';
import type {
  AddRoute,
  FakeInvoice,
  FakeStripeFault,
  Route,
  StripeEvent,
  StripeRequest,
  SubscriptionStatus,
} from './types.ts';

export { addInterval, FAKE_STRIPE_API_VERSION } from './common.ts';
export type * from './types.ts';

export interface FakeStripeOptions {
  /** The secret key requests must carry (default 'sk_test_reclaim'). */
  apiKey?: string;
}

export class FakeStripe extends StripeState {
  private readonly routes: Route[] = [];
  private server!: FakeServer;

  private constructor(readonly apiKey: string) {
    super();
    const route: AddRoute = (method, pattern, handle) => void this.routes.push({ method, pattern, handle });
    for (const define of [
      customerRoutes,
      productRoutes,
      couponRoutes,
      checkoutRoutes,
      subscriptionRoutes,
      invoiceItemRoutes,
      invoiceRoutes,
      portalRoutes,
      eventRoutes,
    ])
      define(this, route);
  }

  static async start({ apiKey = 'sk_test_reclaim' }: FakeStripeOptions = {}): Promise<FakeStripe> {
    const fake = new FakeStripe(apiKey);
    fake.server = await startServer(
      (req, res) => handleRequest(fake, { apiKey, routes: fake.routes }, req, res),
      (error, res) =>
        sendJson(res, 500, { error: { type: 'api_error', message: `fake Stripe crashed: ${error.message}` } }),
    );
    fake.port = fake.server.port;
    fake.baseUrl = fake.server.url;
    return fake;
  }

  close(): Promise<void> {
    return this.server.close();
  }

  /** Matching requests (after the API key check) answer a Stripe error, `times` times. */
  fail(fault: FakeStripeFault): void {
    this.faults.push({ ...fault, times: fault.times ?? 1 });
  }

  /** Drops every pending fault. */
  clearFaults(): void {
    this.faults.length = 0;
  }

  /** Requests served, optionally only those of one method and path (string or RegExp). */
  calls(method?: string, path?: string | RegExp): StripeRequest[] {
    return this.requests.filter(
      (r) =>
        (!method || r.method === method.toUpperCase()) &&
        (!path || (typeof path === 'string' ? r.path === path : path.test(r.path))),
    );
  }

  // Test controls: what happens outside the API. event() (on StripeState) builds the Event a webhook delivers.

  /** The `Stripe-Signature` header Stripe would send with `payload` for an endpoint secret. */
  signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
    const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
    return `t=${timestamp},v1=${signature}`;
  }

  /**
   * Plays the customer paying on the hosted page: creates the customer when the session had none,
   * the subscription (trialing when the session asked for a trial, or when `status` says so) with
   * its first invoice (paid), redeems the discount, completes the session, and returns the
   * `checkout.session.completed` event.
   */
  completeCheckout(sessionId: string, options: { status?: 'active' | 'trialing' } = {}): StripeEvent {
    return completeCheckout(this, sessionId, options);
  }

  /** Moves a subscription to `status` and returns the `customer.subscription.updated` event. */
  setSubscriptionStatus(id: string, status: SubscriptionStatus): StripeEvent {
    return setSubscriptionStatus(this, id, status);
  }

  /** Cancels a subscription now (as Stripe does at period end or after failed payments): `customer.subscription.deleted`. */
  endSubscription(id: string): StripeEvent {
    return endSubscription(this, id);
  }

  /**
   * Plays a billing cycle: the period moves forward (a trial ends), an invoice for the new period
   * is created with the subscription's lines plus the customer's pending invoice items, finalized,
   * and paid (or its payment fails: invoice open, subscription past_due). Returns the events
   * `customer.subscription.updated` and `invoice.paid` / `invoice.payment_failed`.
   */
  renewSubscription(id: string, options: { paid?: boolean } = {}): { invoice: FakeInvoice; events: StripeEvent[] } {
    return renewSubscription(this, id, options);
  }

  /** Pays an open invoice (the customer's card succeeds) and returns the `invoice.paid` event. */
  payInvoice(id: string): StripeEvent {
    return payInvoice(this, id);
  }
}

/** Starts a fake Stripe on a free port of 127.0.0.1. */
export function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  return FakeStripe.start(options);
}
