/**
 * Usage charges for recovered sales (spec 1 sections 4 and 9): one queued charge per billable
 * order (order total x the plan's percentage), then pushed to the gateway.
 * Shopify: a usage record against the subscription's usage line, never past the 10,000 USD cap of
 * the 30-day interval (what does not fit stays queued and is reported). Stripe: an invoice item
 * per charge; at the end of the period the items are invoiced and the invoice finalised, and the
 * charges become complete. Every remote call carries an idempotency key made from the charge id,
 * so a sync repeated after a crash records nothing twice.
 */
import { createHash } from 'node:crypto';
import type { AppContext } from '../app/index.ts';
import { withTransaction } from '../db/index.ts';
import { shopifyBillingClient } from './gateways.ts';
import { fitUnderCap, isLive, USAGE_CAP_USD } from './rules.ts';
import { createUsageRecord, getAppSubscription, usageLine, type AppSubscription } from './shopify-billing.ts';
import { completeCharges, createUsageCharges } from './charges.ts';
import { chargesAwaitingInvoice, queuedUsageCharges, setChargeExternal, type Charge } from './store/charges.ts';
import { updateSubscription, type Subscription } from './store/subscriptions.ts';
import { createUsageInvoiceItem, invoiceOfItem, invoicePendingItems, retrieveInvoice } from './stripe.ts';

export interface UsageOutcome {
  created: number;
  created_amount: number;
  /** Sent to the gateway in this run (Shopify usage records, Stripe invoice items). */
  pushed: number;
  /** Still queued after the run (over the Shopify cap, or waiting for the Stripe invoice). */
  queued: number;
  queued_amount: number;
  /** Queued because the Shopify 30-day cap is reached. */
  held_over_cap: number;
  held_amount: number;
  invoiced: number;
  invoice_id: string | null;
}

const sum = (charges: readonly Charge[]): number =>
  Math.round(charges.reduce((total, charge) => total + charge.amount * 100, 0)) / 100;

/** Creates the queued usage charges of a live subscription's billable orders (idempotent). */
export async function queueUsageCharges(ctx: AppContext, subscription: Subscription): Promise<Charge[]> {
  if (!isLive(subscription.status)) return [];
  return withTransaction(ctx.db, (tx) => createUsageCharges(tx, subscription));
}

/** Creates and pushes usage charges for one subscription; see the module comment. */
export async function pushUsageCharges(
  ctx: AppContext,
  subscription: Subscription,
  { now = new Date(), shopifyRemote }: { now?: Date; shopifyRemote?: AppSubscription | null } = {},
): Promise<UsageOutcome> {
  const created = await queueUsageCharges(ctx, subscription);
  const outcome: UsageOutcome = {
    created: created.length,
    created_amount: sum(created),
    pushed: 0,
    queued: 0,
    queued_amount: 0,
    held_over_cap: 0,
    held_amount: 0,
    invoiced: 0,
    invoice_id: null,
  };
  if (isLive(subscription.status) && subscription.external_id) {
    if (subscription.gateway === 'shopify') await pushToShopify(ctx, subscription, outcome, shopifyRemote);
    else if (subscription.gateway === 'stripe') {
      await pushToStripe(ctx, subscription, outcome);
      const invoiced = await invoiceStripeUsage(ctx, subscription, { now });
      outcome.invoiced = invoiced.count;
      outcome.invoice_id = invoiced.invoiceId;
    }
  }
  const queued = await queuedUsageCharges(ctx.db, subscription.id);
  outcome.queued = queued.length;
  outcome.queued_amount = sum(queued);
  return outcome;
}

