/**
 * A draft order from a conversation: the cart's line items and the conversation's discount code
 * sent to the store as a Shopify draft order; its invoice URL (a checkout the shopper pays at
 * once) is what the agent or the flow texts. Recorded on the conversation (extra_data.draft_order).
 */
import { AppError, type AppContext } from '../app/index.ts';
import { createDraftOrder, getBrandIntegration, shopifyAdminFor, type DraftOrderInfo } from '../stores/index.ts';
import { draftOrderSource, recordDraftOrder } from './store/draft-order.ts';

export const DRAFT_ORDER_MESSAGES = {
  conversationNotFound: 'Conversation not found',
  cartNotFound: 'Cart ID not found',
  emptyCart: "The conversation's cart has no line items",
  unsupported: 'Ecommerce integration not supported',
} as const;

export interface ConversationDraftOrder extends DraftOrderInfo {
  conversationId: number;
  /** The discount code asked for (null when the conversation has none). */
  requestedCode: string | null;
}

export async function createConversationDraftOrder(
  ctx: AppContext,
  { conversationId, brandId }: { conversationId: number; brandId?: number },
): Promise<ConversationDraftOrder> {
  const source = await draftOrderSource(ctx.db, { conversationId, brandId });
  if (!source)
    throw new AppError('not_found', DRAFT_ORDER_MESSAGES.conversationNotFound, { code: 'conversation_not_found' });
  if (source.cartId === null || source.brandIntegrationId === null)
    throw new AppError('invalid_input', DRAFT_ORDER_MESSAGES.cartNotFound, { code: 'cart_not_found' });
  const lines = source.lines
    .map((line) => ({ variantId: line.variant_id, quantity: Number(line.quantity ?? 0) }))
    .filter(
      (line): line is { variantId: string | number; quantity: number } =>
        (typeof line.variantId === 'number' || (typeof line.variantId === 'string' && line.variantId !== '')) &&
        line.quantity > 0,
    );
  if (lines.length === 0) throw new AppError('invalid_input', DRAFT_ORDER_MESSAGES.emptyCart, { code: 'empty_cart' });
  const integration = await getBrandIntegration(ctx.db, source.brandIntegrationId);
  if (!integration || integration.slug !== 'shopify')
    throw new AppError('invalid_input', DRAFT_ORDER_MESSAGES.unsupported, { code: 'integration_not_supported' });

  const draft = await createDraftOrder(await shopifyAdminFor(ctx, integration), {
    lines,
    discountCodes: source.discountCode ? [source.discountCode] : [],
    email: source.email,
    phone: source.phone,
    note: `Reclaim conversation ${conversationId}`,
    tags: ['reclaim'],
  });
  await recordDraftOrder(ctx.db, conversationId, {
    id: draft.id,
    name: draft.name,
    invoice_url: draft.invoiceUrl,
    discount_codes: draft.discountCodes,
    created_at: new Date().toISOString(),
  });
  ctx.logger.info(
    { brand_id: source.brandId, conversation_id: conversationId, draft_order: draft.id },
    'draft order created from the conversation',
  );
  return { ...draft, conversationId, requestedCode: source.discountCode };
}
