/**
 * Shopify app billing: a brand that pays through Shopify gets one app subscription with a
 * recurring line (the monthly price, EVERY_30_DAYS, optionally a fixed USD discount on the first
 * interval) and a usage line (per-recovery fees, capped). The merchant approves it on Shopify's
 * confirmation page; usage is then charged with usage records against the usage line, which
 * Shopify refuses beyond the capped amount. HTTP failures (a frozen shop answers 402) come through
 * unchanged from the Admin client as AppErrors with `details.status`.
 */
import { z } from 'zod';
import { AppError } from '../app/index.ts';
import type { ShopifyAdminClient } from '../stores/index.ts';

import type { AppSubscriptionLine, AppSubscription, AppSubscriptionInput } from './shopify-billing-types.ts';
export type * from './shopify-billing-types.ts';

/** AppError code when Shopify refuses a billing mutation (userErrors). */
export const SHOPIFY_BILLING_REFUSED = 'shopify_billing_refused';
/** AppError code when a usage record would take the usage line beyond its capped amount. */
export const SHOPIFY_USAGE_CAP = 'shopify_usage_cap';

import {
  ACTIVE_APP_SUBSCRIPTIONS,
  APP_SUBSCRIPTION_BY_ID,
  APP_SUBSCRIPTION_CANCEL,
  APP_SUBSCRIPTION_CREATE,
  APP_SUBSCRIPTION_LINE_ITEM_UPDATE,
  APP_USAGE_RECORD_CREATE,
} from './shopify-billing-documents.ts';
export * from './shopify-billing-documents.ts';

// ---------------------------------------------------------------------------------------------
// Shapes Shopify answers with.

const moneySchema = z.object({ amount: z.union([z.string(), z.number()]).transform(String), currencyCode: z.string() });
const userErrorsSchema = z.array(z.object({ field: z.array(z.string()).nullable().optional(), message: z.string() }));
type UserErrors = z.infer<typeof userErrorsSchema>;

const recurringSchema = z.object({
  __typename: z.literal('AppRecurringPricing'),
  interval: z.string().optional(),
  price: moneySchema,
  discount: z
    .object({
      durationLimitInIntervals: z.number().nullable(),
      remainingDurationInIntervals: z.number().nullable(),
      priceAfterDiscount: moneySchema,
      value: z.object({
        __typename: z.string().optional(),
        amount: moneySchema.optional(),
        percentage: z.number().optional(),
      }),
    })
    .nullable()
    .optional(),
});
const usageSchema = z.object({
  __typename: z.literal('AppUsagePricing'),
  interval: z.string().optional(),
  terms: z.string(),
  cappedAmount: moneySchema,
  balanceUsed: moneySchema,
});
const lineSchema = z.object({
  id: z.string(),
  plan: z.object({ pricingDetails: z.discriminatedUnion('__typename', [recurringSchema, usageSchema]) }),
});
const subscriptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['PENDING', 'ACTIVE', 'ACCEPTED', 'CANCELLED', 'DECLINED', 'EXPIRED', 'FROZEN']),
  test: z.boolean(),
  trialDays: z.number(),
  createdAt: z.string(),
  currentPeriodEnd: z.string().nullable(),
  lineItems: z.array(lineSchema),
});
type SubscriptionNode = z.infer<typeof subscriptionSchema>;

/** Parses an external shape; anything else is Shopify answering in a way we do not understand. */
function parse<T>(schema: z.ZodType<T>, value: unknown, operation: string): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new AppError('upstream', `Shopify answered ${operation} in an unexpected shape`, {
      code: 'shopify_bad_response',
      details: {
        operation,
        issues: parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.')}: ${issue.message}`),
      },
    });
  return parsed.data;
}

function toLine({ id, plan: { pricingDetails: pricing } }: SubscriptionNode['lineItems'][number]): AppSubscriptionLine {
  if (pricing.__typename === 'AppUsagePricing') {
    return {
      id,
      kind: 'usage',
      cappedAmount: pricing.cappedAmount,
      balanceUsed: pricing.balanceUsed,
      terms: pricing.terms,
      interval: pricing.interval,
    };
  }
  const line: AppSubscriptionLine = { id, kind: 'recurring', price: pricing.price, interval: pricing.interval };
  const discount = pricing.discount;
  if (discount) {
    line.discount = {
      ...(discount.value.amount ? { amount: discount.value.amount } : {}),
      ...(discount.value.percentage !== undefined ? { percentage: discount.value.percentage } : {}),
      durationLimitInIntervals: discount.durationLimitInIntervals,
      remainingDurationInIntervals: discount.remainingDurationInIntervals,
      priceAfterDiscount: discount.priceAfterDiscount,
    };
  }
  return line;
}

export function toAppSubscription(node: SubscriptionNode): AppSubscription {
  const { lineItems, ...rest } = node;
  return { ...rest, lines: lineItems.map(toLine) };
}

/** The usage-priced line (usage records are created against its id). */
export const usageLine = (sub: Pick<AppSubscription, 'lines'>): AppSubscriptionLine | undefined =>
  sub.lines.find((line) => line.kind === 'usage');

