/**
 * The Stripe gateway through the official `stripe` library, API version pinned to 2023-08-16
 * (spec 1 section 9) whatever the SDK's default. Objects come back in that version's shapes, which
 * the SDK's types (written for its own version) do not always describe: the few fields read here
 * are typed locally. STRIPE_API_BASE_URL points the client elsewhere (a local fake in tests).
 * Errors become AppError 'upstream' with Stripe's message; the secret key never appears.
 */
import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import { AppError, scrubProviderText, type Config } from '../app/index.ts';
import {
  PROMOTION_CODE_MAX_REDEMPTIONS,
  PROMOTION_CODE_VALID_DAYS,
  STRIPE_API_VERSION,
  SUBSCRIPTION_LIST_LIMIT,
  stripeEventProblems,
  stripeFeatureNames,
  toCents,
} from './rules.ts';

export type StripeClient = Stripe;

/** The subscription fields we read, as API version 2023-08-16 sends them. */
export interface StripeSubscription {
  id: string;
  status: string;
  customer: string;
  current_period_start: number;
  current_period_end: number;
  trial_start: number | null;
  trial_end: number | null;
  canceled_at: number | null;
  metadata: Record<string, string>;
  items: { data: { id: string; price: { id: string } }[] };
}

export interface StripeCheckoutSession {
  id: string;
  url: string | null;
  status: string | null;
  expires_at: number;
  customer: string | null;
  subscription: string | null;
  metadata: Record<string, string> | null;
}

export interface StripeInvoice {
  id: string;
  status: string | null;
  customer: string;
  subscription: string | null;
  total: number;
  metadata: Record<string, string> | null;
}

let library: typeof Stripe | undefined;

/**
 * The stripe library, loaded on its first use rather than when src/billing is imported, so a command
 * that never calls Stripe does not load it; require keeps the callers synchronous.
 */
function stripeLibrary(): typeof Stripe {
  return (library ??= createRequire(import.meta.url)('stripe') as typeof Stripe);
}

/** A Stripe client for the configured key and base URL; 'Stripe is not configured' without a key. */
export function createStripeClient(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE_URL'>): StripeClient {
  if (!config.STRIPE_SECRET_KEY)
    throw new AppError('invalid_input', 'Stripe is not configured: set STRIPE_SECRET_KEY.', {
      code: 'stripe_not_configured',
    });
  const base = config.STRIPE_API_BASE_URL ? new URL(config.STRIPE_API_BASE_URL) : undefined;
  const Library = stripeLibrary();
  return new Library(config.STRIPE_SECRET_KEY, {
    apiVersion: STRIPE_API_VERSION as Stripe.LatestApiVersion,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Reclaim' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

/** Runs one Stripe call; its failure becomes an AppError carrying Stripe's message and status. */
export async function stripeCall<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof stripeLibrary().errors.StripeError) {
      const kind = error.statusCode === 404 || error.code === 'resource_missing' ? 'not_found' : 'upstream';
      throw new AppError(kind, `Stripe refused to ${what}: ${scrubProviderText(error.message)}`, {
        code: 'stripe_error',
        details: { status: error.statusCode ?? null, type: error.type, stripe_code: error.code ?? null },
        cause: error,
      });
    }
    throw error;
  }
}

const asSubscription = (value: unknown): StripeSubscription => value as StripeSubscription;

/** One harmless call with the configured key (a one-customer list), for `reclaim doctor`. */
export async function checkStripeCredentials(stripe: StripeClient): Promise<string> {
  await stripeCall('list customers', () => stripe.customers.list({ limit: 1 }));
  return 'the secret key was accepted (customers list)';
}

/**
 * The brand's customer with this e-mail, else a new one with the brand's details. Customers of
 * other brands that share the e-mail (an agency's billing inbox) are never reused.
 */
export async function findOrCreateCustomer(
  stripe: StripeClient,
  input: {
    email: string;
    name?: string | null;
    phone?: string | null;
    metadata: Record<string, string> & { brand_id: string };
  },
): Promise<string> {
  const found = await stripeCall('list customers', () => stripe.customers.list({ email: input.email, limit: 100 }));
  const mine = found.data.find((customer) => customer.metadata?.brand_id === input.metadata.brand_id);
  if (mine) return mine.id;
  const created = await stripeCall('create a customer', () =>
    stripe.customers.create({
      email: input.email,
      name: input.name ?? undefined,
      phone: input.phone ?? undefined,
      metadata: input.metadata,
    }),
  );
  return created.id;
}

