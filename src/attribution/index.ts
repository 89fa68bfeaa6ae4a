import type { AppContext } from '../app/index.ts';

/**
 * Decides whether a complete order was recovered by a conversation. Called by the store
 * order webhooks for every complete order. The attribution rules (message, click, reply and
 * discount-code evidence within the brand's window) arrive with the recovery engine; until
 * then this records nothing and the order stays unattributed.
 */
export async function attributeOrder(_ctx: AppContext, _orderId: number): Promise<{ recovered: boolean }> {
  return { recovered: false };
}
