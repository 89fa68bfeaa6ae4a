/**
 * The operator's reads across brands (the `reclaim dashboard`): the brands in view, the newest
 * conversations of every brand in the live-feed states with their cart value and last message,
 * and each workflow's figures since a moment (outcomes, texts sent / held / skipped, replies,
 * recovered orders and sales). Every query takes the brands in view (one brand, or every brand),
 * so the per-brand indexes serve it however many brands there are.
 */
import { liveFeedRecoveredSql } from '../../attribution/index.ts';
import type { Handle } from '../../db/index.ts';
import type { LiveFeedState } from './live.ts';
import { SENT_STATUS_SQL } from './sql.ts';

/**
 * The brands of a query as SQL: the ones given (bound as :brands), else every brand, as an array
 * the executor computes (a literal of a thousand ids would cost more to plan than to run).
 */
export const brandScope = (brandIds: number[] | undefined): string =>
  brandIds ? 'any(:brands::bigint[])' : 'any(array(select id from brands))';

export interface OperatorBrandRow {
  id: number;
  name: string;
}

/** Every brand (or the one asked for), by id. */
export async function operatorBrands(db: Handle, brandId?: number): Promise<OperatorBrandRow[]> {
  const q = db('brands').orderBy('id').select('id', 'name');
  if (brandId !== undefined) q.where({ id: brandId });
  const rows = await q;
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

export interface OperatorConversationRow {
  id: number;
  brand_id: number;
  brand_name: string;
  created_at: Date;
  workflow_id: number | null;
  workflow_name: string | null;
  username: string | null;
  cart_value: string | null;
  currency: string | null;
  state: LiveFeedState;
  last_body: string | null;
  last_direction: string | null;
  last_status: string | null;
  last_at: Date | null;
}

/**
 * The newest `limit` conversations of the brands (every brand when none are given: then the
 * created_at index gives them in order), newest first, each with its state and last message.
 */
export async function operatorConversations(
  db: Handle,
  { brandIds, limit }: { brandIds?: number[]; limit: number },
): Promise<OperatorConversationRow[]> {
  if (brandIds?.length === 0) return [];
  const columns = 'c.id, c.brand_id, c.created_at, c.workflow_id, c.contact_channel_id, c.cart_id, c.checkout_id';
  const recent = brandIds
    ? `select c.*
         from unnest(:brands::bigint[]) as b(id)
         cross join lateral (
           select ${columns} from conversations c
            where c.brand_id = b.id
            order by c.created_at desc, c.id desc
            limit :limit) c
        order by c.created_at desc, c.id desc
        limit :limit`
    : `select ${columns} from conversations c order by c.created_at desc, c.id desc limit :limit`;
  const { rows } = await db.raw<{ rows: OperatorConversationRow[] }>(
    `with recent as materialized (${recent})
     select c.id, c.brand_id, br.name as brand_name, c.created_at, c.workflow_id, w.name as workflow_name, ch.username,
            coalesce(ca.total, co.total_price)::text as cart_value, coalesce(ca.currency, 'USD') as currency,
            case when exists (select 1 from order_conversations oc join orders o on o.id = oc.order_id
                               where oc.conversation_id = c.id and ${liveFeedRecoveredSql('o')}) then 'recovered'
                 when exists (select 1 from conversation_messages m
                               where m.conversation_id = c.id and m.direction = 'outgoing' and m.status in ${SENT_STATUS_SQL}) then 'messaged'
                 else 'pending' end as state,
            lm.body as last_body, lm.direction as last_direction, lm.status as last_status, lm.at as last_at
       from recent c
       join brands br on br.id = c.brand_id
       left join workflows w on w.id = c.workflow_id
       left join contact_channels ch on ch.id = c.contact_channel_id
       left join carts ca on ca.id = c.cart_id
       left join checkouts co on co.id = c.checkout_id
       left join lateral (
         select m.body, m.direction, m.status, coalesce(m.sent_at, m.created_at) as at
           from conversation_messages m
          where m.conversation_id = c.id
          order by m.created_at desc, m.id desc
          limit 1) lm on true
      order by c.created_at desc, c.id desc`,
    { brands: brandIds ?? [], limit },
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    brand_id: Number(r.brand_id),
    workflow_id: r.workflow_id === null ? null : Number(r.workflow_id),
  }));
}

