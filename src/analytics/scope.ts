/**
 * The scope of a brand report: the brand (not found is 'Brand not found'), the workflow asked for
 * (not the brand's is 'Flow not found', on every report alike), the time zone (the one
 * asked for, else the brand's, else America/Los_Angeles), the current period and the previous one
 * (given, or by the rules in rules.ts), and the brand's discount code markers for the template rule.
 */
import { AppError } from '../app/index.ts';
import type { Handle } from '../db/index.ts';
import {
  hourAligned,
  isValidTimeZone,
  previousPeriod,
  resolvePeriod,
  resolveTimeZone,
  DEFAULT_TIMEZONE,
  type Granularity,
  type Period,
} from './rules.ts';
import { codeMarkers } from './rules-messages.ts';
import { brandCodePrefixes, statsBrand, type StatsBrand } from './store/brand.ts';
import { brandWorkflows, type WorkflowRow } from './store/funnel.ts';

export const BRAND_NOT_FOUND = 'Brand not found';
export const WORKFLOW_NOT_FOUND = 'Flow not found';

/** The period of a report: local days (YYYY-MM-DD, inclusive), all optional. */
export interface PeriodQuery {
  from?: string;
  to?: string;
  /** An IANA zone; default the brand's (America/Los_Angeles unless the brand set one). */
  timezone?: string | null;
  /** Forces the chart granularity; default by the range length. */
  granularity?: Granularity | null;
  /** The comparison period; default by the previous-period rule. */
  previousFrom?: string;
  previousTo?: string;
  /** Only this workflow: one the brand does not have is 'Flow not found' (404), never zeros. */
  workflowId?: number;
  /** The clock (tests). */
  now?: Date;
  /** false: read every figure from the rows, never from the hourly rollups (checks and tests). */
  rollups?: boolean;
}

export interface ReportScope {
  brand: StatsBrand;
  current: Period;
  previous: Period;
  markers: string[];
  /** Whether reads may use the hourly rollups (asked for, and both periods on whole UTC hours). */
  rollups: boolean;
}

export interface PeriodView {
  from: string;
  to: string;
  from_day: string;
  to_day: string;
  days: number;
  timezone: string;
  granularity: Granularity;
}

export const periodView = (p: Period): PeriodView => ({
  from: p.from.toISOString(),
  to: p.to.toISOString(),
  from_day: p.fromDay,
  to_day: p.toDay,
  days: p.days,
  timezone: p.timezone,
  granularity: p.granularity,
});

export async function requireBrand(db: Handle, brandId: number): Promise<StatsBrand> {
  const brand = await statsBrand(db, brandId);
  if (!brand) throw new AppError('not_found', BRAND_NOT_FOUND, { code: 'brand_not_found' });
  return brand;
}

/** The brand's workflows of these ids, all of them, or 'Flow not found' (another brand's too). */
export async function requireWorkflows(db: Handle, brandId: number, ids: number[]): Promise<WorkflowRow[]> {
  const workflows = await brandWorkflows(db, brandId, ids);
  if (workflows.length !== new Set(ids).size)
    throw new AppError('not_found', WORKFLOW_NOT_FOUND, { code: 'not_found' });
  return workflows;
}

export async function reportScope(db: Handle, brandId: number, q: PeriodQuery = {}): Promise<ReportScope> {
  const brand = await requireBrand(db, brandId);
  if (q.workflowId !== undefined) await requireWorkflows(db, brandId, [q.workflowId]);
  const timezone = resolveTimeZone(q.timezone || (isValidTimeZone(brand.timezone) ? brand.timezone : DEFAULT_TIMEZONE));
  const current = resolvePeriod({ from: q.from, to: q.to, timezone, granularity: q.granularity, now: q.now });
  if ((q.previousFrom === undefined) !== (q.previousTo === undefined))
    throw new AppError('invalid_input', 'Give both ends of the comparison period, or neither.', {
      code: 'invalid_range',
    });
  const previous =
    q.previousFrom !== undefined
      ? { ...resolvePeriod({ from: q.previousFrom, to: q.previousTo, timezone }), granularity: current.granularity }
      : previousPeriod(current);
  return {
    brand,
    current,
    previous,
    markers: codeMarkers(await brandCodePrefixes(db, brandId)),
    rollups: q.rollups !== false && hourAligned(current, previous),
  };
}
