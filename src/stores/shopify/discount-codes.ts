/** Discount codes at Shopify: basic and free-shipping code discounts (Admin GraphQL mutations). */
import { AppError } from '../../app/index.ts';
import type { ShopifyAdminClient } from './client.ts';
import * as doc from './documents.ts';

type Json = Record<string, unknown>;

export interface DiscountCodeInput {
  title: string;
  code: string;
  startsAt: Date;
  endsAt?: Date | null;
  /** 10 for 10 percent off (basic codes). */
  percentage?: number;
  /** A fixed amount off the order (basic codes). */
  amount?: number;
  minimumSubtotal?: number | null;
  usageLimit?: number;
  appliesOncePerCustomer?: boolean;
  combinesWith?: { orderDiscounts?: boolean; productDiscounts?: boolean; shippingDiscounts?: boolean };
}

export interface CreatedDiscount {
  id: string;
  code: string;
}

/** AppError code of a 'Code must be unique' refusal: the caller picks another code and retries. */
export const DISCOUNT_CODE_TAKEN = 'discount_code_taken';

type DiscountPayload = {
  codeDiscountNode: { id: string } | null;
  userErrors: { field: string[] | null; code: string | null; message: string }[];
};

function discountResult(payload: DiscountPayload, code: string, failure: string): CreatedDiscount {
  const taken = payload.userErrors.find((error) => error.code === 'TAKEN' || /must be unique/i.test(error.message));
  if (taken) throw new AppError('conflict', 'Code must be unique', { code: DISCOUNT_CODE_TAKEN, details: { code } });
  if (payload.userErrors.length > 0 || !payload.codeDiscountNode)
    throw new AppError('upstream', failure, {
      code: 'shopify_discount_refused',
      details: { userErrors: payload.userErrors.map((error) => error.message) },
    });
  return { id: payload.codeDiscountNode.id, code };
}

function commonDiscountInput(input: DiscountCodeInput): Json {
  return {
    title: input.title,
    code: input.code,
    startsAt: input.startsAt.toISOString(),
    endsAt: input.endsAt ? input.endsAt.toISOString() : null,
    context: { all: 'ALL' },
    usageLimit: input.usageLimit ?? 1,
    appliesOncePerCustomer: input.appliesOncePerCustomer ?? true,
    combinesWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: false, ...input.combinesWith },
    ...(input.minimumSubtotal
      ? { minimumRequirement: { subtotal: { greaterThanOrEqualToSubtotal: String(input.minimumSubtotal) } } }
      : {}),
  };
}

/** An amount-off code (percentage or fixed); 'Error generating basic code' when Shopify refuses it. */
export async function createBasicDiscountCode(
  client: ShopifyAdminClient,
  input: DiscountCodeInput,
): Promise<CreatedDiscount> {
  const value =
    input.percentage !== undefined
      ? { percentage: input.percentage / 100 }
      : { discountAmount: { amount: String(input.amount ?? 0), appliesOnEachItem: false } };
  const data = await client.request<{ discountCodeBasicCreate: DiscountPayload }>(doc.DISCOUNT_BASIC_CREATE, {
    basicCodeDiscount: { ...commonDiscountInput(input), customerGets: { value, items: { all: true } } },
  });
  return discountResult(data.discountCodeBasicCreate, input.code, 'Error generating basic code');
}

/** A free-shipping code; 'Error generating shipping code' when Shopify refuses it. */
export async function createFreeShippingDiscountCode(
  client: ShopifyAdminClient,
  input: DiscountCodeInput,
): Promise<CreatedDiscount> {
  const data = await client.request<{ discountCodeFreeShippingCreate: DiscountPayload }>(
    doc.DISCOUNT_FREE_SHIPPING_CREATE,
    {
      freeShippingCodeDiscount: { ...commonDiscountInput(input), destination: { all: true } },
    },
  );
  return discountResult(data.discountCodeFreeShippingCreate, input.code, 'Error generating shipping code');
}
