/**
 * Brand insights read through the conversations they came from (GetBrandInsights and
 * GetBrandInsightsTagCategoryCountsByConvDateRange): the filters apply to those conversations,
 * by when they started, their workflow and their state. A conversation's state is 'recovered' when
 * a live-feed recovered order is linked to it, else its checkout's state, else its cart's.
 */
import { liveFeedRecoveredSql } from '../../attribution/index.ts';
import type { Handle } from '../../db/index.ts';
import type { Granularity } from '../rules.ts';
import { bucketSql } from './sql.ts';

export interface InsightFilter {
  brandId: number;
  /** Conversations that started in [from, to); both or neither. */
  from?: Date;
  to?: Date;
  flowIds?: number[];
  includeStates?: string[];
  excludeStates?: string[];
  /** Only message insights of this category (and tag). */
  category?: string;
  tag?: string;
  timezone: string;
}

const STATE_SQL = `case when exists (select 1 from order_conversations oc join orders o on o.id = oc.order_id
                                      where oc.conversation_id = c.id and ${liveFeedRecoveredSql('o')})
                        then 'recovered' else coalesce(ck.state, ca.state) end`;

/** The conversation_message_insights rows (alias mi) whose conversation (c) passes the filter. */
function filtered(f: InsightFilter): { sql: string; bindings: Record<string, unknown> } {
  const where = ['mi.brand_id = :brandId', 'c.brand_id = :brandId'];
  if (f.from && f.to) where.push('c.created_at >= :from', 'c.created_at < :to');
  if (f.flowIds) where.push('c.workflow_id = any(:flowIds::bigint[])');
  if (f.category !== undefined) where.push('mi.category = :category');
  if (f.tag !== undefined) where.push('mi.tag = :tag');
  const byState = f.includeStates !== undefined || f.excludeStates !== undefined;
  if (f.includeStates) where.push('st.state = any(:includeStates::text[])');
  if (f.excludeStates) where.push('(st.state is null or not (st.state = any(:excludeStates::text[])))');
  return {
    sql: `conversation_message_insights mi
          join conversations c on c.id = mi.conversation_id
          ${byState ? `left join checkouts ck on ck.id = c.checkout_id left join carts ca on ca.id = c.cart_id cross join lateral (select ${STATE_SQL} as state) st` : ''}
         where ${where.join(' and ')}`,
    bindings: {
      brandId: f.brandId,
      from: f.from ?? null,
      to: f.to ?? null,
      flowIds: f.flowIds ?? [],
      includeStates: f.includeStates ?? [],
      excludeStates: f.excludeStates ?? [],
      category: f.category ?? null,
      tag: f.tag ?? null,
      tz: f.timezone,
    },
  };
}

export interface InsightRow {
  id: number;
  brand_id: number;
  category: string;
  tag: string | null;
  topic: string | null;
  body: string | null;
  proposed_solution: string | null;
  created_at: Date;
  conversations: number;
  messages: number;
}

/** Insights with at least one matching conversation, most conversations first; and how many there are. */
export async function insightRows(
  db: Handle,
  f: InsightFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ rows: InsightRow[]; total: number }> {
  const { sql, bindings } = filtered(f);
  const { rows } = await db.raw<{ rows: Array<InsightRow & { total: number }> }>(
    `with hits as (
       select mi.brand_insight_id as id, count(distinct mi.conversation_id)::int as conversations, count(*)::int as messages
         from ${sql} and mi.brand_insight_id is not null
        group by 1
     )
     select bi.id, bi.brand_id, bi.category, bi.tag, bi.topic, bi.body, bi.proposed_solution, bi.created_at,
            h.conversations, h.messages, count(*) over ()::int as total
       from hits h join brand_insights bi on bi.id = h.id and bi.brand_id = :brandId
      order by h.conversations desc, bi.id
      limit :limit offset :offset`,
    { ...bindings, limit, offset } as never,
  );
  return {
    rows: rows.map(({ total: _total, ...r }) => ({ ...r, id: Number(r.id), brand_id: Number(r.brand_id) })),
    total: rows[0]?.total ?? (offset > 0 ? await countInsights(db, f) : 0),
  };
}

async function countInsights(db: Handle, f: InsightFilter): Promise<number> {
  const { sql, bindings } = filtered(f);
  const { rows } = await db.raw<{ rows: Array<{ n: number }> }>(
    `select count(distinct mi.brand_insight_id)::int as n from ${sql} and mi.brand_insight_id is not null`,
    bindings as never,
  );
  return rows[0]?.n ?? 0;
}

export interface TagCategoryRow {
  category: string | null;
  tag: string | null;
  conversations: number;
  messages: number;
}

export interface CategoryBucketRow {
  bucket: string;
  category: string | null;
  conversations: number;
}

/**
 * Matching conversations and message insights by category and tag, most conversations first; with
 * a granularity, also the matching conversations per bucket of their start and per category. One
 * pass over the rows: both are grouping sets of the same scan.
 */
export async function tagCategoryCounts(
  db: Handle,
  f: InsightFilter,
  granularity?: Granularity,
): Promise<{ counts: TagCategoryRow[]; buckets: CategoryBucketRow[] }> {
  const { sql, bindings } = filtered(f);
  const groupBy = granularity ? 'grouping sets ((category, tag), (bucket, category))' : 'category, tag';
  const { rows } = await db.raw<{ rows: Array<TagCategoryRow & { bucket: string | null; by_bucket: boolean }> }>(
    `select category, tag, ${granularity ? 'bucket, grouping(tag) = 1' : 'null::text as bucket, false'} as by_bucket,
            count(distinct conversation_id)::int as conversations, count(*)::int as messages
       from (select category, tag, conversation_id, ${granularity ? bucketSql('j.created_at', granularity) : 'null::text'} as bucket
               -- offset 0 keeps the bucket (to_char per row) above the join: computed for the matching
               -- rows only, not for every conversation of the period the join reads.
               from (select mi.category, mi.tag, mi.conversation_id, c.created_at from ${sql} offset 0) j) m
      group by ${groupBy}
      order by conversations desc, category nulls last, tag nulls last`,
    bindings as never,
  );
  return {
    counts: rows
      .filter((r) => !r.by_bucket)
      .map(({ category, tag, conversations, messages }) => ({ category, tag, conversations, messages })),
    buckets: rows
      .filter((r) => r.by_bucket)
      .map(({ bucket, category, conversations }) => ({ bucket: bucket!, category, conversations })),
  };
}
