/**
 * GetClientFunnelStats, GetWorkflowStats and GetWorkflowStatsList: the conversation funnel, the
 * candidates' outcomes and the orders, for the current and the previous period, for the brand, one
 * workflow, or each workflow of a list.
 */
import type { Handle } from '../db/index.ts';
import { FUNNEL_STEPS, ORDER_FIGURES, OUTCOMES, stepRateOf, type StepInfo } from './funnel-steps.ts';
import { change, ratio, type Period } from './rules.ts';
import {
  periodView,
  reportScope,
  requireWorkflows,
  type PeriodQuery,
  type PeriodView,
  type ReportScope,
} from './scope.ts';
import { brandWorkflows, cohortFunnel, type CohortRow, type WorkflowRow } from './store/funnel.ts';
import { candidateOutcomes, orderCounts, type OrderCountsRow, type OutcomeRow } from './store/outcomes.ts';

export { WORKFLOW_NOT_FOUND } from './scope.ts';

export interface Compared<V = number> {
  current: V;
  previous: V;
  /** Relative change; null when the previous value is 0. */
  change: number | null;
}

/** rate: started over candidates; every later step over started (the share of conversations that got there). */
export type FunnelStep = StepInfo & Compared & { rate: number | null; rate_of: string | null };
export type Figure<V = number> = StepInfo & Compared<V>;

export interface FunnelComparison {
  steps: FunnelStep[];
  outcomes: Figure[];
  orders: Array<Figure<number | string>>;
}

/** One period's raw figures, by id. */
interface Raw {
  steps: Record<string, number>;
  outcomes: Record<string, number>;
  orders: Record<string, number | string>;
}

const EMPTY_COHORT: Omit<CohortRow, 'key'> = {
  started: 0,
  sent: 0,
  delivered: 0,
  clicked: 0,
  replied: 0,
  recovered: 0,
  quiet_hours_held: 0,
  skipped: 0,
};

function rawOf(cohort?: CohortRow, outcomes?: OutcomeRow, orders?: OrderCountsRow): Raw {
  const c = { ...EMPTY_COHORT, ...(cohort ?? {}) };
  const o = outcomes as Partial<OutcomeRow> | undefined;
  return {
    steps: {
      candidates: o?.candidates ?? 0,
      started: c.started,
      sent: c.sent,
      delivered: c.delivered,
      clicked: c.clicked,
      replied: c.replied,
      recovered: c.recovered,
    },
    outcomes: {
      filtered_out: o?.filtered_out ?? 0,
      channel_missing: o?.channel_missing ?? 0,
      channel_blocked: o?.channel_blocked ?? 0,
      recently_engaged: o?.recently_engaged ?? 0,
      holdout: o?.holdout ?? 0,
      duplicate: o?.duplicate ?? 0,
      compliance_skipped: o?.compliance_skipped ?? 0,
      quiet_hours_held: c.quiet_hours_held,
      skipped: c.skipped,
    },
    orders: {
      orders: orders?.orders ?? 0,
      sales: orders?.sales ?? '0.00',
      recovered_orders: orders?.recovered_orders ?? 0,
      recovered_sales: orders?.recovered_sales ?? '0.00',
    },
  };
}

function compare(current: Raw, previous: Raw): FunnelComparison {
  const figure = <V extends number | string>(info: StepInfo, c: V, p: V): Figure<V> => ({
    ...info,
    current: c,
    previous: p,
    change: change(Number(c), Number(p), 'count'),
  });
  return {
    steps: FUNNEL_STEPS.map((info) => ({
      ...figure(info, current.steps[info.id]!, previous.steps[info.id]!),
      rate: info.id === 'candidates' ? null : ratio(current.steps[info.id]!, current.steps[stepRateOf(info.id)!]!),
      rate_of: stepRateOf(info.id),
    })),
    outcomes: OUTCOMES.map((info) => figure(info, current.outcomes[info.id]!, previous.outcomes[info.id]!)),
    orders: ORDER_FIGURES.map((info) => figure(info, current.orders[info.id]!, previous.orders[info.id]!)),
  };
}

interface FunnelFilter {
  workflowIds?: number[];
  isHistorical?: boolean;
}

