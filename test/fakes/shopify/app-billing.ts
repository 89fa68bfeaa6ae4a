/**
 * The fake Shopify's app billing: app subscriptions with a recurring and a usage line, usage
 * records and usage caps.
 */
import type { Json } from '../server.ts';
import {
  chargeUrl,
  fieldError,
  findLine,
  findSubscription,
  graphqlTime,
  moneyInput,
  numericId,
  subscriptionNode,
  toCents,
} from './app-billing-shapes.ts';
import type {
  FakeAppSubscription,
  FakeAppSubscriptionLine,
  FakeUsageRecord,
  GraphqlContext,
  GraphqlHandler,
} from './types.ts';

function createAppSubscription(ctx: GraphqlContext): { data: Json; actual: number } {
  const { fake, shop, variables } = ctx;
  const refuse = (userErrors: Json[]) => ({
    data: { appSubscriptionCreate: { appSubscription: null, confirmationUrl: null, userErrors } },
    actual: 10,
  });
  const errors: Json[] = [];
  const name = String(variables.name ?? '').trim();
  if (!name) errors.push(fieldError(['name'], "Name can't be blank"));
  const returnUrl = String(variables.returnUrl ?? '');
  if (!/^https?:\/\/\S+$/.test(returnUrl)) errors.push(fieldError(['returnUrl'], 'Return url is invalid'));
  const trialDays = variables.trialDays === undefined || variables.trialDays === null ? 0 : Number(variables.trialDays);
  if (!Number.isInteger(trialDays) || trialDays < 0)
    errors.push(fieldError(['trialDays'], 'Trial days must be greater than or equal to 0'));
  const items = Array.isArray(variables.lineItems) ? (variables.lineItems as Json[]) : [];
  if (items.length === 0) errors.push(fieldError(['lineItems'], "Line items can't be blank"));

  const lines: Omit<FakeAppSubscriptionLine, 'id'>[] = [];
  items.forEach((item, index) => {
    const plan = (item.plan ?? {}) as Json;
    const recurring = plan.appRecurringPricingDetails as Json | undefined;
    const usage = plan.appUsagePricingDetails as Json | undefined;
    const at = ['lineItems', String(index), 'plan'];
    if (Boolean(recurring) === Boolean(usage))
      return void errors.push(
        fieldError(at, 'A plan must have exactly one of appRecurringPricingDetails or appUsagePricingDetails'),
      );
    if (recurring) {
      const price = moneyInput(recurring.price, [...at, 'appRecurringPricingDetails', 'price'], errors, 'Price');
      if (price && price.cents < 0)
        errors.push(
          fieldError([...at, 'appRecurringPricingDetails', 'price'], 'Price must be greater than or equal to 0'),
        );
      const interval = String(recurring.interval ?? 'EVERY_30_DAYS');
      if (!['EVERY_30_DAYS', 'ANNUAL'].includes(interval))
        errors.push(fieldError([...at, 'appRecurringPricingDetails', 'interval'], 'Interval is invalid'));
      let discount: FakeAppSubscriptionLine['discount'];
      const rawDiscount = recurring.discount as Json | undefined | null;
      if (rawDiscount) {
        const value = (rawDiscount.value ?? {}) as Json;
        const limit =
          rawDiscount.durationLimitInIntervals === undefined || rawDiscount.durationLimitInIntervals === null
            ? null
            : Number(rawDiscount.durationLimitInIntervals);
        const where = [...at, 'appRecurringPricingDetails', 'discount'];
        if (limit !== null && (!Number.isInteger(limit) || limit <= 0))
          errors.push(
            fieldError([...where, 'durationLimitInIntervals'], 'Duration limit in intervals must be greater than 0'),
          );
        if ((value.amount === undefined) === (value.percentage === undefined))
          errors.push(fieldError([...where, 'value'], 'Discount value must have exactly one of amount or percentage'));
        else if (value.amount !== undefined) {
          const amountCents = toCents(value.amount);
          if (!Number.isFinite(amountCents) || amountCents <= 0)
            errors.push(fieldError([...where, 'value', 'amount'], 'Discount amount must be greater than 0'));
          else if (price && amountCents > price.cents)
            errors.push(fieldError([...where, 'value', 'amount'], 'Discount amount cannot be greater than the price'));
          discount = { amountCents, durationLimitInIntervals: limit };
        } else {
          const percentage = Number(value.percentage);
          if (!(percentage > 0 && percentage <= 1))
            errors.push(fieldError([...where, 'value', 'percentage'], 'Discount percentage must be between 0 and 1'));
          discount = { percentage, durationLimitInIntervals: limit };
        }
      }
      lines.push({ kind: 'recurring', interval, price, discount, balanceUsedCents: 0, usageRecords: [] });
    } else if (usage) {
      const cappedAmount = moneyInput(
        usage.cappedAmount,
        [...at, 'appUsagePricingDetails', 'cappedAmount'],
        errors,
        'Capped amount',
      );
      if (cappedAmount && cappedAmount.cents <= 0)
        errors.push(
          fieldError([...at, 'appUsagePricingDetails', 'cappedAmount'], 'Capped amount must be greater than 0'),
        );
      const terms = String(usage.terms ?? '').trim();
      if (!terms) errors.push(fieldError([...at, 'appUsagePricingDetails', 'terms'], "Terms can't be blank"));
      lines.push({
        kind: 'usage',
        interval: 'EVERY_30_DAYS',
        cappedAmount,
        terms,
        balanceUsedCents: 0,
        usageRecords: [],
      });
    }
  });
  if (
    lines.filter((line) => line.kind === 'recurring').length > 1 ||
    lines.filter((line) => line.kind === 'usage').length > 1
  ) {
    errors.push(fieldError(['lineItems'], 'Only one pricing plan can be defined for each available type'));
  }
  const currencies = new Set(lines.map((line) => (line.price ?? line.cappedAmount)?.currencyCode).filter(Boolean));
  if (currencies.size > 1) errors.push(fieldError(['lineItems'], 'All line items must use the same currency'));
  if (errors.length > 0) return refuse(errors);

  const id = fake.nextGid(shop, 'AppSubscription');
  const now = graphqlTime();
  // Shopify lists the recurring line first, whatever the order asked.
  const ordered = [...lines].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'recurring' ? -1 : 1));
  const sub: FakeAppSubscription = {
    id,
    name,
    status: 'PENDING',
    test: variables.test === true,
    trialDays,
    returnUrl,
    replacementBehavior: String(variables.replacementBehavior ?? 'STANDARD'),
    createdAt: now,
    updatedAt: now,
    activatedAt: null,
    currentPeriodEnd: null,
    cancelledAt: null,
    prorated: null,
    lineItems: ordered.map((line, index) => ({
      ...line,
      id: `gid://shopify/AppSubscriptionLineItem/${numericId(id)}?v=1&index=${index}`,
    })),
  };
  shop.appSubscriptions.push(sub);
  return {
    data: {
      appSubscriptionCreate: {
        appSubscription: subscriptionNode(sub),
        confirmationUrl: chargeUrl(fake, sub, 'confirm_recurring_application_charge'),
        userErrors: [],
      },
    },
    actual: 10,
  };
}