/** The recurring (monthly price) line. */
export const recurringLine = (sub: Pick<AppSubscription, 'lines'>): AppSubscriptionLine | undefined =>
  sub.lines.find((line) => line.kind === 'recurring');

// ---------------------------------------------------------------------------------------------
// Inputs.

/**
 * A USD amount as Shopify's MoneyInput: a number with at most 2 decimals (Decimal accepts a
 * number; rounding here keeps float noise such as 0.1 + 0.2 out of what the merchant is billed).
 */
export function usdMoney(
  amount: number,
  what: string,
  { allowZero = false } = {},
): { amount: number; currencyCode: 'USD' } {
  if (!Number.isFinite(amount) || amount < 0 || (!allowZero && amount === 0)) {
    throw new AppError('invalid_input', `${what} must be ${allowZero ? 'zero or more' : 'more than zero'} USD`, {
      code: 'invalid_amount',
      details: { what, amount },
    });
  }
  return { amount: Math.round((amount + Number.EPSILON) * 100) / 100, currencyCode: 'USD' };
}

/** The `lineItems` argument: a 30-day recurring price (first-interval discount) and a capped usage line. */
export function subscriptionLineItems(
  input: Pick<AppSubscriptionInput, 'priceUsd' | 'firstIntervalDiscountUsd' | 'usageCapUsd' | 'usageTerms'>,
): Record<string, unknown>[] {
  const price = usdMoney(input.priceUsd, 'The subscription price', { allowZero: true });
  const discountUsd = input.firstIntervalDiscountUsd ?? 0;
  if (discountUsd > 0 && usdMoney(discountUsd, 'The first-interval discount').amount > price.amount) {
    throw new AppError('invalid_input', 'The first-interval discount cannot exceed the subscription price', {
      code: 'invalid_amount',
      details: { priceUsd: input.priceUsd, firstIntervalDiscountUsd: discountUsd },
    });
  }
  const discount =
    discountUsd > 0
      ? {
          discount: {
            value: { amount: usdMoney(discountUsd, 'The first-interval discount').amount },
            durationLimitInIntervals: 1,
          },
        }
      : {};
  return [
    { plan: { appRecurringPricingDetails: { price, interval: 'EVERY_30_DAYS', ...discount } } },
    {
      plan: {
        appUsagePricingDetails: { cappedAmount: usdMoney(input.usageCapUsd, 'The usage cap'), terms: input.usageTerms },
      },
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Operations.

const messages = (errors: UserErrors): string => errors.map((error) => error.message).join('; ');

function refused(operation: string, userErrors: UserErrors, details: Record<string, unknown> = {}): AppError {
  return new AppError('upstream', `${operation} refused: ${messages(userErrors)}`, {
    code: SHOPIFY_BILLING_REFUSED,
    details: { ...details, userErrors },
  });
}

const createPayload = z.object({
  appSubscriptionCreate: z.object({
    appSubscription: subscriptionSchema.nullable(),
    confirmationUrl: z.string().nullable(),
    userErrors: userErrorsSchema,
  }),
});

/** Creates the subscription (PENDING until the merchant approves it at `confirmationUrl`). */
export async function createAppSubscription(
  client: ShopifyAdminClient,
  input: AppSubscriptionInput,
): Promise<{ subscription: AppSubscription; confirmationUrl: string }> {
  if (!input.name.trim())
    throw new AppError('invalid_input', 'The subscription needs a name', { code: 'invalid_subscription' });
  if (!Number.isInteger(input.trialDays) || input.trialDays < 0)
    throw new AppError('invalid_input', 'Trial days must be a whole number, zero or more', {
      code: 'invalid_subscription',
      details: { trialDays: input.trialDays },
    });
  const variables = {
    name: input.name,
    returnUrl: input.returnUrl,
    trialDays: input.trialDays,
    test: input.test,
    lineItems: subscriptionLineItems(input),
    replacementBehavior: input.replacementBehavior ?? 'STANDARD',
  };
  const data = parse(createPayload, await client.request(APP_SUBSCRIPTION_CREATE, variables), 'AppSubscriptionCreate');
  const { appSubscription, confirmationUrl, userErrors } = data.appSubscriptionCreate;
  if (userErrors.length > 0) throw refused('AppSubscriptionCreate', userErrors, { name: input.name });
  if (!appSubscription || !confirmationUrl)
    throw new AppError('upstream', 'Shopify created no app subscription and gave no reason', {
      code: 'shopify_bad_response',
      details: { operation: 'AppSubscriptionCreate' },
    });
  return { subscription: toAppSubscription(appSubscription), confirmationUrl };
}

const nodePayload = z.object({ node: z.object({ __typename: z.string() }).loose().nullable() });

/** The subscription by id; null when Shopify knows no app subscription of ours by that id. */
export async function getAppSubscription(client: ShopifyAdminClient, id: string): Promise<AppSubscription | null> {
  const { node } = parse(nodePayload, await client.request(APP_SUBSCRIPTION_BY_ID, { id }), 'AppSubscriptionById');
  if (!node || node.__typename !== 'AppSubscription') return null;
  return toAppSubscription(parse(subscriptionSchema, node, 'AppSubscriptionById'));
}

const activePayload = z.object({
  currentAppInstallation: z.object({ activeSubscriptions: z.array(subscriptionSchema) }),
});

/** The subscriptions Shopify currently bills the shop for (normally one). */
export async function listActiveAppSubscriptions(client: ShopifyAdminClient): Promise<AppSubscription[]> {
  const data = parse(activePayload, await client.request(ACTIVE_APP_SUBSCRIPTIONS), 'ActiveAppSubscriptions');
  return data.currentAppInstallation.activeSubscriptions.map(toAppSubscription);
}

const cancelPayload = z.object({
  appSubscriptionCancel: z.object({ appSubscription: subscriptionSchema.nullable(), userErrors: userErrorsSchema }),
});

/** Cancels the subscription; `prorate` credits the merchant the unused part of the interval. */
export async function cancelAppSubscription(
  client: ShopifyAdminClient,
  id: string,
  { prorate = false }: { prorate?: boolean } = {},
): Promise<AppSubscription> {
  const data = parse(
    cancelPayload,
    await client.request(APP_SUBSCRIPTION_CANCEL, { id, prorate }),
    'AppSubscriptionCancel',
  );
  const { appSubscription, userErrors } = data.appSubscriptionCancel;
  if (userErrors.length > 0) throw refused('AppSubscriptionCancel', userErrors, { id });
  if (!appSubscription)
    throw new AppError('upstream', 'Shopify cancelled no app subscription and gave no reason', {
      code: 'shopify_bad_response',
      details: { operation: 'AppSubscriptionCancel', id },
    });
  return toAppSubscription(appSubscription);
}

const usagePayload = z.object({
  appUsageRecordCreate: z.object({
    appUsageRecord: z.object({ id: z.string() }).nullable(),
    userErrors: userErrorsSchema,
  }),
});

/** Shopify's refusal of a usage record that would pass the capped amount ('Total price exceeds balance remaining'). */
export const isUsageCapRefusal = (userErrors: { message: string }[]): boolean =>
  userErrors.some((error) => /balance remaining|capped amount/i.test(error.message));

/**
 * Charges `amountUsd` against the usage line. The idempotency key makes a retry return the first
 * record instead of charging twice; beyond the cap Shopify refuses (code shopify_usage_cap).
 */
export async function createUsageRecord(
  client: ShopifyAdminClient,
  input: { lineItemId: string; amountUsd: number; description: string; idempotencyKey: string },
): Promise<{ id: string }> {
  if (input.idempotencyKey.length === 0 || input.idempotencyKey.length > 255)
    throw new AppError('invalid_input', 'The idempotency key must be 1 to 255 characters', {
      code: 'invalid_idempotency_key',
    });
  const variables = {
    subscriptionLineItemId: input.lineItemId,
    price: usdMoney(input.amountUsd, 'A usage charge'),
    description: input.description,
    idempotencyKey: input.idempotencyKey,
  };
  const data = parse(usagePayload, await client.request(APP_USAGE_RECORD_CREATE, variables), 'AppUsageRecordCreate');
  const { appUsageRecord, userErrors } = data.appUsageRecordCreate;
  const details = { lineItemId: input.lineItemId, amountUsd: input.amountUsd, idempotencyKey: input.idempotencyKey };
  if (isUsageCapRefusal(userErrors)) {
    throw new AppError('upstream', `AppUsageRecordCreate refused: ${messages(userErrors)}`, {
      code: SHOPIFY_USAGE_CAP,
      details: { ...details, userErrors },
    });
  }
  if (userErrors.length > 0) throw refused('AppUsageRecordCreate', userErrors, details);
  if (!appUsageRecord)
    throw new AppError('upstream', 'Shopify created no usage record and gave no reason', {
      code: 'shopify_bad_response',
      details: { operation: 'AppUsageRecordCreate', ...details },
    });
  return { id: appUsageRecord.id };
}

const capPayload = z.object({
  appSubscriptionLineItemUpdate: z
    .object({ confirmationUrl: z.string().nullable(), userErrors: userErrorsSchema })
    .loose(),
});

/** Asks for a new usage cap; it applies once the merchant approves it at `confirmationUrl`. */
export async function updateUsageCap(
  client: ShopifyAdminClient,
  input: { lineItemId: string; cappedAmountUsd: number },
): Promise<{ confirmationUrl: string | null }> {
  const variables = { id: input.lineItemId, cappedAmount: usdMoney(input.cappedAmountUsd, 'The usage cap') };
  const data = parse(
    capPayload,
    await client.request(APP_SUBSCRIPTION_LINE_ITEM_UPDATE, variables),
    'AppSubscriptionLineItemUpdate',
  );
  const { confirmationUrl, userErrors } = data.appSubscriptionLineItemUpdate;
  if (userErrors.length > 0)
    throw refused('AppSubscriptionLineItemUpdate', userErrors, {
      lineItemId: input.lineItemId,
      cappedAmountUsd: input.cappedAmountUsd,
    });
  return { confirmationUrl };
}