/** Raw figures of one period, for the brand (key 'all') or per workflow (key: the workflow id). */
async function periodRaw(
  db: Handle,
  scope: ReportScope,
  period: Period,
  filter: FunnelFilter,
  perWorkflow: boolean,
): Promise<Map<string, Raw>> {
  const f = {
    brandId: scope.brand.id,
    from: period.from,
    to: period.to,
    workflowIds: filter.workflowIds,
    rollups: scope.rollups,
  };
  const [cohort, outcomes, orders] = await Promise.all([
    cohortFunnel(
      db,
      { ...f, isHistorical: filter.isHistorical, timezone: period.timezone },
      { by: perWorkflow ? 'workflow' : 'none' },
    ),
    candidateOutcomes(db, f, perWorkflow),
    orderCounts(db, f, perWorkflow),
  ]);
  const keyOf = (k: string | null): string => (perWorkflow ? String(k) : 'all');
  const keys = new Set([
    ...cohort.map((r) => keyOf(r.key)),
    ...outcomes.map((r) => keyOf(r.workflow_id)),
    ...orders.map((r) => keyOf(r.workflow_id)),
  ]);
  const out = new Map<string, Raw>();
  for (const key of keys)
    out.set(
      key,
      rawOf(
        cohort.find((r) => keyOf(r.key) === key),
        outcomes.find((r) => keyOf(r.workflow_id) === key),
        orders.find((r) => keyOf(r.workflow_id) === key),
      ),
    );
  return out;
}

const EMPTY_RAW = rawOf();

export interface ClientFunnelQuery extends PeriodQuery {
  brandId: number;
  workflowId?: number;
  isHistorical?: boolean;
}

export interface ClientFunnelStats extends FunnelComparison {
  brand: { id: number; name: string };
  timezone: string;
  current: PeriodView;
  previous: PeriodView;
  filters: { workflow_id: number | null; is_historical: boolean | null };
}

/** GetClientFunnelStats: the brand's funnel (or one workflow's), current against previous. */
export async function clientFunnelStats(db: Handle, q: ClientFunnelQuery): Promise<ClientFunnelStats> {
  const scope = await reportScope(db, q.brandId, q);
  const filter = { workflowIds: q.workflowId === undefined ? undefined : [q.workflowId], isHistorical: q.isHistorical };
  const [current, previous] = await Promise.all([
    periodRaw(db, scope, scope.current, filter, false),
    periodRaw(db, scope, scope.previous, filter, false),
  ]);
  return {
    brand: { id: scope.brand.id, name: scope.brand.name },
    timezone: scope.current.timezone,
    current: periodView(scope.current),
    previous: periodView(scope.previous),
    filters: { workflow_id: q.workflowId ?? null, is_historical: q.isHistorical ?? null },
    ...compare(current.get('all') ?? EMPTY_RAW, previous.get('all') ?? EMPTY_RAW),
  };
}

export interface WorkflowStatsQuery extends PeriodQuery {
  brandId: number;
  /** Default: every workflow of the brand. */
  workflowIds?: number[];
}

export interface WorkflowStats extends FunnelComparison {
  workflow: WorkflowRow;
}

export interface WorkflowStatsList {
  brand: { id: number; name: string };
  timezone: string;
  current: PeriodView;
  previous: PeriodView;
  workflows: WorkflowStats[];
}

/** GetWorkflowStatsList: each workflow's funnel, outcomes and recovered orders, current against previous. */
export async function workflowStatsList(db: Handle, q: WorkflowStatsQuery): Promise<WorkflowStatsList> {
  const scope = await reportScope(db, q.brandId, q);
  const workflows = q.workflowIds
    ? await requireWorkflows(db, q.brandId, q.workflowIds)
    : await brandWorkflows(db, q.brandId);
  const filter = { workflowIds: workflows.map((w) => w.id) };
  const [current, previous] = await Promise.all([
    periodRaw(db, scope, scope.current, filter, true),
    periodRaw(db, scope, scope.previous, filter, true),
  ]);
  return {
    brand: { id: scope.brand.id, name: scope.brand.name },
    timezone: scope.current.timezone,
    current: periodView(scope.current),
    previous: periodView(scope.previous),
    workflows: workflows.map((workflow) => ({
      workflow,
      ...compare(current.get(String(workflow.id)) ?? EMPTY_RAW, previous.get(String(workflow.id)) ?? EMPTY_RAW),
    })),
  };
}

/** GetWorkflowStats: one workflow of the brand ('Flow not found' for another brand's). */
export async function workflowStats(
  db: Handle,
  q: PeriodQuery & { brandId: number; workflowId: number },
): Promise<Omit<WorkflowStatsList, 'workflows'> & WorkflowStats> {
  const { workflows, ...rest } = await workflowStatsList(db, { ...q, workflowIds: [q.workflowId] });
  return { ...rest, ...workflows[0]! };
}
