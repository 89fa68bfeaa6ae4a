/** What the merchant does outside the API: approving a charge, and the webhook Shopify then sends. */
import type { Json } from '../server.ts';
import { decimal, findSubscription, graphqlTime, numericId, THIRTY_DAYS_MS } from './app-billing-shapes.ts';
import type { FakeShopData } from './types.ts';

/**
 * The merchant on the confirmation page: a PENDING subscription becomes ACTIVE (the shop's other
 * active subscriptions are cancelled, as a newly activated subscription replaces them) or
 * DECLINED; on an ACTIVE one, a pending usage-cap change is applied or dropped. Returns the return
 * URL with `charge_id`, where Shopify sends the merchant back.
 */
export function approveAppSubscription(
  shop: FakeShopData,
  id: string,
  { status = 'ACTIVE' }: { status?: 'ACTIVE' | 'DECLINED' } = {},
): URL {
  const sub = findSubscription(shop, id);
  if (!sub) throw new Error(`fake Shopify: no app subscription ${id} on ${shop.domain}`);
  const now = new Date();
  if (sub.status === 'PENDING') {
    if (status === 'ACTIVE') {
      for (const other of shop.appSubscriptions) {
        if (other !== sub && other.status === 'ACTIVE')
          Object.assign(other, { status: 'CANCELLED', cancelledAt: graphqlTime(now), updatedAt: graphqlTime(now) });
      }
      Object.assign(sub, {
        status: 'ACTIVE',
        activatedAt: graphqlTime(now),
        currentPeriodEnd: graphqlTime(new Date(now.getTime() + THIRTY_DAYS_MS)),
      });
    } else {
      sub.status = 'DECLINED';
    }
  } else if (sub.status === 'ACTIVE' && sub.lineItems.some((line) => line.pendingCappedAmount)) {
    for (const line of sub.lineItems) {
      if (line.pendingCappedAmount && status === 'ACTIVE') line.cappedAmount = line.pendingCappedAmount;
      delete line.pendingCappedAmount;
    }
  } else {
    throw new Error(`fake Shopify: app subscription ${id} is ${sub.status} with nothing to approve`);
  }
  sub.updatedAt = graphqlTime(now);
  const back = new URL(sub.returnUrl);
  back.searchParams.set('charge_id', numericId(sub.id));
  return back;
}

/** The `app_subscriptions/update` webhook body Shopify sends for the subscription as it is now. */
export function appSubscriptionWebhookBody(shop: FakeShopData, id: string): Json {
  const sub = findSubscription(shop, id);
  if (!sub) throw new Error(`fake Shopify: no app subscription ${id} on ${shop.domain}`);
  const recurring = sub.lineItems.find((line) => line.kind === 'recurring');
  const usage = sub.lineItems.find((line) => line.kind === 'usage');
  const offset = (time: string): string => time.replace(/Z$/, '+00:00');
  return {
    app_subscription: {
      admin_graphql_api_id: sub.id,
      name: sub.name,
      status: sub.status,
      admin_graphql_api_shop_id: shop.info.id,
      created_at: offset(sub.createdAt),
      updated_at: offset(sub.updatedAt),
      currency: (recurring?.price ?? usage?.cappedAmount)?.currencyCode ?? 'USD',
      ...(usage ? { capped_amount: decimal(usage.cappedAmount!.cents) } : {}),
      ...(recurring
        ? { price: (recurring.price!.cents / 100).toFixed(2), interval: recurring.interval.toLowerCase() }
        : {}),
    },
  };
}
