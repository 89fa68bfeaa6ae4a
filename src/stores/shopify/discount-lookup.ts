/**
 * A discount code at Shopify by its code (Admin GraphQL `codeDiscountNodeByCode`) and its update
 * (`discountCodeBasicUpdate`, `discountCodeFreeShippingUpdate`): e.g. a later end or another
 * value. Codes of other kinds (buy X get Y, app discounts) are reported but not updated here.
 */
import { AppError } from '../../app/index.ts';
import type { ShopifyAdminClient } from './client.ts';

/** Spec 2 section 8, verbatim. */
export const CODE_REQUIRED = 'Code is required';

const WINDOW = 'title status startsAt endsAt usageLimit appliesOncePerCustomer asyncUsageCount';
const CODES = 'codes(first: 20) { nodes { code asyncUsageCount } }';
const VALUE = `customerGets { value { __typename
  ... on DiscountPercentage { percentage }
  ... on DiscountAmount { amount { amount currencyCode } appliesOnEachItem } } }`;
const NODE = `id codeDiscount { __typename
  ... on DiscountCodeBasic { ${WINDOW} ${CODES} ${VALUE} }
  ... on DiscountCodeFreeShipping { ${WINDOW} ${CODES} } }`;
const USER_ERRORS = 'userErrors { field code message }';

export const DISCOUNT_BY_CODE = `query CodeDiscountNodeByCode($code: String!) {
  codeDiscountNodeByCode(code: $code) { ${NODE} }
}`;

export const DISCOUNT_BASIC_UPDATE = `mutation DiscountCodeBasicUpdate($id: ID!, $basicCodeDiscount: DiscountCodeBasicInput!) {
  discountCodeBasicUpdate(id: $id, basicCodeDiscount: $basicCodeDiscount) { codeDiscountNode { ${NODE} } ${USER_ERRORS} }
}`;

export const DISCOUNT_FREE_SHIPPING_UPDATE = `mutation DiscountCodeFreeShippingUpdate($id: ID!, $freeShippingCodeDiscount: DiscountCodeFreeShippingInput!) {
  discountCodeFreeShippingUpdate(id: $id, freeShippingCodeDiscount: $freeShippingCodeDiscount) { codeDiscountNode { ${NODE} } ${USER_ERRORS} }
}`;

type Money = { amount: string; currencyCode: string };
interface CodeDiscountNode {
  id: string;
  codeDiscount: {
    __typename: string;
    title?: string;
    status?: string;
    startsAt?: string;
    endsAt?: string | null;
    usageLimit?: number | null;
    appliesOncePerCustomer?: boolean;
    asyncUsageCount?: number;
    codes?: { nodes: { code: string; asyncUsageCount: number }[] };
    customerGets?: {
      value: { __typename: string; percentage?: number; amount?: Money; appliesOnEachItem?: boolean };
    };
  };
}

export type DiscountKind = 'basic' | 'free_shipping' | 'other';

export interface ShopifyDiscountInfo {
  /** The DiscountCodeNode id (what the update mutations take). */
  id: string;
  kind: DiscountKind;
  /** Shopify's type name (DiscountCodeBasic, DiscountCodeFreeShipping, DiscountCodeBxgy ...). */
  type: string;
  title: string | null;
  /** ACTIVE, EXPIRED or SCHEDULED. */
  status: string | null;
  startsAt: string | null;
  endsAt: string | null;
  usageLimit: number | null;
  appliesOncePerCustomer: boolean | null;
  /** Times the discount was used (Shopify counts asynchronously). */
  usageCount: number;
  codes: { code: string; usageCount: number }[];
  /** Basic codes: 10 for 10 percent off, or a fixed amount off. */
  value: { percentage: number } | { amount: Money; appliesOnEachItem: boolean } | null;
}

const KINDS: Record<string, DiscountKind> = { DiscountCodeBasic: 'basic', DiscountCodeFreeShipping: 'free_shipping' };

function toInfo(node: CodeDiscountNode): ShopifyDiscountInfo {
  const d = node.codeDiscount;
  const value = d.customerGets?.value;
  return {
    id: node.id,
    kind: KINDS[d.__typename] ?? 'other',
    type: d.__typename,
    title: d.title ?? null,
    status: d.status ?? null,
    startsAt: d.startsAt ?? null,
    endsAt: d.endsAt ?? null,
    usageLimit: d.usageLimit ?? null,
    appliesOncePerCustomer: d.appliesOncePerCustomer ?? null,
    usageCount: d.asyncUsageCount ?? 0,
    codes: (d.codes?.nodes ?? []).map((c) => ({ code: c.code, usageCount: c.asyncUsageCount })),
    value:
      value?.percentage !== undefined
        ? { percentage: Math.round(value.percentage * 10_000) / 100 }
        : value?.amount
          ? { amount: value.amount, appliesOnEachItem: value.appliesOnEachItem ?? false }
          : null,
  };
}

