/**
 * GetBrandInsights and GetBrandInsightsTagCategoryCountsByConvDateRange: a brand's insights and
 * the counts by category and tag of the conversations they came from, filtered by those
 * conversations (when they started, their workflow, their state), with a chart per bucket. KB card
 * stats (spec 1) sit here too: they count what the insight pipeline and people put in the KB.
 */
import type { Handle } from '../db/index.ts';
import { buckets } from './rules.ts';
import { periodView, reportScope, requireBrand, type PeriodQuery, type PeriodView } from './scope.ts';
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT } from './staff.ts';
import { kbCardStatsRow, type KbCardStatsRow } from './store/brands.ts';
import {
  insightRows,
  tagCategoryCounts,
  type InsightFilter,
  type InsightRow,
  type TagCategoryRow,
} from './store/insights.ts';
import { AppError } from '../app/index.ts';

export interface InsightQuery extends PeriodQuery {
  brandId: number;
  /** Only conversations of these workflows. */
  flowIds?: number[];
  /** Only conversations in these states (recovered, or a checkout's or cart's state). */
  includeStates?: string[];
  excludeStates?: string[];
  /** Only message insights of this category (and tag). */
  category?: string;
  tag?: string;
}

export interface BrandInsights {
  insights: InsightRow[];
  total: number;
  /** The conversations' period, when one was given. */
  period: PeriodView | null;
}

async function filterOf(
  db: Handle,
  q: InsightQuery,
  always: boolean,
): Promise<{ f: InsightFilter; period: PeriodView | null; scope: Awaited<ReturnType<typeof reportScope>> | null }> {
  const ranged = always || q.from !== undefined || q.to !== undefined;
  const scope = ranged ? await reportScope(db, q.brandId, q) : null;
  if (!scope) await requireBrand(db, q.brandId);
  return {
    scope,
    period: scope ? periodView(scope.current) : null,
    f: {
      brandId: q.brandId,
      from: scope?.current.from,
      to: scope?.current.to,
      flowIds: q.flowIds,
      includeStates: q.includeStates,
      excludeStates: q.excludeStates,
      category: q.category,
      tag: q.tag,
      timezone: scope?.current.timezone ?? 'UTC',
    },
  };
}

export async function brandInsights(
  db: Handle,
  q: InsightQuery & { limit?: number; offset?: number },
): Promise<BrandInsights> {
  const limit = q.limit ?? DEFAULT_LIST_LIMIT;
  const offset = q.offset ?? 0;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIST_LIMIT || !Number.isInteger(offset) || offset < 0)
    throw new AppError('invalid_input', `limit must be 1 to ${MAX_LIST_LIMIT} and offset 0 or more.`, {
      code: 'invalid_page',
    });
  const { f, period } = await filterOf(db, q, false);
  const { rows, total } = await insightRows(db, f, { limit, offset });
  return { insights: rows, total, period };
}

export interface TagCategoryCounts {
  period: PeriodView;
  counts: TagCategoryRow[];
  /** Conversations per bucket and category (with `charts`). */
  series?: Array<{ key: string; label: string; start: string; categories: Record<string, number> }>;
}

export async function insightTagCategoryCounts(
  db: Handle,
  q: InsightQuery & { charts?: boolean },
): Promise<TagCategoryCounts> {
  const { f, period, scope } = await filterOf(db, q, true);
  const granularity = q.charts && scope ? scope.current.granularity : undefined;
  const { counts, buckets: rows } = await tagCategoryCounts(db, f, granularity);
  const result: TagCategoryCounts = { period: period!, counts };
  if (granularity && scope) {
    result.series = buckets(scope.current).map((b) => ({
      key: b.key,
      label: b.label,
      start: b.start.toISOString(),
      categories: Object.fromEntries(
        rows.filter((r) => r.bucket === b.key).map((r) => [r.category ?? 'none', r.conversations]),
      ),
    }));
  }
  return result;
}

export interface KbCardStats extends KbCardStatsRow {
  period: PeriodView;
}

export async function kbCardStats(db: Handle, q: PeriodQuery & { brandId: number }): Promise<KbCardStats> {
  const scope = await reportScope(db, q.brandId, q);
  const row = await kbCardStatsRow(db, { brandId: q.brandId, from: scope.current.from, to: scope.current.to });
  return { ...row, period: periodView(scope.current) };
}
