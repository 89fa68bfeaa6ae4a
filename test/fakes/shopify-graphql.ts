/**
 * The fake Shopify's Admin GraphQL operations, by operation name, answered from per-shop state in
 * Shopify's JSON shapes (connections with nodes/pageInfo, userErrors on mutations). `cost` is the
 * requested query cost (2 + first per connection, 1 per object), `actual` what was returned.
 */
import { createHmac } from 'node:crypto';
import type { FakeShopData, FakeShopify } from './shopify.ts';

type Json = Record<string, unknown>;

export interface GraphqlContext {
  fake: FakeShopify;
  shop: FakeShopData;
  variables: Json;
}

export interface GraphqlHandler {
  cost(ctx: GraphqlContext): number;
  run(ctx: GraphqlContext): { data: Json; actual: number };
  /** Input-object variables Shopify type-checks before running: variable name -> its input type. */
  inputs?: Record<string, InputType>;
}

/**
 * An input object type as Shopify's schema (2026-07) declares it: each field either a leaf (true)
 * or a nested input type. Enough to refuse, like Shopify, a field the type does not have.
 */
export interface InputType {
  name: string;
  fields: Record<string, true | InputType>;
}

const input = (name: string, fields: Record<string, true | InputType>): InputType => ({ name, fields });
const leaves = (...names: string[]): Record<string, true> =>
  Object.fromEntries(names.map((name) => [name, true as const]));

const COMBINES_WITH = input(
  'DiscountCombinesWithInput',
  leaves('orderDiscounts', 'productDiscounts', 'shippingDiscounts', 'productDiscountsWithTagsOnSameCartLine'),
);
const CONTEXT = input('DiscountContextInput', leaves('all', 'customers', 'customerSegments'));
const CUSTOMER_SELECTION = input('DiscountCustomerSelectionInput', leaves('all', 'customers', 'customerSegments'));
const MINIMUM = input('DiscountMinimumRequirementInput', {
  quantity: input('DiscountMinimumQuantityInput', leaves('greaterThanOrEqualToQuantity')),
  subtotal: input('DiscountMinimumSubtotalInput', leaves('greaterThanOrEqualToSubtotal')),
});
const DISCOUNT_COMMON = {
  ...leaves('appliesOncePerCustomer', 'code', 'endsAt', 'recurringCycleLimit', 'startsAt', 'title', 'usageLimit'),
  combinesWith: COMBINES_WITH,
  context: CONTEXT,
  customerSelection: CUSTOMER_SELECTION,
  minimumRequirement: MINIMUM,
};

export const DISCOUNT_CODE_BASIC_INPUT = input('DiscountCodeBasicInput', {
  ...DISCOUNT_COMMON,
  tags: true,
  customerGets: input('DiscountCustomerGetsInput', {
    ...leaves('appliesOnOneTimePurchase', 'appliesOnSubscription'),
    items: input('DiscountItemsInput', leaves('all', 'collections', 'products')),
    value: input('DiscountCustomerGetsValueInput', {
      ...leaves('percentage', 'discountOnQuantity'),
      discountAmount: input('DiscountAmountInput', leaves('amount', 'appliesOnEachItem')),
    }),
  }),
});

export const DISCOUNT_CODE_FREE_SHIPPING_INPUT = input('DiscountCodeFreeShippingInput', {
  ...DISCOUNT_COMMON,
  ...leaves('appliesOnOneTimePurchase', 'appliesOnSubscription'),
  destination: input('DiscountShippingDestinationSelectionInput', leaves('all', 'countries')),
  maximumShippingPrice: true,
});

/** 2025-10 and later: `uri` (HTTPS, Pub/Sub or EventBridge); `callbackUrl` is deprecated. */
export const WEBHOOK_SUBSCRIPTION_INPUT = input(
  'WebhookSubscriptionInput',
  leaves('callbackUrl', 'filter', 'format', 'includeFields', 'metafieldNamespaces', 'metafields', 'name', 'uri'),
);

