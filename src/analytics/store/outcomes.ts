/**
 * Candidates' outcomes (flow events) and orders per period, for the brand or per workflow: from
 * the hourly rollup with the dirty hours read from the rows, or from the rows alone.
 */
import { liveFeedRecoveredSql } from '../../attribution/index.ts';
import type { Handle } from '../../db/index.ts';
import { dirtyHours, mergeRows, rollupRows } from './rollups.ts';

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

export interface PeriodFilter {
  brandId: number;
  from: Date;
  to: Date;
  workflowIds?: number[];
  /** Read the clean hours from the hourly rollup (only for periods on whole UTC hours). */
  rollups?: boolean;
}

const OUTCOME_COUNTS = OUTCOME_STATES.map((s) => `count(*) filter (where fe.state = '${s}')::int as ${s}`).join(', ');

/**
 * Flow events in the period by workflow (or in all); with `hourly`, per UTC hour and workflow (0:
 * none) of the given hours, as the rollup stores them.
 */
export async function outcomeRows(
  db: Handle,
  f: PeriodFilter,
  group: 'none' | 'workflow' | { hourly: Date[] },
  onlyHours?: Date[],
): Promise<Array<OutcomeRow & { hour?: Date }>> {
  const hours = typeof group === 'object' ? group.hourly : onlyHours;
  const keys =
    typeof group === 'object'
      ? `date_trunc('hour', fe.created_at) as hour, coalesce(fe.workflow_id, 0) as workflow_id`
      : `${group === 'workflow' ? 'fe.workflow_id::text' : 'null'} as workflow_id`;
  const { rows } = await db.raw<{ rows: Array<OutcomeRow & { hour?: Date }> }>(
    `select ${keys}, count(*)::int as candidates, ${OUTCOME_COUNTS}
       from flow_events fe
      where fe.brand_id = :brandId and fe.created_at >= :from and fe.created_at < :to
        ${hours ? `and date_trunc('hour', fe.created_at) = any(:hours::timestamptz[])` : ''}
        ${f.workflowIds ? 'and fe.workflow_id = any(:workflowIds::bigint[])' : ''}
      ${group === 'none' ? '' : typeof group === 'object' ? 'group by 1, 2' : 'group by 1'}`,
    { brandId: f.brandId, from: f.from, to: f.to, hours: hours ?? [], workflowIds: f.workflowIds ?? [] } as never,
  );
  return rows;
}

/** Read per period: the rollup's clean hours plus the dirty hours from the rows. */
async function withRollup<R extends object>(
  db: Handle,
  f: PeriodFilter,
  perWorkflow: boolean,
  columns: readonly string[],
  raw: (onlyHours?: Date[]) => Promise<R[]>,
): Promise<R[]> {
  if (!f.rollups) return raw();
  const range = { from: f.from, to: f.to };
  const dirty = await dirtyHours(db, f.brandId, [range]);
  const [rolled, fresh] = await Promise.all([
    rollupRows(db, {
      table: 'analytics_hourly',
      brandId: f.brandId,
      columns: Object.fromEntries(columns.map((c) => [c, `sum(h.${c})`])),
      workflowIds: f.workflowIds,
      timezone: 'UTC',
      grouping: { range, by: perWorkflow ? 'workflow' : 'none' },
      dirty,
    }),
    dirty.length > 0 ? raw(dirty) : Promise.resolve([]),
  ]);
  const renamed = rolled.map(({ key, ...rest }) => ({ workflow_id: key, ...rest }));
  return [...mergeRows(['workflow_id'], renamed, fresh as never).values()] as unknown as R[];
}

/** Candidates and their outcomes in the period, for the brand or per workflow. */
export function candidateOutcomes(db: Handle, f: PeriodFilter, perWorkflow: boolean): Promise<OutcomeRow[]> {
  return withRollup(db, f, perWorkflow, ['candidates', ...OUTCOME_STATES], (hours) =>
    outcomeRows(db, f, perWorkflow ? 'workflow' : 'none', hours),
  );
}

export type OrderCountsRow = {
  workflow_id: string | null;
  orders: number;
  sales: string;
  recovered_orders: number;
  recovered_sales: string;
};

/** Orders placed in the period and the live-feed recovered ones, for the brand or per recovering workflow. */
export function orderCounts(db: Handle, f: PeriodFilter, perWorkflow: boolean): Promise<OrderCountsRow[]> {
  const recovered = liveFeedRecoveredSql('o');
  const raw = async (hours?: Date[]): Promise<OrderCountsRow[]> => {
    const { rows } = await db.raw<{ rows: OrderCountsRow[] }>(
      `select ${perWorkflow ? 'o.workflow_id::text' : 'null'} as workflow_id,
              count(*) filter (where o.state <> 'cancelled')::int as orders,
              coalesce(sum(o.total) filter (where o.state <> 'cancelled'), 0)::numeric(14, 2)::text as sales,
              count(*) filter (where ${recovered})::int as recovered_orders,
              coalesce(sum(o.total) filter (where ${recovered}), 0)::numeric(14, 2)::text as recovered_sales
         from orders o
        where o.brand_id = :brandId and o.created_at >= :from and o.created_at < :to
          ${hours ? `and date_trunc('hour', o.created_at) = any(:hours::timestamptz[])` : ''}
          ${f.workflowIds ? 'and o.workflow_id = any(:workflowIds::bigint[])' : ''}
        ${perWorkflow ? 'group by 1' : ''}`,
      { brandId: f.brandId, from: f.from, to: f.to, hours: hours ?? [], workflowIds: f.workflowIds ?? [] } as never,
    );
    return rows;
  };
  return withRollup(db, f, perWorkflow, ['orders', 'sales', 'recovered_orders', 'recovered_sales'], raw);
}
