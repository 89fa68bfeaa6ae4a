/**
 * Order completed: an order a store event saved goes to attribution. A complete order is decided
 * (recovered by a workflow conversation or not; a recovered one becomes billable, and billing's
 * sync charges it); a cancelled one is checked again so that a billed order stops being billable.
 * An order in any other state waits for its next event.
 *
 * The store adapters call this after the order's transaction committed. When attribution fails,
 * the webhook event fails and is retried: the order is saved again (an event as new as the stored
 * order applies) and comes back here.
 */
import type { AppContext } from '../app/index.ts';
import { attributeOrder } from '../attribution/index.ts';
import type { SavedOrder } from '../stores/index.ts';

export async function orderCompleted(ctx: AppContext, order: SavedOrder): Promise<void> {
  if (order.state !== 'complete' && order.state !== 'cancelled') return;
  await attributeOrder(ctx, order.id);
}
