/**
 * The input object and enum types the fake Shopify checks mutation variables against, and
 * Shopify's error for a field they lack or a value they do not have.
 */
import type { Json } from '../server.ts';
import type { EnumType, InputType } from './types.ts';

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

/**
 * WebhookSubscriptionTopic (2026-07): the values an app like Reclaim meets, a subset of Shopify's
 * enum. The mandatory privacy topics are not in it (they are set in the app configuration), nor
 * is a REST topic name such as `customers_marketing_consent/update`.
 */
export const WEBHOOK_SUBSCRIPTION_TOPIC: EnumType = {
  name: 'WebhookSubscriptionTopic',
  values: [
    'APP_PURCHASES_ONE_TIME_UPDATE',
    'APP_SCOPES_UPDATE',
    'APP_SUBSCRIPTIONS_APPROACHING_CAPPED_AMOUNT',
    'APP_SUBSCRIPTIONS_UPDATE',
    'APP_UNINSTALLED',
    'CARTS_CREATE',
    'CARTS_UPDATE',
    'CHECKOUTS_CREATE',
    'CHECKOUTS_DELETE',
    'CHECKOUTS_UPDATE',
    'CUSTOMER_TAGS_ADDED',
    'CUSTOMER_TAGS_REMOVED',
    'CUSTOMERS_CREATE',
    'CUSTOMERS_DELETE',
    'CUSTOMERS_DISABLE',
    'CUSTOMERS_EMAIL_MARKETING_CONSENT_UPDATE',
    'CUSTOMERS_ENABLE',
    'CUSTOMERS_MARKETING_CONSENT_UPDATE',
    'CUSTOMERS_MERGE',
    'CUSTOMERS_PURCHASING_SUMMARY',
    'CUSTOMERS_UPDATE',
    'ORDERS_CANCELLED',
    'ORDERS_CREATE',
    'ORDERS_DELETE',
    'ORDERS_EDITED',
    'ORDERS_FULFILLED',
    'ORDERS_PAID',
    'ORDERS_PARTIALLY_FULFILLED',
    'ORDERS_UPDATED',
    'PRODUCTS_CREATE',
    'PRODUCTS_DELETE',
    'PRODUCTS_UPDATE',
    'REFUNDS_CREATE',
    'SHOP_UPDATE',
  ],
};

function unknownField(
  type: InputType,
  value: unknown,
  path: string[] = [],
): { path: string[]; type: InputType; explanation?: string } | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  for (const [key, item] of Object.entries(value as Json)) {
    const field = type.fields[key];
    if (!field) return { path: [...path, key], type };
    if (field !== true && 'values' in field) {
      if (item === null || item === undefined || (typeof item === 'string' && field.values.includes(item))) continue;
      const explanation = `Expected "${String(item)}" to be one of: ${field.values.join(', ')}`;
      return { path: [...path, key], type, explanation };
    }
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
 * was provided invalid value for foo (Field is not defined on DiscountCodeBasicInput)`, or whose
 * enum value the type does not have (`Variable $topic of type WebhookSubscriptionTopic! was
 * provided invalid value`, the values listed in the problem).
 */
export function invalidVariable(inputs: Record<string, InputType | EnumType>, variables: Json): Json | undefined {
  for (const [name, type] of Object.entries(inputs)) {
    if ('values' in type) {
      const value = variables[name];
      if (typeof value === 'string' && type.values.includes(value)) continue;
      return {
        message: `Variable $${name} of type ${type.name}! was provided invalid value`,
        locations: [{ line: 1, column: 1 }],
        extensions: {
          value: value ?? null,
          problems: [{ path: [], explanation: `Expected "${String(value)}" to be one of: ${type.values.join(', ')}` }],
        },
      };
    }
    const found = unknownField(type, variables[name]);
    if (!found) continue;
    const explanation = found.explanation ?? `Field is not defined on ${found.type.name}`;
    return {
      message: `Variable $${name} of type ${type.name}! was provided invalid value for ${found.path.join('.')} (${explanation})`,
      locations: [{ line: 1, column: 1 }],
      extensions: { value: variables[name], problems: [{ path: found.path, explanation }] },
    };
  }
  return undefined;
}