/** `known`: the app subscription as just read by the caller (saves reading it again). */
async function pushToShopify(
  ctx: AppContext,
  subscription: Subscription,
  outcome: UsageOutcome,
  known?: AppSubscription | null,
): Promise<void> {
  const pending = (await queuedUsageCharges(ctx.db, subscription.id)).filter((charge) => !charge.external_id);
  if (pending.length === 0) return;
  const client = await shopifyBillingClient(ctx, subscription.gateway_account_id);
  const remote = known === undefined ? await getAppSubscription(client, subscription.external_id!) : known;
  const line = remote ? usageLine(remote) : undefined;
  if (!line) {
    ctx.logger.warn(
      { subscription_id: subscription.id },
      'the Shopify subscription has no usage line; usage stays queued',
    );
    return;
  }
  // The line's cap as Shopify has it: 10000 USD at creation, higher once a raise is approved.
  const cap = Number(line.cappedAmount?.amount ?? USAGE_CAP_USD);
  const { fits, held } = fitUnderCap(pending, Number(line.balanceUsed?.amount ?? 0), cap);
  for (const charge of fits) {
    const record = await createUsageRecord(client, {
      lineItemId: line.id,
      amountUsd: charge.amount,
      description: String(charge.extra_data.description ?? `Usage charge ${charge.id}`),
      idempotencyKey: `reclaim-usage-charge-${charge.id}`,
    });
    await withTransaction(ctx.db, async (tx) => {
      await setChargeExternal(tx, charge.id, record.id, { shopify_usage_record_id: record.id });
      await completeCharges(tx, [charge.id]);
    });
    outcome.pushed += 1;
  }
  if (held.length > 0) {
    outcome.held_over_cap = held.length;
    outcome.held_amount = sum(held);
    ctx.logger.warn(
      {
        subscription_id: subscription.id,
        brand_id: subscription.brand_id,
        held: held.length,
        held_amount: outcome.held_amount,
        cap,
      },
      `usage charges stay queued: the ${cap} USD cap of this 30-day interval is reached`,
    );
  }
}

async function pushToStripe(ctx: AppContext, subscription: Subscription, outcome: UsageOutcome): Promise<void> {
  const pending = (await queuedUsageCharges(ctx.db, subscription.id)).filter((charge) => !charge.external_id);
  if (pending.length === 0) return;
  const stripe = ctx.clients.stripe;
  for (const charge of pending) {
    const itemId = await createUsageInvoiceItem(stripe, {
      customerId: subscription.customer_external_id!,
      subscriptionId: subscription.external_id!,
      amountUsd: charge.amount,
      description: String(charge.extra_data.description ?? `Usage charge ${charge.id}`),
      chargeId: charge.id,
    });
    await setChargeExternal(ctx.db, charge.id, itemId, { invoice_item_id: itemId });
    outcome.pushed += 1;
  }
}

/**
 * At the end of a Stripe period: usage charges made before the current period began are billed.
 * Stripe's own renewal invoice may already hold their invoice items: those charges complete with
 * that invoice once it is finalised. The items still pending are invoiced here (with anything else
 * pending for the subscription) and the invoice finalised. `force` bills whatever is pending
 * (before a cancel).
 */
export async function invoiceStripeUsage(
  ctx: AppContext,
  subscription: Subscription,
  { now = new Date(), force = false }: { now?: Date; force?: boolean } = {},
): Promise<{ count: number; invoiceId: string | null }> {
  if (subscription.gateway !== 'stripe' || !subscription.external_id || !subscription.customer_external_id)
    return { count: 0, invoiceId: null };
  const awaiting = await chargesAwaitingInvoice(ctx.db, subscription.id);
  if (awaiting.length === 0) return { count: 0, invoiceId: null };
  const periodStart =
    typeof subscription.extra_data.current_period_start === 'string'
      ? new Date(subscription.extra_data.current_period_start)
      : null;
  const periodEnded =
    periodStart !== null && awaiting.some((charge) => charge.created_at.getTime() < periodStart.getTime());
  if (!force && !periodEnded) return { count: 0, invoiceId: null };

  const stripe = ctx.clients.stripe;
  const pending: Charge[] = [];
  let count = 0;
  for (const charge of awaiting) {
    const invoiceId = await invoiceOfItem(stripe, charge.external_id!);
    if (!invoiceId) pending.push(charge);
    else if ((await retrieveInvoice(stripe, invoiceId)).status !== 'draft')
      count += await completeCharges(ctx.db, [charge.id], { invoice_id: invoiceId });
  }
  if (pending.length === 0) return { count, invoiceId: null };
  const invoice = await invoicePendingItems(stripe, {
    customerId: subscription.customer_external_id,
    subscriptionId: subscription.external_id,
    key: `${subscription.id}-${createHash('sha256')
      .update(pending.map((c) => c.id).join(','))
      .digest('hex')
      .slice(0, 32)}`,
  });
  count += await withTransaction(ctx.db, async (tx) => {
    const completed = await completeCharges(
      tx,
      pending.map((charge) => charge.id),
      { invoice_id: invoice.id },
    );
    await updateSubscription(tx, subscription.id, { last_billed_at: now }, { last_invoice_id: invoice.id });
    return completed;
  });
  ctx.logger.info(
    { subscription_id: subscription.id, invoice_id: invoice.id, charges: pending.length },
    'usage invoiced and finalised',
  );
  return { count, invoiceId: invoice.id };
}