const requireCode = (code: string | null | undefined): string => {
  const trimmed = code?.trim();
  if (!trimmed) throw new AppError('invalid_input', CODE_REQUIRED, { code: 'code_required' });
  return trimmed;
};

/** The code discount a code redeems, or undefined when the shop has no such code ('Code is required' without one). */
export async function findDiscountByCode(
  client: ShopifyAdminClient,
  code: string | null | undefined,
): Promise<ShopifyDiscountInfo | undefined> {
  const data = await client.request<{ codeDiscountNodeByCode: CodeDiscountNode | null }>(DISCOUNT_BY_CODE, {
    code: requireCode(code),
  });
  return data.codeDiscountNodeByCode ? toInfo(data.codeDiscountNodeByCode) : undefined;
}

export interface DiscountChanges {
  title?: string;
  startsAt?: Date;
  /** null: no end. */
  endsAt?: Date | null;
  /** null: no limit. */
  usageLimit?: number | null;
  /** Basic codes: 10 for 10 percent off. */
  percentage?: number;
  /** Basic codes: a fixed amount off the order. */
  amount?: number;
}

function changesInput(changes: DiscountChanges, kind: DiscountKind): Record<string, unknown> {
  const hasValue = changes.percentage !== undefined || changes.amount !== undefined;
  if (hasValue && kind !== 'basic')
    throw new AppError('invalid_input', 'Only an amount-off (basic) code has a percentage or amount to change', {
      code: 'discount_value_not_applicable',
    });
  if (changes.percentage !== undefined && changes.amount !== undefined)
    throw new AppError('invalid_input', 'Give a percentage or an amount, not both', { code: 'discount_value_both' });
  if (changes.percentage !== undefined && !(changes.percentage > 0 && changes.percentage <= 100))
    throw new AppError('invalid_input', 'The percentage must be more than 0 and at most 100', {
      code: 'invalid_percentage',
    });
  if (changes.amount !== undefined && !(changes.amount > 0))
    throw new AppError('invalid_input', 'The amount must be more than 0', { code: 'invalid_amount' });
  const input: Record<string, unknown> = {
    ...(changes.title !== undefined ? { title: changes.title } : {}),
    ...(changes.startsAt ? { startsAt: changes.startsAt.toISOString() } : {}),
    ...(changes.endsAt !== undefined ? { endsAt: changes.endsAt ? changes.endsAt.toISOString() : null } : {}),
    ...(changes.usageLimit !== undefined ? { usageLimit: changes.usageLimit } : {}),
  };
  if (changes.percentage !== undefined)
    input.customerGets = { value: { percentage: Math.round(changes.percentage * 100) / 10_000 } };
  if (changes.amount !== undefined)
    input.customerGets = { value: { discountAmount: { amount: String(changes.amount), appliesOnEachItem: false } } };
  if (Object.keys(input).length === 0)
    throw new AppError('invalid_input', 'Nothing to change: give an end, a start, a title, a usage limit or a value', {
      code: 'nothing_to_change',
    });
  return input;
}

type UpdatePayload = {
  codeDiscountNode: CodeDiscountNode | null;
  userErrors: { field: string[] | null; code: string | null; message: string }[];
};

/** Updates the code discount of `discount` (as found by code); returns it as Shopify now has it. */
export async function updateDiscount(
  client: ShopifyAdminClient,
  discount: Pick<ShopifyDiscountInfo, 'id' | 'kind' | 'codes'>,
  changes: DiscountChanges,
): Promise<ShopifyDiscountInfo> {
  if (discount.kind === 'other')
    throw new AppError('invalid_input', 'Only amount-off (basic) and free-shipping codes can be updated here', {
      code: 'discount_kind_not_supported',
    });
  const input = changesInput(changes, discount.kind);
  const [document, field, argument] =
    discount.kind === 'basic'
      ? [DISCOUNT_BASIC_UPDATE, 'discountCodeBasicUpdate', 'basicCodeDiscount']
      : [DISCOUNT_FREE_SHIPPING_UPDATE, 'discountCodeFreeShippingUpdate', 'freeShippingCodeDiscount'];
  const data = await client.request<Record<string, UpdatePayload>>(document, { id: discount.id, [argument]: input });
  const result = data[field]!;
  if (result.userErrors.length > 0 || !result.codeDiscountNode)
    throw new AppError(
      'upstream',
      `Shopify refused to update the discount: ${result.userErrors.map((e) => e.message).join('; ')}`,
      { code: 'shopify_discount_refused', details: { userErrors: result.userErrors.map((e) => e.message) } },
    );
  return toInfo(result.codeDiscountNode);
}