function cancelAppSubscription({ shop, variables }: GraphqlContext): { data: Json; actual: number } {
  const refuse = (userErrors: Json[]) => ({
    data: { appSubscriptionCancel: { appSubscription: null, userErrors } },
    actual: 10,
  });
  const sub = findSubscription(shop, variables.id);
  if (!sub) return refuse([fieldError(['id'], 'App subscription not found')]);
  if (sub.status === 'CANCELLED') return refuse([fieldError(['id'], 'App subscription has already been cancelled')]);
  if (sub.status === 'DECLINED' || sub.status === 'EXPIRED')
    return refuse([fieldError(['id'], `App subscription is ${sub.status.toLowerCase()} and cannot be cancelled`)]);
  const now = graphqlTime();
  Object.assign(sub, { status: 'CANCELLED', cancelledAt: now, updatedAt: now, prorated: variables.prorate === true });
  return { data: { appSubscriptionCancel: { appSubscription: subscriptionNode(sub), userErrors: [] } }, actual: 10 };
}

function createUsageRecord({ fake, shop, variables }: GraphqlContext): { data: Json; actual: number } {
  const answer = (appUsageRecord: Json | null, userErrors: Json[]) => ({
    data: { appUsageRecordCreate: { appUsageRecord, userErrors } },
    actual: 10,
  });
  const key =
    typeof variables.idempotencyKey === 'string' && variables.idempotencyKey ? variables.idempotencyKey : null;
  if (key && key.length > 255)
    return answer(null, [fieldError(['idempotencyKey'], 'Idempotency key is too long (maximum is 255 characters)')]);
  if (key) {
    // The same key on the same shop answers the first record again and charges nothing.
    const earlier = shop.appSubscriptions
      .flatMap((sub) => sub.lineItems.flatMap((line) => line.usageRecords))
      .find((record) => record.idempotencyKey === key);
    if (earlier) return answer({ id: earlier.id }, []);
  }
  const found = findLine(shop, variables.subscriptionLineItemId);
  if (!found) return answer(null, [fieldError(['subscriptionLineItemId'], 'App subscription line item not found')]);
  const { sub, line } = found;
  if (line.kind !== 'usage')
    return answer(null, [
      fieldError(['subscriptionLineItemId'], 'The app subscription line item must have a usage pricing plan'),
    ]);
  if (sub.status !== 'ACTIVE')
    return answer(null, [fieldError(['subscriptionLineItemId'], 'The app subscription is not active')]);
  const description = String(variables.description ?? '').trim();
  if (!description) return answer(null, [fieldError(['description'], "Description can't be blank")]);
  const errors: Json[] = [];
  const price = moneyInput(variables.price, ['price'], errors, 'Price');
  if (!price) return answer(null, errors);
  if (price.cents <= 0) return answer(null, [fieldError(['price'], 'Price must be greater than 0')]);
  if (price.currencyCode !== line.cappedAmount!.currencyCode)
    return answer(null, [fieldError(['price', 'currencyCode'], 'Currency must match the capped amount currency')]);
  if (line.balanceUsedCents + price.cents > line.cappedAmount!.cents)
    return answer(null, [fieldError(null, 'Total price exceeds balance remaining')]);
  const record: FakeUsageRecord = {
    id: fake.nextGid(shop, 'AppUsageRecord'),
    price,
    description,
    idempotencyKey: key,
    createdAt: graphqlTime(),
  };
  line.usageRecords.push(record);
  line.balanceUsedCents += price.cents;
  sub.updatedAt = record.createdAt;
  return answer({ id: record.id }, []);
}

