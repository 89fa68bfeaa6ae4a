/** The fake Stripe's invoice items. */
import { newId } from './common.ts';
import { PARAMS } from './endpoint-params.ts';
import { itemLine, recompute } from './invoices.ts';
import {
  allowOnly,
  exclusive,
  invalid,
  mergeMetadata,
  missing,
  readBool,
  readInt,
  readMetadata,
  readObject,
  readString,
  requireString,
} from './params.ts';
import { adHocPrice } from './products.ts';
import { ID, type StripeState, v1 } from './state.ts';
import type { AddRoute, FakeInvoiceItem, FakePrice } from './types.ts';

/** The invoice item endpoints. */
export function invoiceItemRoutes(state: StripeState, route: AddRoute): void {
  route('POST', v1('invoiceitems'), (p) => {
    allowOnly(p, PARAMS.invoiceItemCreate);
    const customer = state.need(state.customers, requireString(p, 'customer'), 'customer', 'customer');
    const subscriptionId = readString(p, 'subscription') ?? null;
    if (subscriptionId) {
      const subscription = state.need(state.subscriptions, subscriptionId, 'subscription', 'subscription');
      if (subscription.customer !== customer.id)
        throw invalid(
          `The subscription '${subscriptionId}' does not belong to the customer '${customer.id}'.`,
          'subscription',
        );
    }
    const priceId = readString(p, 'price');
    const amount = readInt(p, 'amount');
    const quantity = readInt(p, 'quantity') ?? 1;
    const unitAmount = readInt(p, 'unit_amount');
    if (amount !== undefined && (priceId || unitAmount !== undefined))
      throw exclusive('amount', priceId ? 'price' : 'unit_amount');
    let price: FakePrice;
    let total: number;
    if (priceId) {
      price = state.need(state.prices, priceId, 'price', 'price');
      total = (price.unit_amount ?? 0) * quantity;
    } else {
      const currency = readString(p, 'currency')?.toLowerCase() ?? customer.currency ?? 'usd';
      if (amount === undefined && unitAmount === undefined) throw missing('amount');
      price = adHocPrice(state, amount ?? unitAmount!, currency);
      total = amount ?? unitAmount! * quantity;
    }
    const invoiceId = readString(p, 'invoice') ?? null;
    const invoice = invoiceId ? state.need(state.invoices, invoiceId, 'invoice', 'invoice') : null;
    if (invoice && invoice.status !== 'draft')
      throw invalid(
        `You can only add invoice items to draft invoices. Invoice '${invoice.id}' is ${invoice.status}.`,
        'invoice',
      );
    const now = state.now();
    const periodParams = readObject(p, 'period');
    const item: FakeInvoiceItem = {
      id: newId('ii_'),
      object: 'invoiceitem',
      amount: total,
      created: now,
      currency: price.currency,
      customer: customer.id,
      date: now,
      description: readString(p, 'description') ?? null,
      discountable: readBool(p, 'discountable') ?? true,
      discounts: [],
      invoice: null,
      livemode: false,
      metadata: mergeMetadata({}, readMetadata(p)),
      period: {
        start: (periodParams && readInt(periodParams, 'start', 'period[start]')) ?? now,
        end: (periodParams && readInt(periodParams, 'end', 'period[end]')) ?? now,
      },
      plan: null,
      price,
      proration: false,
      quantity,
      subscription: subscriptionId,
      subscription_item: null,
      tax_rates: [],
      test_clock: null,
      unit_amount: price.unit_amount,
      unit_amount_decimal: price.unit_amount_decimal,
    };
    state.invoiceItems.set(item.id, item);
    if (invoice) {
      item.invoice = invoice.id;
      invoice.lines.data.push(itemLine(item));
      recompute(invoice);
    }
    return item;
  });
  route('GET', v1(`invoiceitems/${ID}`), (_p, m) => state.need(state.invoiceItems, m[1]!, 'invoiceitem'));
  route('GET', v1('invoiceitems'), (p) => {
    allowOnly(p, PARAMS.invoiceItemList);
    const customer = readString(p, 'customer');
    const invoice = readString(p, 'invoice');
    const pending = readBool(p, 'pending');
    const items = [...state.invoiceItems.values()].filter(
      (x) =>
        (!customer || x.customer === customer) &&
        (!invoice || x.invoice === invoice) &&
        (pending === undefined || (x.invoice === null) === pending),
    );
    return state.list(items, p, '/v1/invoiceitems', 'invoiceitem');
  });
}
