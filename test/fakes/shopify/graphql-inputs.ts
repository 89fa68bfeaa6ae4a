/**
 * The input object types the fake Shopify checks mutation variables against, and Shopify's error
 * for a field they lack.
 */
import type { Json } from '../server.ts';
import type { InputType } from './types.ts';

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
