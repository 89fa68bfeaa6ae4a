/**
 * Funnels. Conversations are a cohort: those that started in the period, followed to the end
 * whenever it came (a text sent after the period still counts for a conversation that began in
 * it), so every step is a subset of the one before: started -> sent -> delivered -> clicked ->
 * replied -> recovered (a live-feed recovered order linked to the conversation). Candidates and
 * their outcomes are the workflows' flow events recorded in the period; held and skipped are the
 * cohort's texts that the send job held for quiet hours (or a state's daily limit) at least once,
 * and that it skipped (agent_skipped: opted out, blocked, cart completed, too late).
 */
import { liveFeedRecoveredSql } from '../../attribution/index.ts';
import type { Handle } from '../../db/index.ts';
import type { Granularity } from '../rules.ts';
import { bucketSql, SENT_STATUS_SQL, shopperReplySql } from './sql.ts';

export interface CohortFilter {
  brandId: number;
  from: Date;
  to: Date;
  workflowIds?: number[];
  /** Conversations about a historical checkout (true) or not (false); absent: both. */
  isHistorical?: boolean;
  /** Hidden conversations (true) or visible ones (false); absent: both. */
  isHidden?: boolean;
  timezone: string;
}

export type CohortGroup = { by: 'none' } | { by: 'workflow' } | { by: 'bucket'; granularity: Granularity };

export interface CohortRow {
  /** The workflow id, the bucket key, or null for the whole cohort. */
  key: string | null;
  started: number;
  sent: number;
  delivered: number;
  clicked: number;
  replied: number;
  recovered: number;
  quiet_hours_held: number;
  skipped: number;
}

const groupColumn = (group: CohortGroup): string | null =>
  group.by === 'workflow' ? 'co.workflow_id::text' : group.by === 'bucket' ? 'co.bucket' : null;

export async function cohortFunnel(db: Handle, f: CohortFilter, group: CohortGroup): Promise<CohortRow[]> {
  const where = ['c.brand_id = :brandId', 'c.created_at >= :from', 'c.created_at < :to'];
  if (f.workflowIds) where.push('c.workflow_id = any(:workflowIds::bigint[])');
  if (f.isHidden !== undefined) where.push('c.is_hidden = :isHidden');
  if (f.isHistorical !== undefined) where.push('coalesce(ck.is_historical, false) = :isHistorical');
  const key = groupColumn(group);
  const sql = `
    with cohort as materialized (
      select c.id, c.workflow_id${group.by === 'bucket' ? `, ${bucketSql('c.created_at', group.granularity)} as bucket` : ''}
        from conversations c
        ${f.isHistorical !== undefined ? 'left join checkouts ck on ck.id = c.checkout_id' : ''}
       where ${where.join(' and ')}
    ), msg as (
      select m.conversation_id,
             bool_or(m.direction = 'outgoing' and m.status in ${SENT_STATUS_SQL}) as sent,
             bool_or(m.direction = 'outgoing' and m.status = 'delivered') as delivered,
             bool_or(${shopperReplySql('m')}) as replied,
             count(*) filter (where m.direction = 'outgoing' and m.extra_data->'hold' is not null) as held,
             count(*) filter (where m.status = 'agent_skipped') as skipped
        from conversation_messages m
        join cohort co on co.id = m.conversation_id
       where m.brand_id = :brandId and m.created_at >= :from
       group by m.conversation_id
    ), clk as (
      select distinct l.conversation_id
        from short_links l
        join cohort co on co.id = l.conversation_id
       where l.brand_id = :brandId and l.created_at >= :from
         and exists (select 1 from link_clicks k where k.short_link_id = l.id)
    ), rec as (
      select distinct oc.conversation_id
        from order_conversations oc
        join cohort co on co.id = oc.conversation_id
        join orders o on o.id = oc.order_id
       where oc.brand_id = :brandId and oc.created_at >= :from and ${liveFeedRecoveredSql('o')}
    )
    select ${key ?? 'null'} as key,
           count(*)::int as started,
           count(*) filter (where msg.sent)::int as sent,
           count(*) filter (where msg.delivered)::int as delivered,
           count(*) filter (where clk.conversation_id is not null)::int as clicked,
           count(*) filter (where msg.replied)::int as replied,
           count(*) filter (where rec.conversation_id is not null)::int as recovered,
           coalesce(sum(msg.held), 0)::int as quiet_hours_held,
           coalesce(sum(msg.skipped), 0)::int as skipped
      from cohort co
      left join msg on msg.conversation_id = co.id
      left join clk on clk.conversation_id = co.id
      left join rec on rec.conversation_id = co.id
     ${key ? 'group by 1' : ''}`;
  const { rows } = await db.raw<{ rows: CohortRow[] }>(sql, {
    brandId: f.brandId,
    from: f.from,
    to: f.to,
    workflowIds: f.workflowIds ?? [],
    isHidden: f.isHidden ?? false,
    isHistorical: f.isHistorical ?? false,
    tz: f.timezone,
  } as never);
  return rows;
}