export interface OperatorWorkflowRow {
  id: number;
  brand_id: number;
  brand_name: string;
  name: string;
  type: string;
  status: string;
  is_paused: boolean;
  /** flow_events.state -> count since the moment. */
  outcomes: Record<string, number>;
  held: number;
  recovered_orders: number;
  recovered_sales: string;
}

/**
 * Each workflow of the brands with its figures since `since` that are counted per workflow:
 * outcomes of candidates, recovered orders and sales; held is what is held now (due later). The
 * texts of the day are counted per conversation (operatorDayTexts).
 */
export async function operatorWorkflows(
  db: Handle,
  { brandIds, since, now }: { brandIds?: number[]; since: Date; now: Date },
): Promise<OperatorWorkflowRow[]> {
  if (brandIds?.length === 0) return [];
  const brands = brandScope(brandIds);
  const { rows } = await db.raw<{ rows: Array<OperatorWorkflowRow & Record<string, unknown>> }>(
    `with fe as (
       select workflow_id, jsonb_object_agg(state, n) as outcomes
         from (select workflow_id, state, count(*)::int as n from flow_events
                where brand_id = ${brands} and created_at >= :since group by 1, 2) s
        group by 1
     ), held as (
       select c.workflow_id, count(*)::int as n
         from conversation_messages m join conversations c on c.id = m.conversation_id
        where m.direction = 'outgoing' and m.status in ('auto_queued', 'queued') and m.scheduled_for > :now
          and m.brand_id = ${brands} and m.status_reason is not null
        group by 1
     ), rec as (
       select o.workflow_id, count(*)::int as n, sum(o.total)::numeric(14,2)::text as sales
         from orders o
        where o.brand_id = ${brands} and o.recovered_at >= :since and ${liveFeedRecoveredSql('o')}
        group by 1
     )
     select w.id, w.brand_id, b.name as brand_name, w.name, w.type, w.status, w.is_paused,
            coalesce(fe.outcomes, '{}'::jsonb) as outcomes, coalesce(held.n, 0) as held,
            coalesce(rec.n, 0) as recovered_orders, coalesce(rec.sales, '0.00') as recovered_sales
       from workflows w
       join brands b on b.id = w.brand_id
       left join fe on fe.workflow_id = w.id
       left join held on held.workflow_id = w.id
       left join rec on rec.workflow_id = w.id
      where w.brand_id = ${brands}
      order by w.brand_id, w.priority desc, w.id`,
    { brands: brandIds ?? [], since, now },
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    brand_id: Number(r.brand_id),
  }));
}

export interface ConversationTexts {
  conversation_id: number;
  sent: number;
  skipped: number;
  replies: number;
}

/**
 * The texts of the brands since `since` per conversation: sent, skipped and replies (incoming),
 * each read from an index of its own alone (no row of a message is read).
 */
export async function operatorDayTexts(
  db: Handle,
  { brandIds, since }: { brandIds?: number[]; since: Date },
): Promise<ConversationTexts[]> {
  if (brandIds?.length === 0) return [];
  const brands = brandScope(brandIds);
  const { rows } = await db.raw<{ rows: ConversationTexts[] }>(
    `select conversation_id, count(*) filter (where kind = 1)::int as sent,
            count(*) filter (where kind = 2)::int as skipped, count(*) filter (where kind = 3)::int as replies
       from (select m.conversation_id, 1 as kind from conversation_messages m
              where m.brand_id = ${brands} and m.direction = 'outgoing' and m.status in ${SENT_STATUS_SQL}
                and m.sent_at >= :since
             union all
             select m.conversation_id, 2 from conversation_messages m
              where m.brand_id = ${brands} and m.status = 'agent_skipped' and m.created_at >= :since
             union all
             select m.conversation_id, 3 from conversation_messages m
              where m.brand_id = ${brands} and m.direction = 'incoming' and m.created_at >= :since) u
      group by 1`,
    { brands: brandIds ?? [], since },
  );
  return rows.map((r) => ({ ...r, conversation_id: Number(r.conversation_id) }));
}

/** The workflow of each conversation (null: none). */
export async function conversationWorkflows(
  db: Handle,
  ids: number[],
): Promise<Array<{ id: number; workflow_id: number | null }>> {
  const { rows } = await db.raw<{ rows: Array<{ id: string; workflow_id: string | null }> }>(
    `select id, workflow_id from conversations where id = any(:ids::bigint[])`,
    { ids },
  );
  return rows.map((r) => ({ id: Number(r.id), workflow_id: r.workflow_id === null ? null : Number(r.workflow_id) }));
}
