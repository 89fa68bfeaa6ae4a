/**
 * The live feed (spec 1): the newest conversations and orders, each in one of the states pending,
 * recovered and messaged, and the newest goal state events in those states.
 * - A conversation is recovered when a live-feed recovered order is linked to it, messaged when a
 *   text of it was sent, else pending (its first text is still waiting).
 * - An order is recovered by the live feed rule, messaged when its shopper had a conversation
 *   texted before the order, pending while the order itself is pending; other orders (complete,
 *   never texted) are not on the feed.
 */
import { liveFeedRecoveredSql } from '../../attribution/index.ts';
import type { Handle } from '../../db/index.ts';
import { SENT_STATUS_SQL } from './sql.ts';

export const LIVE_FEED_STATES = ['pending', 'recovered', 'messaged'] as const;
export type LiveFeedState = (typeof LIVE_FEED_STATES)[number];

export interface LiveConversationRow {
  id: number;
  created_at: Date;
  workflow_id: number | null;
  workflow_name: string | null;
  given_name: string | null;
  family_name: string | null;
  username: string | null;
  state: LiveFeedState;
}

export async function liveConversations(db: Handle, brandId: number, limit: number): Promise<LiveConversationRow[]> {
  const { rows } = await db.raw<{ rows: LiveConversationRow[] }>(
    `with recent as materialized (
       select c.id, c.created_at, c.workflow_id, c.contact_id, c.contact_channel_id
         from conversations c
        where c.brand_id = ?
        order by c.created_at desc, c.id desc
        limit ?
     )
     select c.id, c.created_at, c.workflow_id, w.name as workflow_name, ct.given_name, ct.family_name, ch.username,
            case when exists (select 1 from order_conversations oc join orders o on o.id = oc.order_id
                               where oc.conversation_id = c.id and ${liveFeedRecoveredSql('o')}) then 'recovered'
                 when exists (select 1 from conversation_messages m
                               where m.conversation_id = c.id and m.direction = 'outgoing' and m.status in ${SENT_STATUS_SQL}) then 'messaged'
                 else 'pending' end as state
       from recent c
       left join workflows w on w.id = c.workflow_id
       left join contacts ct on ct.id = c.contact_id
       left join contact_channels ch on ch.id = c.contact_channel_id
      order by c.created_at desc, c.id desc`,
    [brandId, limit],
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    workflow_id: r.workflow_id === null ? null : Number(r.workflow_id),
  }));
}

export interface LiveOrderRow {
  id: number;
  number: string | null;
  total: string;
  currency: string;
  created_at: Date;
  workflow_id: number | null;
  given_name: string | null;
  family_name: string | null;
  state: LiveFeedState;
}

export async function liveOrders(db: Handle, brandId: number, limit: number): Promise<LiveOrderRow[]> {
  const { rows } = await db.raw<{ rows: LiveOrderRow[] }>(
    `select o.id, o.number, o.total, o.currency, o.created_at, o.workflow_id, ct.given_name, ct.family_name, s.state
       from orders o
       left join contacts ct on ct.id = o.contact_id
       cross join lateral (
         select case when ${liveFeedRecoveredSql('o')} then 'recovered'
                     when o.contact_id is not null and exists (
                       select 1 from conversations c
                        where c.contact_id = o.contact_id and c.brand_id = o.brand_id and c.created_at <= o.created_at
                          and exists (select 1 from conversation_messages m
                                       where m.conversation_id = c.id and m.direction = 'outgoing'
                                         and m.status in ${SENT_STATUS_SQL} and m.sent_at <= o.created_at)) then 'messaged'
                     when o.state = 'pending' then 'pending' end as state
       ) s
      where o.brand_id = ? and s.state is not null
      order by o.created_at desc, o.id desc
      limit ?`,
    [brandId, limit],
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    workflow_id: r.workflow_id === null ? null : Number(r.workflow_id),
  }));
}

export interface LiveEventRow {
  id: number;
  state: LiveFeedState;
  state_display: string | null;
  workflow_id: number | null;
  conversation_id: number | null;
  cart_id: number | null;
  checkout_id: number | null;
  order_id: number | null;
  created_at: Date;
}

export async function liveEvents(db: Handle, brandId: number, limit: number): Promise<LiveEventRow[]> {
  const rows = await db('workflow_goal_state_change_events')
    .where('brand_id', brandId)
    .whereIn('state', LIVE_FEED_STATES as unknown as string[])
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)
    .select(
      'id',
      'state',
      'state_display',
      'workflow_id',
      'conversation_id',
      'cart_id',
      'checkout_id',
      'order_id',
      'created_at',
    );
  const id = (v: unknown): number | null => (v === null ? null : Number(v));
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    workflow_id: id(r.workflow_id),
    conversation_id: id(r.conversation_id),
    cart_id: id(r.cart_id),
    checkout_id: id(r.checkout_id),
    order_id: id(r.order_id),
  }));
}
