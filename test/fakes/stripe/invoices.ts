/** The fake Stripe's invoices: drafts, lines, totals, finalization and payment. */
import { clone, discountAmount, money, newId } from './common.ts';
import { PARAMS } from './endpoint-params.ts';
import {
  allowOnly,
  invalid,
  mergeMetadata,
  readBool,
  readEnum,
  readMetadata,
  readString,
  requireString,
} from './params.ts';
import { ID, type StripeState, v1 } from './state.ts';
import type {
  AddRoute,
  FakeCustomer,
  FakeInvoice,
  FakeInvoiceItem,
  FakeInvoiceLine,
  FakeSubscription,
  Metadata,
  StripeEvent,
} from './types.ts';

export function newInvoice(
  state: StripeState,
  input: {
    customer: FakeCustomer;
    subscription: FakeSubscription | null;
    billingReason: string;
    currency: string;
    autoAdvance: boolean;
    description?: string | null;
    metadata?: Metadata;
  },
): FakeInvoice {
  const now = state.now();
  const id = newId('in_');
  const invoice: FakeInvoice = {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Reclaim Test',
    account_tax_ids: null,
    amount_due: 0,
    amount_paid: 0,
    amount_remaining: 0,
    amount_shipping: 0,
    application: null,
    application_fee_amount: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: input.autoAdvance,
    automatic_tax: { enabled: false, status: null },
    billing_reason: input.billingReason,
    charge: null,
    collection_method: 'charge_automatically',
    created: now,
    currency: input.currency,
    custom_fields: null,
    customer: input.customer.id,
    customer_address: null,
    customer_email: input.customer.email,
    customer_name: input.customer.name,
    customer_phone: input.customer.phone,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: input.description ?? null,
    discount: null,
    discounts: [],
    due_date: null,
    effective_at: null,
    ending_balance: null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: [], has_more: false, total_count: 0, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: input.metadata ?? {},
    next_payment_attempt: null,
    number: null,
    on_behalf_of: null,
    paid: false,
    paid_out_of_band: false,
    payment_intent: null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: now,
    period_start: now,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    quote: null,
    receipt_number: null,
    rendering_options: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'draft',
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subscription: input.subscription?.id ?? null,
    subscription_details: { metadata: input.subscription ? clone(input.subscription.metadata) : null },
    subtotal: 0,
    subtotal_excluding_tax: 0,
    tax: null,
    test_clock: null,
    total: 0,
    total_discount_amounts: [],
    total_excluding_tax: 0,
    total_tax_amounts: [],
    transfer_data: null,
    webhooks_delivered_at: null,
  };
  state.invoices.set(id, invoice);
  return invoice;
}

export function itemLine(item: FakeInvoiceItem): FakeInvoiceLine {
  return {
    id: newId('il_'),
    object: 'line_item',
    amount: item.amount,
    amount_excluding_tax: item.amount,
    currency: item.currency,
    description: item.description,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice_item: item.id,
    livemode: false,
    metadata: item.metadata,
    period: item.period,
    plan: null,
    price: item.price,
    proration: item.proration,
    proration_details: { credited_items: null },
    quantity: item.quantity,
    subscription: item.subscription,
    tax_amounts: [],
    tax_rates: [],
    type: 'invoiceitem',
    unit_amount_excluding_tax: String(item.unit_amount),
  };
}

/** Pulls pending invoice items into a draft invoice (those of its subscription, or the customer's loose ones). */
export function attachPending(
  state: StripeState,
  invoice: FakeInvoice,
  { withLooseItems }: { withLooseItems: boolean },
): void {
  for (const item of state.invoiceItems.values()) {
    if (item.invoice || item.customer !== invoice.customer) continue;
    if (
      item.subscription ? item.subscription !== invoice.subscription : !withLooseItems && invoice.subscription !== null
    )
      continue;
    item.invoice = invoice.id;
    invoice.lines.data.push(itemLine(item));
  }
  recompute(invoice);
}