/** A product for the plan and its monthly USD price (amount = price x 100); returns the price id. */
export async function createPlanPrice(
  stripe: StripeClient,
  plan: { id: number; name: string; description: string | null; price: number; features: readonly unknown[] },
): Promise<string> {
  const features = stripeFeatureNames(plan.features);
  // 2023-08-16 calls a product's marketing features `features`.
  const productParams = {
    name: plan.name,
    ...(plan.description ? { description: plan.description } : {}),
    metadata: { plan_id: String(plan.id) },
    ...(features.length > 0 ? { features: features.map((name) => ({ name })) } : {}),
  } as Stripe.ProductCreateParams;
  const product = await stripeCall('create a product', () => stripe.products.create(productParams));
  const price = await stripeCall('create a price', () =>
    stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: plan.price * 100,
      recurring: { interval: 'month' },
      metadata: { plan_id: String(plan.id) },
    }),
  );
  return price.id;
}

/** A once-only coupon for the first-month discount and its one-redemption promotion code, valid a year. */
export async function createFirstMonthPromotion(
  stripe: StripeClient,
  input: { amountUsd: number; planName: string; subscriptionId: number; now?: Date },
): Promise<{ couponId: string; promotionCodeId: string; code: string }> {
  const metadata = { reclaim_subscription_id: String(input.subscriptionId) };
  const coupon = await stripeCall('create a coupon', () =>
    stripe.coupons.create({
      amount_off: toCents(input.amountUsd),
      currency: 'usd',
      duration: 'once',
      name: `First month: ${input.planName}`.slice(0, 40),
      metadata,
    }),
  );
  const expiresAt = Math.floor((input.now ?? new Date()).getTime() / 1000) + PROMOTION_CODE_VALID_DAYS * 86_400;
  // 2023-08-16 takes the coupon id as `coupon` (later versions nest it under `promotion`).
  const params = {
    coupon: coupon.id,
    max_redemptions: PROMOTION_CODE_MAX_REDEMPTIONS,
    expires_at: expiresAt,
    metadata,
  } as unknown as Stripe.PromotionCodeCreateParams;
  const promotion = await stripeCall('create a promotion code', () => stripe.promotionCodes.create(params));
  return { couponId: coupon.id, promotionCodeId: promotion.id, code: promotion.code };
}

export interface CheckoutInput {
  customerId: string;
  priceId: string;
  returnUrl: string;
  trialDays: number | null;
  promotionCodeId: string | null;
  metadata: Record<string, string>;
}

/** A checkout session in subscription mode: one unit of the plan's price, trial and discount as given. */
export async function createCheckoutSession(
  stripe: StripeClient,
  input: CheckoutInput,
): Promise<StripeCheckoutSession> {
  const session = await stripeCall('create a checkout session', () =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: input.customerId,
      line_items: [{ price: input.priceId, quantity: 1 }],
      success_url: input.returnUrl,
      cancel_url: input.returnUrl,
      metadata: input.metadata,
      subscription_data: {
        metadata: input.metadata,
        ...(input.trialDays ? { trial_period_days: input.trialDays } : {}),
      },
      ...(input.promotionCodeId ? { discounts: [{ promotion_code: input.promotionCodeId }] } : {}),
    }),
  );
  return session as unknown as StripeCheckoutSession;
}

/** Closes an open checkout so a cancelled subscription can no longer be paid for. */
export async function expireCheckoutSession(stripe: StripeClient, id: string): Promise<void> {
  const session = await retrieveCheckoutSession(stripe, id);
  if (session.status === 'open')
    await stripeCall('expire a checkout session', () => stripe.checkout.sessions.expire(id));
}

export async function retrieveCheckoutSession(stripe: StripeClient, id: string): Promise<StripeCheckoutSession> {
  return (await stripeCall('read a checkout session', () =>
    stripe.checkout.sessions.retrieve(id),
  )) as unknown as StripeCheckoutSession;
}

/** Every subscription of the account (any status), 100 a page. */
export async function listAllSubscriptions(stripe: StripeClient): Promise<StripeSubscription[]> {
  const all: StripeSubscription[] = [];
  let startingAfter: string | undefined;
  for (;;) {
    const page = await stripeCall('list subscriptions', () =>
      stripe.subscriptions.list({
        limit: SUBSCRIPTION_LIST_LIMIT,
        status: 'all',
        ...(startingAfter ? { starting_after: startingAfter } : {}),
      }),
    );
    all.push(...page.data.map(asSubscription));
    if (!page.has_more || page.data.length === 0) return all;
    startingAfter = page.data.at(-1)!.id;
  }
}

export async function retrieveSubscription(stripe: StripeClient, id: string): Promise<StripeSubscription> {
  return asSubscription(await stripeCall('read a subscription', () => stripe.subscriptions.retrieve(id)));
}

/** Moves a subscription to another price, invoicing the proration at once. */
export async function changeSubscriptionPrice(
  stripe: StripeClient,
  subscription: StripeSubscription,
  priceId: string,
  metadata: Record<string, string>,
): Promise<StripeSubscription> {
  const item = subscription.items.data[0];
  return asSubscription(
    await stripeCall('update a subscription', () =>
      stripe.subscriptions.update(subscription.id, {
        proration_behavior: 'always_invoice',
        items: [{ ...(item ? { id: item.id } : {}), price: priceId }],
        metadata,
      }),
    ),
  );
}