function unknownField(
  type: InputType,
  value: unknown,
  path: string[] = [],
): { path: string[]; type: InputType } | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  for (const [key, item] of Object.entries(value as Json)) {
    const field = type.fields[key];
    if (!field) return { path: [...path, key], type };
    if (field !== true) {
      const nested = unknownField(field, item, [...path, key]);
      if (nested) return nested;
    }
  }
  return undefined;
}

/**
 * Shopify's answer (HTTP 200, `errors` only, no `data`) to a variable whose input object has a
 * field its type does not define, e.g. `Variable $basicCodeDiscount of type DiscountCodeBasicInput!
 * was provided invalid value for foo (Field is not defined on DiscountCodeBasicInput)`.
 */
export function invalidVariable(inputs: Record<string, InputType>, variables: Json): Json | undefined {
  for (const [name, type] of Object.entries(inputs)) {
    const found = unknownField(type, variables[name]);
    if (!found) continue;
    const explanation = `Field is not defined on ${found.type.name}`;
    return {
      message: `Variable $${name} of type ${type.name}! was provided invalid value for ${found.path.join('.')} (${explanation})`,
      locations: [{ line: 1, column: 1 }],
      extensions: { value: variables[name], problems: [{ path: found.path, explanation }] },
    };
  }
  return undefined;
}

const cursor = (index: number): string => Buffer.from(JSON.stringify({ last_id: index })).toString('base64');
const fromCursor = (value: unknown): number =>
  typeof value === 'string' && value
    ? (JSON.parse(Buffer.from(value, 'base64').toString()) as { last_id: number }).last_id + 1
    : 0;

export function connection<T>(items: T[], first: unknown, after?: unknown): { nodes: T[]; pageInfo: Json } {
  const start = fromCursor(after);
  const size = Math.max(0, Math.min(250, Number(first ?? 50)));
  const nodes = items.slice(start, start + size);
  const end = start + nodes.length - 1;
  return {
    nodes,
    pageInfo: {
      hasNextPage: start + nodes.length < items.length,
      hasPreviousPage: start > 0,
      startCursor: nodes.length ? cursor(start) : null,
      endCursor: nodes.length ? cursor(end) : null,
    },
  };
}

/** The value of `name:...` in a Shopify search query (quoted or not), with its comparator. */
function term(query: string, name: string): { op: string; value: string } | undefined {
  const match = new RegExp(`(?:^|\\s)${name}:(>=|<=|>|<)?(?:'([^']*)'|"((?:[^"\\\\]|\\\\.)*)"|(\\S+))`).exec(query);
  return match
    ? { op: match[1] ?? '=', value: (match[2] ?? match[3]?.replace(/\\(.)/g, '$1') ?? match[4])! }
    : undefined;
}

const compare = (left: string, { op, value }: { op: string; value: string }): boolean => {
  const a = Date.parse(left);
  const b = Date.parse(value);
  if (op === '>=') return a >= b;
  if (op === '>') return a > b;
  if (op === '<=') return a <= b;
  if (op === '<') return a < b;
  return left === value;
};

const userError = (field: string[], message: string, code?: string): Json => ({
  field,
  message,
  ...(code ? { code } : {}),
});

