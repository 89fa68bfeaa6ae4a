/** The live feed of a brand (spec 1): 50 conversations, 50 orders and 50 events, newest first. */
import { maskUsername } from '../contacts/index.ts';
import type { Handle } from '../db/index.ts';
import { requireBrand } from './scope.ts';
import {
  liveConversations,
  liveEvents,
  liveOrders,
  LIVE_FEED_STATES,
  type LiveConversationRow,
  type LiveEventRow,
  type LiveOrderRow,
} from './store/live.ts';

export const LIVE_FEED_CONVERSATIONS = 50;
export const LIVE_FEED_ORDERS = 50;
export const LIVE_FEED_EVENTS = 50;

export interface LiveFeed {
  brand: { id: number; name: string };
  states: readonly string[];
  /** Shopper numbers masked (+1415***0123), as in every list. */
  conversations: Array<Omit<LiveConversationRow, 'username'> & { phone: string | null }>;
  orders: LiveOrderRow[];
  events: LiveEventRow[];
}

export async function liveFeed(db: Handle, { brandId }: { brandId: number }): Promise<LiveFeed> {
  const brand = await requireBrand(db, brandId);
  const [conversations, orders, events] = await Promise.all([
    liveConversations(db, brandId, LIVE_FEED_CONVERSATIONS),
    liveOrders(db, brandId, LIVE_FEED_ORDERS),
    liveEvents(db, brandId, LIVE_FEED_EVENTS),
  ]);
  return {
    brand: { id: brand.id, name: brand.name },
    states: LIVE_FEED_STATES,
    conversations: conversations.map(({ username, ...c }) => ({
      ...c,
      phone: username ? maskUsername(username) : null,
    })),
    orders,
    events,
  };
}