function updateLineItem({ fake, shop, variables }: GraphqlContext): { data: Json; actual: number } {
  const answer = (appSubscription: Json | null, confirmationUrl: string | null, userErrors: Json[]) => ({
    data: { appSubscriptionLineItemUpdate: { appSubscription, confirmationUrl, userErrors } },
    actual: 10,
  });
  const found = findLine(shop, variables.id);
  if (!found) return answer(null, null, [fieldError(['id'], 'App subscription line item not found')]);
  const { sub, line } = found;
  if (line.kind !== 'usage')
    return answer(null, null, [fieldError(['id'], 'The app subscription line item must have a usage pricing plan')]);
  if (sub.status !== 'ACTIVE') return answer(null, null, [fieldError(['id'], 'The app subscription is not active')]);
  const errors: Json[] = [];
  const cap = moneyInput(variables.cappedAmount, ['cappedAmount'], errors, 'Capped amount');
  if (!cap) return answer(null, null, errors);
  if (cap.cents <= 0) return answer(null, null, [fieldError(['cappedAmount'], 'Capped amount must be greater than 0')]);
  if (cap.currencyCode !== line.cappedAmount!.currencyCode)
    return answer(null, null, [
      fieldError(['cappedAmount', 'currencyCode'], 'Currency must match the capped amount currency'),
    ]);
  line.pendingCappedAmount = cap;
  return answer({ id: sub.id }, chargeUrl(fake, sub, 'confirm_update_capped_amount'), []);
}
/** The app billing operations, by operation name. */
export const appBillingHandlers: Record<string, GraphqlHandler> = {
  AppSubscriptionCreate: { cost: () => 10, run: createAppSubscription },
  AppSubscriptionById: {
    cost: () => 6,
    run: ({ shop, variables }) => {
      const sub = findSubscription(shop, variables.id);
      return {
        data: { node: sub ? { __typename: 'AppSubscription', ...subscriptionNode(sub) } : null },
        actual: sub ? 6 : 1,
      };
    },
  },
  ActiveAppSubscriptions: {
    cost: () => 12,
    run: ({ shop }) => ({
      data: {
        currentAppInstallation: {
          activeSubscriptions: shop.appSubscriptions.filter((sub) => sub.status === 'ACTIVE').map(subscriptionNode),
        },
      },
      actual: 6,
    }),
  },
  AppSubscriptionCancel: { cost: () => 10, run: cancelAppSubscription },
  AppUsageRecordCreate: { cost: () => 10, run: createUsageRecord },
  AppSubscriptionLineItemUpdate: { cost: () => 10, run: updateLineItem },
};
