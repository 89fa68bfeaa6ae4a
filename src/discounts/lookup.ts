/**
 * A discount code at the brand's Shopify store, looked up by its code and updated there (a later
 * end, another value, a usage limit): the code Reclaim made keeps its row in step (dates, limit).
 */
import type { AppContext } from '../app/index.ts';
import { AppError } from '../app/index.ts';
import {
  findDiscountByCode,
  shopifyStore,
  storeDiscountByCode,
  updateDiscount,
  type DiscountChanges,
  type ShopifyDiscountInfo,
} from '../stores/index.ts';
import { findBrandCode, updateCodeWindow, type DiscountCodeRow } from './store.ts';

export interface StoreDiscountView extends ShopifyDiscountInfo {
  shop: string;
  integrationId: number;
  /** The code as asked for. */
  code: string;
  /** Reclaim's row of this code (a code Reclaim made for a conversation or campaign), if any. */
  reclaimCodeId: number | null;
  conversationId: number | null;
}

const view = (
  found: ShopifyDiscountInfo & { shop: string },
  integrationId: number,
  code: string,
  row: DiscountCodeRow | undefined,
): StoreDiscountView => ({
  ...found,
  integrationId,
  code,
  reclaimCodeId: row?.id ?? null,
  conversationId: row?.conversation_id ?? null,
});

/** 'Code is required' without a code; 'Discount code not found: X' when the store has none. */
export async function lookupStoreDiscount(
  ctx: AppContext,
  { integrationId, code }: { integrationId: number; code: string | null | undefined },
): Promise<StoreDiscountView> {
  const found = await storeDiscountByCode(ctx, { integrationId, code });
  const wanted = String(code).trim();
  return view(found, integrationId, wanted, await findBrandCode(ctx.db, found.brandId, wanted));
}

export async function updateStoreDiscount(
  ctx: AppContext,
  {
    integrationId,
    code,
    changes,
  }: { integrationId: number; code: string | null | undefined; changes: DiscountChanges },
): Promise<StoreDiscountView> {
  const { client, integration } = await shopifyStore(ctx, integrationId);
  const found = await findDiscountByCode(client, code);
  if (!found)
    throw new AppError('not_found', `Discount code not found: ${String(code).trim()}`, {
      code: 'discount_code_not_found',
    });
  const updated = await updateDiscount(client, found, changes);
  const wanted = String(code).trim();
  const row = await findBrandCode(ctx.db, integration.brand_id, wanted);
  if (row)
    await updateCodeWindow(ctx.db, row.id, {
      ...(changes.startsAt ? { starts_at: changes.startsAt } : {}),
      ...(changes.endsAt !== undefined ? { ends_at: changes.endsAt } : {}),
      ...(typeof changes.usageLimit === 'number' ? { usage_limit: changes.usageLimit } : {}),
    });
  return view({ ...updated, shop: client.shop }, integrationId, wanted, row);
}