export async function cancelSubscription(stripe: StripeClient, id: string): Promise<StripeSubscription> {
  return asSubscription(await stripeCall('cancel a subscription', () => stripe.subscriptions.cancel(id)));
}

/** An invoice item for one usage charge; the idempotency key makes a retry after a crash harmless. */
export async function createUsageInvoiceItem(
  stripe: StripeClient,
  input: { customerId: string; subscriptionId: string; amountUsd: number; description: string; chargeId: number },
): Promise<string> {
  const item = await stripeCall('create an invoice item', () =>
    stripe.invoiceItems.create(
      {
        customer: input.customerId,
        subscription: input.subscriptionId,
        amount: toCents(input.amountUsd),
        currency: 'usd',
        description: input.description,
        metadata: { reclaim_charge_id: String(input.chargeId) },
      },
      { idempotencyKey: `reclaim-usage-charge-${input.chargeId}` },
    ),
  );
  return item.id;
}

/** The invoice an invoice item was billed on (null while it is still pending). */
export async function invoiceOfItem(stripe: StripeClient, itemId: string): Promise<string | null> {
  const item = await stripeCall('read an invoice item', () => stripe.invoiceItems.retrieve(itemId));
  const invoice = item.invoice as string | { id: string } | null;
  return typeof invoice === 'string' ? invoice : (invoice?.id ?? null);
}

export async function retrieveInvoice(stripe: StripeClient, id: string): Promise<StripeInvoice> {
  return (await stripeCall('read an invoice', () => stripe.invoices.retrieve(id))) as unknown as StripeInvoice;
}

/** An invoice of the subscription's pending items, finalised at once. */
export async function invoicePendingItems(
  stripe: StripeClient,
  input: { customerId: string; subscriptionId: string; key: string },
): Promise<StripeInvoice> {
  const draft = await stripeCall('create an invoice', () =>
    stripe.invoices.create(
      {
        customer: input.customerId,
        subscription: input.subscriptionId,
        pending_invoice_items_behavior: 'include',
        auto_advance: true,
        metadata: { reclaim: 'usage' },
      },
      { idempotencyKey: `reclaim-usage-invoice-${input.key}` },
    ),
  );
  // A retry after a crash replays the create; the invoice may be finalised already.
  const current = await retrieveInvoice(stripe, draft.id!);
  if (current.status !== 'draft') return current;
  return (await stripeCall('finalise an invoice', () =>
    stripe.invoices.finalizeInvoice(draft.id!),
  )) as unknown as StripeInvoice;
}

export async function createPortalSession(
  stripe: StripeClient,
  input: { customerId: string; returnUrl?: string },
): Promise<string> {
  const session = await stripeCall('open the billing portal', () =>
    stripe.billingPortal.sessions.create({
      customer: input.customerId,
      ...(input.returnUrl ? { return_url: input.returnUrl } : {}),
    }),
  );
  return session.url;
}

/** A verified webhook delivery: Stripe's Event as sent, its envelope checked. */
export interface StripeWebhookEvent {
  id: string;
  type: string;
  created: number;
  api_version?: string | null;
  data: { object: Record<string, unknown> };
  [field: string]: unknown;
}

const STRIPE_BAD_SIGNATURE = 'The request is not from Stripe: the Stripe-Signature header does not verify.';
const STRIPE_NOT_JSON = 'Malformed JSON body: the Stripe-Signature verifies but the body is not a JSON Stripe event.';

/**
 * A webhook delivery checked in the library's order: the Stripe-Signature header over the raw bytes
 * (`verifyHeader`, what `constructEvent` runs before it parses), then the JSON, then the Event
 * envelope. Not signed, or no secret: 401 bad_signature. Signed but not JSON: 400 malformed_json.
 * Signed JSON that is not an Event (no id, type, created or data.object): 400 invalid_payload.
 */
export function verifyStripeWebhook(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string | undefined,
): StripeWebhookEvent {
  if (!secret || !signature || !signatureVerifies(rawBody, signature, secret))
    throw new AppError('unauthorized', STRIPE_BAD_SIGNATURE, { code: 'bad_signature' });
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new AppError('invalid_input', STRIPE_NOT_JSON, { code: 'malformed_json' });
  }
  const problems = stripeEventProblems(body);
  if (problems.length > 0)
    throw new AppError('invalid_input', `Invalid Stripe event: ${problems.join('; ')}.`, { code: 'invalid_payload' });
  return body as StripeWebhookEvent;
}

function signatureVerifies(rawBody: Buffer, signature: string, secret: string): boolean {
  try {
    return stripeLibrary().webhooks.signature?.verifyHeader(rawBody, signature, secret) === true;
  } catch (error) {
    if (error instanceof stripeLibrary().errors.StripeSignatureVerificationError) return false;
    throw error;
  }
}