/** The invoice Stripe creates for a subscription period: one line per item (0 while trialing), plus pending items. */
export function subscriptionInvoice(
  state: StripeState,
  subscription: FakeSubscription,
  billingReason: 'subscription_create' | 'subscription_cycle',
): FakeInvoice {
  const customer = state.customers.get(subscription.customer)!;
  const invoice = newInvoice(state, {
    customer,
    subscription,
    billingReason,
    currency: subscription.currency as string,
    autoAdvance: true,
  });
  const trialing = subscription.trial_end !== null && subscription.trial_end > subscription.current_period_start;
  for (const item of subscription.items.data) {
    const product = state.products.get(item.price.product);
    const unit = trialing ? 0 : (item.price.unit_amount ?? 0);
    const interval = item.price.recurring!.interval;
    invoice.lines.data.push({
      id: newId('il_'),
      object: 'line_item',
      amount: unit * item.quantity,
      amount_excluding_tax: unit * item.quantity,
      currency: item.price.currency,
      description: trialing
        ? `Trial period for ${product?.name ?? item.price.id}`
        : `${item.quantity} × ${product?.name ?? item.price.id} (at ${money(item.price.unit_amount ?? 0, item.price.currency)} / ${interval})`,
      discount_amounts: [],
      discountable: true,
      discounts: [],
      livemode: false,
      metadata: {},
      period: { start: subscription.current_period_start, end: subscription.current_period_end },
      plan: item.plan,
      price: item.price,
      proration: false,
      proration_details: { credited_items: null },
      quantity: item.quantity,
      subscription: subscription.id,
      subscription_item: item.id,
      tax_amounts: [],
      tax_rates: [],
      type: 'subscription',
      unit_amount_excluding_tax: String(unit),
    });
  }
  Object.assign(invoice, {
    period_start: subscription.current_period_start,
    period_end: subscription.current_period_end,
  });
  if (subscription.discount) {
    const discount = subscription.discount;
    const spent = discount.coupon.duration === 'once' && state.spentDiscounts.has(discount.id);
    const expired = discount.end !== null && discount.end <= state.now();
    if (spent || expired) subscription.discount = null;
    else {
      invoice.discount = discount;
      invoice.discounts = [discount.id];
      state.spentDiscounts.add(discount.id);
    }
  }
  attachPending(state, invoice, { withLooseItems: true });
  return invoice;
}

export function recompute(invoice: FakeInvoice): void {
  const subtotal = invoice.lines.data.reduce((sum, line) => sum + line.amount, 0);
  const discounted = invoice.discount ? discountAmount(invoice.discount.coupon, subtotal) : 0;
  const total = subtotal - discounted;
  Object.assign(invoice, {
    subtotal,
    subtotal_excluding_tax: subtotal,
    total,
    total_excluding_tax: total,
    total_discount_amounts: discounted ? [{ amount: discounted, discount: invoice.discount!.id }] : [],
    amount_due: Math.max(0, total),
    amount_remaining: Math.max(0, total) - invoice.amount_paid,
  });
  invoice.lines.total_count = invoice.lines.data.length;
}

/** Draft -> open with a number; an invoice with nothing due is paid on finalization, as Stripe does. */
export function finalize(state: StripeState, invoice: FakeInvoice, autoAdvance?: boolean): void {
  const customer = state.customers.get(invoice.customer)!;
  const now = state.now();
  Object.assign(invoice, {
    status: 'open',
    number: `${customer.invoice_prefix}-${String(customer.next_invoice_sequence).padStart(4, '0')}`,
    effective_at: now,
    ending_balance: 0,
    hosted_invoice_url: `${state.baseUrl}/i/${invoice.id}`,
    invoice_pdf: `${state.baseUrl}/i/${invoice.id}/pdf`,
    auto_advance: autoAdvance ?? invoice.auto_advance,
  });
  customer.next_invoice_sequence += 1;
  invoice.status_transitions.finalized_at = now;
  if (invoice.amount_due === 0) markPaid(state, invoice);
  else if (invoice.auto_advance) invoice.next_payment_attempt = now + 3600;
}

export function markPaid(state: StripeState, invoice: FakeInvoice, outOfBand = false): void {
  Object.assign(invoice, {
    status: 'paid',
    paid: true,
    paid_out_of_band: outOfBand,
    amount_paid: invoice.amount_due,
    amount_remaining: 0,
    attempted: invoice.amount_due > 0 || invoice.attempted,
    attempt_count: invoice.amount_due > 0 ? Math.max(1, invoice.attempt_count as number) : invoice.attempt_count,
    auto_advance: false,
    next_payment_attempt: null,
  });
  invoice.status_transitions.paid_at = state.now();
}

