/**
 * Draft orders (Admin GraphQL `draftOrderCreate`, scope write_draft_orders): a shopper's cart
 * rebuilt as a draft order with the conversation's discount code, whose invoice URL is a checkout
 * the shopper can pay at once. Shopify skips a code the draft is not eligible for; the answer says
 * which codes applied.
 */
import { AppError } from '../../app/index.ts';
import type { ShopifyAdminClient } from './client.ts';
import { toGid } from './rules.ts';

export const DRAFT_ORDER_CREATE = `mutation DraftOrderCreate($input: DraftOrderInput!) {
  draftOrderCreate(input: $input) {
    draftOrder {
      id name invoiceUrl status
      discountCodes
      totalPriceSet { shopMoney { amount currencyCode } }
    }
    userErrors { field message }
  }
}`;

export interface DraftOrderLine {
  variantId: string | number;
  quantity: number;
}

export interface DraftOrderInfo {
  id: string;
  name: string;
  invoiceUrl: string;
  status: string;
  /** The codes Shopify applied. */
  discountCodes: string[];
  total: { amount: string; currencyCode: string };
}

/** Shopify takes at most 499 line items on a draft order. */
export const DRAFT_ORDER_MAX_LINES = 499;

export async function createDraftOrder(
  client: ShopifyAdminClient,
  input: {
    lines: DraftOrderLine[];
    discountCodes?: string[];
    email?: string | null;
    phone?: string | null;
    note?: string;
    tags?: string[];
  },
): Promise<DraftOrderInfo> {
  const lineItems = input.lines
    .filter((line) => line.quantity > 0)
    .slice(0, DRAFT_ORDER_MAX_LINES)
    .map((line) => ({ variantId: toGid('ProductVariant', line.variantId), quantity: line.quantity }));
  const { draftOrderCreate: result } = await client.request<{
    draftOrderCreate: {
      draftOrder: (Omit<DraftOrderInfo, 'total'> & { totalPriceSet: { shopMoney: DraftOrderInfo['total'] } }) | null;
      userErrors: { field: string[] | null; message: string }[];
    };
  }>(DRAFT_ORDER_CREATE, {
    input: {
      lineItems,
      ...(input.discountCodes?.length ? { discountCodes: input.discountCodes } : {}),
      ...(input.email ? { email: input.email } : {}),
      ...(input.phone ? { phone: input.phone } : {}),
      ...(input.note ? { note: input.note } : {}),
      ...(input.tags?.length ? { tags: input.tags } : {}),
    },
  });
  if (result.userErrors.length > 0 || !result.draftOrder)
    throw new AppError(
      'upstream',
      `Shopify refused the draft order: ${result.userErrors.map((e) => e.message).join('; ')}`,
      { code: 'shopify_draft_order' },
    );
  const { totalPriceSet, ...draft } = result.draftOrder;
  return { ...draft, total: totalPriceSet.shopMoney };
}
