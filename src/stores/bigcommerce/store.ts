/** SQL that only the BigCommerce adapter needs (everything shared lives in ../store.ts). */
import type { Handle } from '../../db/index.ts';
import { CART_DELETED_FLAG } from './rules.ts';

/** Spec 2 section 4: a cart event that finds the cart deleted (404) completes a cart not yet complete. */
export async function completeDeletedCart(db: Handle, cartId: number): Promise<boolean> {
  const updated = await db('carts')
    .where({ id: cartId })
    .whereNot({ state: 'complete' })
    .update({
      state: 'complete',
      extra_data: db.raw(`extra_data || jsonb_build_object(?::text, true)`, [CART_DELETED_FLAG]),
      updated_at: db.fn.now(),
    });
  return updated > 0;
}