/** Pays an open invoice (the customer's card succeeds) and returns the `invoice.paid` event. */
export function payInvoice(state: StripeState, id: string): StripeEvent {
  const invoice = state.invoices.get(id);
  if (!invoice) throw new Error(`fake Stripe: no invoice ${id}`);
  if (invoice.status === 'draft') finalize(state, invoice);
  if (invoice.status !== 'paid') markPaid(state, invoice);
  return state.event('invoice.paid', invoice);
}

/** The invoice endpoints. */
export function invoiceRoutes(state: StripeState, route: AddRoute): void {
  route('POST', v1('invoices'), (p) => {
    allowOnly(p, PARAMS.invoiceCreate);
    const customer = state.need(state.customers, requireString(p, 'customer'), 'customer', 'customer');
    const subscriptionId = readString(p, 'subscription');
    const subscription = subscriptionId
      ? state.need(state.subscriptions, subscriptionId, 'subscription', 'subscription')
      : null;
    if (subscription && subscription.customer !== customer.id)
      throw invalid(
        `The subscription '${subscription.id}' does not belong to the customer '${customer.id}'.`,
        'subscription',
      );
    // Since 2022-08-01 pending items are left out unless asked for.
    const behavior = readEnum(p, 'pending_invoice_items_behavior', ['exclude', 'include'] as const) ?? 'exclude';
    const invoice = newInvoice(state, {
      customer,
      subscription,
      billingReason: 'manual',
      currency: readString(p, 'currency')?.toLowerCase() ?? customer.currency ?? 'usd',
      autoAdvance: readBool(p, 'auto_advance') ?? false,
      description: readString(p, 'description') ?? null,
      metadata: mergeMetadata({}, readMetadata(p)),
    });
    if (behavior === 'include') attachPending(state, invoice, { withLooseItems: false });
    if (invoice.lines.data.length > 0)
      invoice.currency = (invoice.lines.data[0]!.currency as string) ?? invoice.currency;
    return invoice;
  });
  route('GET', v1(`invoices/${ID}`), (_p, m) => state.need(state.invoices, m[1]!, 'invoice'));
  route('GET', v1('invoices'), (p) => {
    allowOnly(p, PARAMS.invoiceList);
    const customer = readString(p, 'customer');
    const subscription = readString(p, 'subscription');
    const status = readEnum(p, 'status', ['draft', 'open', 'paid', 'uncollectible', 'void'] as const);
    const items = [...state.invoices.values()].filter(
      (x) =>
        (!customer || x.customer === customer) &&
        (!subscription || x.subscription === subscription) &&
        (!status || x.status === status),
    );
    return state.list(items, p, '/v1/invoices', 'invoice');
  });
  route('POST', v1(`invoices/${ID}/finalize`), (p, m) => {
    allowOnly(p, PARAMS.invoiceFinalize);
    const invoice = state.need(state.invoices, m[1]!, 'invoice');
    if (invoice.status !== 'draft')
      throw invalid(
        "This invoice is already finalized, you can't re-finalize a non-draft invoice.",
        undefined,
        'invoice_not_editable',
      );
    finalize(state, invoice, readBool(p, 'auto_advance'));
    return invoice;
  });
  route('POST', v1(`invoices/${ID}/pay`), (p, m) => {
    allowOnly(p, PARAMS.invoicePay);
    const invoice = state.need(state.invoices, m[1]!, 'invoice');
    if (invoice.status === 'paid') throw invalid('Invoice is already paid', undefined, 'invoice_already_paid');
    if (invoice.status === 'void') throw invalid('This invoice has been voided and cannot be paid.');
    if (invoice.status === 'draft') finalize(state, invoice);
    // finalize() pays an invoice with nothing due.
    if ((invoice.status as string) !== 'paid') markPaid(state, invoice, readBool(p, 'paid_out_of_band') ?? false);
    return invoice;
  });
  route('POST', v1(`invoices/${ID}/void`), (_p, m) => {
    const invoice = state.need(state.invoices, m[1]!, 'invoice');
    if (invoice.status !== 'open' && invoice.status !== 'uncollectible')
      throw invalid(`You can only void open or uncollectible invoices. This invoice is ${invoice.status}.`);
    Object.assign(invoice, { status: 'void', auto_advance: false, next_payment_attempt: null, amount_remaining: 0 });
    invoice.status_transitions.voided_at = state.now();
    return invoice;
  });
}