/** Candidate outcomes recorded by run-candidates (flow_events.state). */
export const OUTCOME_STATES = [
  'started',
  'triggered',
  'filtered_out',
  'channel_missing',
  'channel_blocked',
  'recently_engaged',
  'holdout',
  'duplicate',
  'compliance_skipped',
] as const;
export type OutcomeState = (typeof OUTCOME_STATES)[number];

export type OutcomeRow = { workflow_id: string | null; candidates: number } & Record<OutcomeState, number>;

/** Candidates and their outcomes in the period, for the brand or per workflow. */
export async function candidateOutcomes(
  db: Handle,
  f: { brandId: number; from: Date; to: Date; workflowIds?: number[] },
  perWorkflow: boolean,
): Promise<OutcomeRow[]> {
  const counts = OUTCOME_STATES.map((s) => `count(*) filter (where fe.state = '${s}')::int as ${s}`);
  const { rows } = await db.raw<{ rows: OutcomeRow[] }>(
    `select ${perWorkflow ? 'fe.workflow_id::text' : 'null'} as workflow_id, count(*)::int as candidates, ${counts.join(', ')}
       from flow_events fe
      where fe.brand_id = :brandId and fe.created_at >= :from and fe.created_at < :to
        ${f.workflowIds ? 'and fe.workflow_id = any(:workflowIds::bigint[])' : ''}
      ${perWorkflow ? 'group by 1' : ''}`,
    { brandId: f.brandId, from: f.from, to: f.to, workflowIds: f.workflowIds ?? [] } as never,
  );
  return rows;
}

export interface OrderCountsRow {
  workflow_id: string | null;
  orders: number;
  sales: string;
  recovered_orders: number;
  recovered_sales: string;
}

/** Orders placed in the period and the live-feed recovered ones, for the brand or per recovering workflow. */
export async function orderCounts(
  db: Handle,
  f: { brandId: number; from: Date; to: Date; workflowIds?: number[] },
  perWorkflow: boolean,
): Promise<OrderCountsRow[]> {
  const recovered = liveFeedRecoveredSql('o');
  const { rows } = await db.raw<{ rows: OrderCountsRow[] }>(
    `select ${perWorkflow ? 'o.workflow_id::text' : 'null'} as workflow_id,
            count(*) filter (where o.state <> 'cancelled')::int as orders,
            coalesce(sum(o.total) filter (where o.state <> 'cancelled'), 0)::numeric(14, 2)::text as sales,
            count(*) filter (where ${recovered})::int as recovered_orders,
            coalesce(sum(o.total) filter (where ${recovered}), 0)::numeric(14, 2)::text as recovered_sales
       from orders o
      where o.brand_id = :brandId and o.created_at >= :from and o.created_at < :to
        ${f.workflowIds ? 'and o.workflow_id = any(:workflowIds::bigint[])' : ''}
      ${perWorkflow ? 'group by 1' : ''}`,
    { brandId: f.brandId, from: f.from, to: f.to, workflowIds: f.workflowIds ?? [] } as never,
  );
  return rows;
}

export interface WorkflowRow {
  id: number;
  name: string;
  type: string;
  status: string;
  is_paused: boolean;
}

/** The brand's workflows (or those of the ids given that belong to it), by id. */
export async function brandWorkflows(db: Handle, brandId: number, ids?: number[]): Promise<WorkflowRow[]> {
  const query = db('workflows').where({ brand_id: brandId }).orderBy('id');
  if (ids) void query.whereIn('id', ids);
  const rows = await query.select('id', 'name', 'type', 'status', 'is_paused');
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}