function subscriptionMutation(ctx: GraphqlContext, mode: 'create' | 'update'): { data: Json; actual: number } {
  const key = mode === 'create' ? 'webhookSubscriptionCreate' : 'webhookSubscriptionUpdate';
  const input = (ctx.variables.webhookSubscription ?? {}) as Json;
  const uri = String(input.uri ?? input.callbackUrl ?? '');
  if (!/^https:\/\//.test(uri))
    return {
      data: {
        [key]: {
          webhookSubscription: null,
          userErrors: [userError(['webhookSubscription', 'uri'], 'Address protocol http:// is not supported')],
        },
      },
      actual: 10,
    };
  const now = new Date().toISOString();
  if (mode === 'create') {
    const topic = String(ctx.variables.topic);
    if (ctx.shop.webhookSubscriptions.some((s) => s.topic === topic && s.uri === uri))
      return {
        data: {
          [key]: {
            webhookSubscription: null,
            userErrors: [userError(['webhookSubscription', 'uri'], 'Address for this topic has already been taken')],
          },
        },
        actual: 10,
      };
    const created = {
      id: ctx.fake.nextGid(ctx.shop, 'WebhookSubscription'),
      topic,
      uri,
      format: String(input.format ?? 'JSON'),
      createdAt: now,
      updatedAt: now,
    };
    ctx.shop.webhookSubscriptions.push(created);
    return {
      data: { [key]: { webhookSubscription: { id: created.id, topic, uri, format: created.format }, userErrors: [] } },
      actual: 10,
    };
  }
  const found = ctx.shop.webhookSubscriptions.find((s) => s.id === ctx.variables.id);
  if (!found)
    return {
      data: {
        [key]: { webhookSubscription: null, userErrors: [userError(['id'], 'Webhook subscription does not exist')] },
      },
      actual: 10,
    };
  Object.assign(found, { uri, updatedAt: now, ...(input.format ? { format: String(input.format) } : {}) });
  return {
    data: {
      [key]: {
        webhookSubscription: { id: found.id, topic: found.topic, uri: found.uri, format: found.format },
        userErrors: [],
      },
    },
    actual: 10,
  };
}

function discountMutation(ctx: GraphqlContext, kind: 'basic' | 'free_shipping'): { data: Json; actual: number } {
  const [key, argument] =
    kind === 'basic'
      ? ['discountCodeBasicCreate', 'basicCodeDiscount']
      : ['discountCodeFreeShippingCreate', 'freeShippingCodeDiscount'];
  const input = (ctx.variables[argument] ?? {}) as Json;
  const code = String(input.code ?? '');
  const errors: Json[] = [];
  if (!code) errors.push(userError([argument, 'code'], "Code can't be blank", 'BLANK'));
  if (!input.title) errors.push(userError([argument, 'title'], "Title can't be blank", 'BLANK'));
  if (!input.startsAt) errors.push(userError([argument, 'startsAt'], "Starts at can't be blank", 'BLANK'));
  if (!input.context && !input.customerSelection)
    errors.push(userError([argument, 'context'], 'Context must be specified', 'BLANK'));
  if (kind === 'basic' && !(input.customerGets as Json | undefined)?.value)
    errors.push(userError([argument, 'customerGets'], 'Customer gets value must be specified', 'BLANK'));
  if (ctx.shop.discounts.some((discount) => discount.code.toLowerCase() === code.toLowerCase()))
    errors.push(userError([argument, 'code'], 'Code must be unique. Please try a different code.', 'TAKEN'));
  if (errors.length > 0) return { data: { [key]: { codeDiscountNode: null, userErrors: errors } }, actual: 10 };
  const id = ctx.fake.nextGid(ctx.shop, 'DiscountCodeNode');
  ctx.shop.discounts.push({ id, code, kind, input });
  return { data: { [key]: { codeDiscountNode: { id }, userErrors: [] } }, actual: 10 };
}

const productNode = (product: Json): Json => ({
  ...product,
  collections: connection((product.collections as Json[]) ?? [], 20),
  variants: connection((product.variants as Json[]) ?? [], 20),
});

const findOrders = (ctx: GraphqlContext): Json[] => {
  const query = String(ctx.variables.query ?? '');
  const customer = term(query, 'customer_id');
  const email = term(query, 'email');
  const created = term(query, 'created_at');
  return ctx.shop.orders
    .filter((order) => !customer || (order.customer as Json | null)?.id === `gid://shopify/Customer/${customer.value}`)
    .filter((order) => !email || String(order.email ?? '').toLowerCase() === email.value.toLowerCase())
    .filter((order) => !created || compare(String(order.createdAt), created))
    .sort((a, b) => Date.parse(String(b.createdAt)) - Date.parse(String(a.createdAt)));
};

const publicOrder = ({ email: _email, ...order }: Json): Json => order;

// ---------------------------------------------------------------------------------------------
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

/** The app's id in confirmation URLs (Shopify puts the API client id there). */
const FAKE_APP_ID = 7_340_001;
const THIRTY_DAYS_MS = 30 * 24 * 3600 * 1000;
const graphqlTime = (date = new Date()): string => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
const numericId = (gid: string): string => /\/(\d+)(?:\?|$)/.exec(gid)?.[1] ?? gid;
/** Shopify prints Decimal money like Ruby's BigDecimal: "20.0", "12.5", "12.34". */
const decimal = (cents: number): string => (cents / 100).toFixed(2).replace(/(\.\d)0$/, '$1');
const money = (cents: number, currencyCode: string): Json => ({ amount: decimal(cents), currencyCode });
const toCents = (value: unknown): number =>
  value === null || value === undefined || value === '' ? Number.NaN : Math.round(Number(value) * 100);
const fieldError = (field: string[] | null, message: string): Json => ({ field, message });

function findSubscription(shop: FakeShopData, id: unknown): FakeAppSubscription | undefined {
  return shop.appSubscriptions.find((sub) => sub.id === id);
}

function findLine(
  shop: FakeShopData,
  id: unknown,
): { sub: FakeAppSubscription; line: FakeAppSubscriptionLine } | undefined {
  for (const sub of shop.appSubscriptions) {
    const line = sub.lineItems.find((candidate) => candidate.id === id);
    if (line) return { sub, line };
  }
  return undefined;
}

function chargeUrl(fake: FakeShopify, sub: FakeAppSubscription, action: string): string {
  const charge = numericId(sub.id);
  const signature = createHmac('sha256', fake.apiSecret).update(`${charge}:${action}`).digest('hex');
  return `${fake.url}/admin/charges/${FAKE_APP_ID}/${charge}/RecurringApplicationCharge/${action}?signature=${signature}`;
}

function lineNode(line: FakeAppSubscriptionLine): Json {
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

function subscriptionNode(sub: FakeAppSubscription): Json {
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
function moneyInput(value: unknown, field: string[], errors: Json[], label: string): FakeMoney | undefined {
  const input = (value ?? {}) as Json;
  const cents = toCents(input.amount);
  if (!Number.isFinite(cents)) return void errors.push(fieldError(field, `${label} is invalid`));
  if (typeof input.currencyCode !== 'string' || !/^[A-Z]{3}$/.test(input.currencyCode))
    return void errors.push(fieldError([...field, 'currencyCode'], 'Currency code is invalid'));
  return { cents, currencyCode: input.currencyCode };
}

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

export const graphqlHandlers: Record<string, GraphqlHandler> = {
  ShopInfo: { cost: () => 3, run: ({ shop }) => ({ data: { shop: shop.info }, actual: 3 }) },
  AppScopes: {
    cost: () => 2,
    run: ({ shop }) => ({
      data: { currentAppInstallation: { accessScopes: shop.grantedScopes.map((handle) => ({ handle })) } },
      actual: 2,
    }),
  },
  ProductsByIds: {
    cost: ({ variables }) => 2 + ((variables.ids as unknown[]) ?? []).length * 45,
    run: ({ shop, variables }) => {
      const nodes = ((variables.ids as string[]) ?? []).map(
        (id) => shop.products.find((product) => product.id === id) ?? null,
      );
      return { data: { nodes: nodes.map((node) => (node ? productNode(node) : null)) }, actual: 2 + nodes.length * 5 };
    },
  },
  ProductCollections: {
    cost: ({ variables }) => 3 + Number(variables.first ?? 0),
    run: ({ shop, variables }) => {
      const product = shop.products.find((p) => p.id === variables.id);
      return {
        data: {
          product: product
            ? { collections: connection((product.collections as Json[]) ?? [], variables.first, variables.after) }
            : null,
        },
        actual: 5,
      };
    },
  },
  ProductVariants: {
    cost: ({ variables }) => 3 + Number(variables.first ?? 0),
    run: ({ shop, variables }) => {
      const product = shop.products.find((p) => p.id === variables.id);
      return {
        data: {
          product: product
            ? { variants: connection((product.variants as Json[]) ?? [], variables.first, variables.after) }
            : null,
        },
        actual: 5,
      };
    },
  },
  FirstProductVariant: {
    cost: () => 5,
    run: ({ shop }) => {
      const nodes = shop.products.flatMap((product) =>
        ((product.variants as Json[]) ?? []).map((variant) => ({
          ...variant,
          product: { id: product.id, title: product.title, handle: product.handle },
        })),
      );
      return { data: { productVariants: { nodes: nodes.slice(0, 1) } }, actual: 3 };
    },
  },
  OrderById: {
    cost: () => 4,
    run: ({ shop, variables }) => {
      const order = shop.orders.find((o) => o.id === variables.id);
      return { data: { order: order ? publicOrder(order) : null }, actual: 4 };
    },
  },
  NewestOrder: {
    cost: () => 6,
    run: (ctx) => ({ data: { orders: { nodes: findOrders(ctx).slice(0, 1).map(publicOrder) } }, actual: 4 }),
  },
  CustomerById: {
    cost: () => 16,
    run: ({ shop, variables }) => ({
      data: { customer: shop.customers.find((c) => c.id === variables.id) ?? null },
      actual: 6,
    }),
  },
  AbandonedCheckouts: {
    cost: ({ variables }) => 2 + Number(variables.first ?? 0) * 8,
    run: ({ shop, variables }) => {
      const query = String(variables.query ?? '');
      const updated = term(query, 'updated_at');
      const recovery = term(query, 'recovery_state');
      const matching = shop.abandonedCheckouts
        .filter((checkout) => !updated || compare(checkout.updatedAt, updated))
        .filter(
          (checkout) =>
            !recovery || (recovery.value === 'not_recovered' ? !checkout.recovered : Boolean(checkout.recovered)),
        )
        .map(({ lineItems: _lineItems, recovered: _recovered, ...node }) => node);
      const page = connection(matching, variables.first, variables.after);
      return { data: { abandonedCheckouts: page }, actual: 2 + page.nodes.length * 6 };
    },
  },
  AbandonedCheckoutLineItems: {
    cost: ({ variables }) => 3 + Number(variables.first ?? 0) * 5,
    run: ({ shop, variables }) => {
      const checkout = shop.abandonedCheckouts.find((c) => c.id === variables.id);
      if (!checkout) return { data: { node: null }, actual: 1 };
      const page = connection(checkout.lineItems, variables.first, variables.after);
      return { data: { node: { lineItems: page } }, actual: 3 + page.nodes.length * 5 };
    },
  },
  WebhookSubscriptions: {
    cost: () => 102,
    run: ({ shop, variables }) => {
      const page = connection(
        shop.webhookSubscriptions.map(({ id, topic, uri, format }) => ({ id, topic, uri, format })),
        100,
        variables.after,
      );
      return { data: { webhookSubscriptions: page }, actual: 2 + page.nodes.length };
    },
  },
  WebhookSubscriptionCreate: {
    cost: () => 10,
    run: (ctx) => subscriptionMutation(ctx, 'create'),
    inputs: { webhookSubscription: WEBHOOK_SUBSCRIPTION_INPUT },
  },
  WebhookSubscriptionUpdate: {
    cost: () => 10,
    run: (ctx) => subscriptionMutation(ctx, 'update'),
    inputs: { webhookSubscription: WEBHOOK_SUBSCRIPTION_INPUT },
  },
  WebhookSubscriptionDelete: {
    cost: () => 10,
    run: ({ shop, variables }) => {
      const index = shop.webhookSubscriptions.findIndex((s) => s.id === variables.id);
      if (index < 0)
        return {
          data: {
            webhookSubscriptionDelete: {
              deletedWebhookSubscriptionId: null,
              userErrors: [userError(['id'], 'Webhook subscription does not exist')],
            },
          },
          actual: 10,
        };
      shop.webhookSubscriptions.splice(index, 1);
      return {
        data: { webhookSubscriptionDelete: { deletedWebhookSubscriptionId: variables.id, userErrors: [] } },
        actual: 10,
      };
    },
  },
  DiscountCodeBasicCreate: {
    cost: () => 10,
    run: (ctx) => discountMutation(ctx, 'basic'),
    inputs: { basicCodeDiscount: DISCOUNT_CODE_BASIC_INPUT },
  },
  DiscountCodeFreeShippingCreate: {
    cost: () => 10,
    run: (ctx) => discountMutation(ctx, 'free_shipping'),
    inputs: { freeShippingCodeDiscount: DISCOUNT_CODE_FREE_SHIPPING_INPUT },
  },
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
