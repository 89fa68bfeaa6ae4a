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
import { workflowState, type WorkflowState } from '../../workflows/index.ts';
import type { Handle } from '../../db/index.ts';
import type { Granularity } from '../rules.ts';
import { dirtyHours, mergeRows, rollupRows } from './rollups.ts';
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
  /** Read the clean hours from the cohort rollup (only for periods on whole UTC hours). */
  rollups?: boolean;
}

/** Per range total, workflow or bucket; `hour` gives the rollup's rows (hour, workflow, hidden, historical). */
export type CohortGroup =
  { by: 'none' } | { by: 'workflow' } | { by: 'bucket'; granularity: Granularity } | { by: 'hour'; hours: Date[] };

export const COHORT_COLUMNS = [
  'started',
  'sent',
  'delivered',
  'clicked',
  'replied',
  'recovered',
  'quiet_hours_held',
  'skipped',
] as const;

export type CohortRow = {
  /** The workflow id, the bucket key, or null for the whole cohort. */
  key: string | null;
} & Record<(typeof COHORT_COLUMNS)[number], number>;

const groupColumns = (group: CohortGroup): string | null =>
  group.by === 'workflow'
    ? 'co.workflow_id::text as key'
    : group.by === 'bucket'
      ? 'co.bucket as key'
      : group.by === 'hour'
        ? 'co.hour, co.workflow_id, co.is_hidden, co.is_historical'
        : null;

/** The cohort's figures from the rows; `onlyHours` keeps the conversations that started in those hours. */
async function cohortRaw(db: Handle, f: CohortFilter, group: CohortGroup, onlyHours?: Date[]): Promise<CohortRow[]> {
  const hours = group.by === 'hour' ? group.hours : onlyHours;
  const where = ['c.brand_id = :brandId', 'c.created_at >= :from', 'c.created_at < :to'];
  if (hours) where.push(`date_trunc('hour', c.created_at) = any(:hours::timestamptz[])`);
  if (f.workflowIds) where.push('c.workflow_id = any(:workflowIds::bigint[])');
  if (f.isHidden !== undefined) where.push('c.is_hidden = :isHidden');
  if (f.isHistorical !== undefined) where.push('coalesce(ck.is_historical, false) = :isHistorical');
  const extra =
    group.by === 'bucket'
      ? `, ${bucketSql('c.created_at', group.granularity)} as bucket`
      : group.by === 'hour'
        ? `, date_trunc('hour', c.created_at) as hour, coalesce(c.workflow_id, 0) as workflow_id, c.is_hidden, coalesce(ck.is_historical, false) as is_historical`
        : '';
  const keys = groupColumns(group);
  const sql = `
    with cohort as materialized (
      select c.id${group.by === 'hour' ? '' : ', c.workflow_id'}${extra}
        from conversations c
        ${f.isHistorical !== undefined || group.by === 'hour' ? 'left join checkouts ck on ck.id = c.checkout_id' : ''}
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
    select ${keys ?? 'null as key'},
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
     ${keys ? `group by ${group.by === 'hour' ? '1, 2, 3, 4' : '1'}` : ''}`;
  const { rows } = await db.raw<{ rows: CohortRow[] }>(sql, {
    brandId: f.brandId,
    from: f.from,
    to: f.to,
    hours: hours ?? [],
    workflowIds: f.workflowIds ?? [],
    isHidden: f.isHidden ?? false,
    isHistorical: f.isHistorical ?? false,
    tz: f.timezone,
  } as never);
  return rows;
}

/** The cohort of conversations that started in [from, to), followed to the end (see the file comment). */
export async function cohortFunnel(db: Handle, f: CohortFilter, group: CohortGroup): Promise<CohortRow[]> {
  if (!f.rollups || group.by === 'hour') return cohortRaw(db, f, group);
  const range = { from: f.from, to: f.to };
  const dirty = await dirtyHours(db, f.brandId, [range]);
  const where: string[] = [];
  if (f.isHidden !== undefined) where.push('h.is_hidden = :isHidden');
  if (f.isHistorical !== undefined) where.push('h.is_historical = :isHistorical');
  const [rolled, fresh] = await Promise.all([
    rollupRows(db, {
      table: 'analytics_cohort_hourly',
      brandId: f.brandId,
      columns: Object.fromEntries(COHORT_COLUMNS.map((c) => [c, `sum(h.${c})`])),
      workflowIds: f.workflowIds,
      where,
      bindings: { isHidden: f.isHidden ?? false, isHistorical: f.isHistorical ?? false },
      timezone: f.timezone,
      grouping: group.by === 'bucket' ? { range, granularity: group.granularity } : { range, by: group.by },
      dirty,
    }),
    dirty.length > 0 ? cohortRaw(db, f, group, dirty) : Promise.resolve([]),
  ]);
  return [...mergeRows<CohortRow>(['key'], rolled, fresh).values()];
}

export interface WorkflowRow {
  id: number;
  name: string;
  type: string;
  status: string;
  is_paused: boolean;
  state: WorkflowState;
}

/** The brand's workflows (or those of the ids given that belong to it), by id. */
export async function brandWorkflows(db: Handle, brandId: number, ids?: number[]): Promise<WorkflowRow[]> {
  const query = db('workflows').where({ brand_id: brandId }).orderBy('id');
  if (ids) void query.whereIn('id', ids);
  const rows = await query.select('id', 'name', 'type', 'status', 'is_paused');
  return rows.map((r) => ({ ...r, id: Number(r.id), state: workflowState(r) }));
}
