/** The fake Shopify's app billing in Shopify's shapes: ids, times, money, subscription nodes, confirmation URLs. */
import { createHmac } from 'node:crypto';
import type { Json } from '../server.ts';
import type { FakeAppSubscription, FakeAppSubscriptionLine, FakeMoney, FakeShopData, ShopifyApp } from './types.ts';

/** The app's id in confirmation URLs (Shopify puts the API client id there). */
export const FAKE_APP_ID = 7_340_001;
export const THIRTY_DAYS_MS = 30 * 24 * 3600 * 1000;
export const graphqlTime = (date = new Date()): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
export const numericId = (gid: string): string => /\/(\d+)(?:\?|$)/.exec(gid)?.[1] ?? gid;
/** Shopify prints Decimal money like Ruby's BigDecimal: "20.0", "12.5", "12.34". */
export const decimal = (cents: number): string => (cents / 100).toFixed(2).replace(/(\.\d)0$/, '$1');
export const money = (cents: number, currencyCode: string): Json => ({ amount: decimal(cents), currencyCode });
export const toCents = (value: unknown): number =>
  value === null || value === undefined || value === '' ? Number.NaN : Math.round(Number(value) * 100);
export const fieldError = (field: string[] | null, message: string): Json => ({ field, message });

export function findSubscription(shop: FakeShopData, id: unknown): FakeAppSubscription | undefined {
  return shop.appSubscriptions.find((sub) => sub.id === id);
}

export function findLine(
  shop: FakeShopData,
  id: unknown,
): { sub: FakeAppSubscription; line: FakeAppSubscriptionLine } | undefined {
  for (const sub of shop.appSubscriptions) {
    const line = sub.lineItems.find((candidate) => candidate.id === id);
    if (line) return { sub, line };
  }
  return undefined;
}

export function chargeUrl(fake: ShopifyApp, sub: FakeAppSubscription, action: string): string {
  const charge = numericId(sub.id);
  const signature = createHmac('sha256', fake.apiSecret).update(`${charge}:${action}`).digest('hex');
  return `${fake.url}/admin/charges/${FAKE_APP_ID}/${charge}/RecurringApplicationCharge/${action}?signature=${signature}`;
}

export function lineNode(line: FakeAppSubscriptionLine): Json {
  if (line.kind === 'usage') {
    const currency = line.cappedAmount!.currencyCode;
    return {
      id: line.id,
      plan: {
        pricingDetails: {
          __typename: 'AppUsagePricing',
          interval: line.interval,
          terms: line.terms,
          cappedAmount: money(line.cappedAmount!.cents, currency),
          balanceUsed: money(line.balanceUsedCents, currency),
        },
      },
    };
  }
  const price = line.price!;
  const discount = line.discount;
  const off = discount ? (discount.amountCents ?? Math.round(price.cents * (discount.percentage ?? 0))) : 0;
  return {
    id: line.id,
    plan: {
      pricingDetails: {
        __typename: 'AppRecurringPricing',
        interval: line.interval,
        price: money(price.cents, price.currencyCode),
        discount: discount
          ? {
              durationLimitInIntervals: discount.durationLimitInIntervals,
              remainingDurationInIntervals: discount.durationLimitInIntervals,
              priceAfterDiscount: money(Math.max(0, price.cents - off), price.currencyCode),
              value:
                discount.amountCents !== undefined
                  ? {
                      __typename: 'AppSubscriptionDiscountAmount',
                      amount: money(discount.amountCents, price.currencyCode),
                    }
                  : { __typename: 'AppSubscriptionDiscountPercentage', percentage: discount.percentage },
            }
          : null,
      },
    },
  };
}

export function subscriptionNode(sub: FakeAppSubscription): Json {
  return {
    id: sub.id,
    name: sub.name,
    status: sub.status,
    test: sub.test,
    trialDays: sub.trialDays,
    createdAt: sub.createdAt,
    returnUrl: sub.returnUrl,
    currentPeriodEnd: sub.status === 'ACTIVE' ? sub.currentPeriodEnd : null,
    lineItems: sub.lineItems.map(lineNode),
  };
}

/** Reads one MoneyInput; errors go to `errors` under `field`. */
export function moneyInput(value: unknown, field: string[], errors: Json[], label: string): FakeMoney | undefined {
  const input = (value ?? {}) as Json;
  const cents = toCents(input.amount);
  if (!Number.isFinite(cents)) return void errors.push(fieldError(field, `${label} is invalid`));
  if (typeof input.currencyCode !== 'string' || !/^[A-Z]{3}$/.test(input.currencyCode))
    return void errors.push(fieldError([...field, 'currencyCode'], 'Currency code is invalid'));
  return { cents, currencyCode: input.currencyCode };
}
