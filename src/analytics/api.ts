/**
 * The brand API's analytics routes: the brand report (every metric against the previous period),
 * the chart points, the funnel, conversation, workflow and KB card stats and the live feed of one
 * brand, and, staff only, the brand list by earnings and the staff members. Every read goes
 * through the analytics handle (the replica in ANALYTICS_DATABASE_URL when set). Periods are
 * local days, `from` and `to` inclusive, in `tz` (default: the brand's time zone).
 */
import { z } from 'zod';
import type { AppContext } from '../app/index.ts';
import { defineRoute, idSchema, page, pageQuery, queryBoolean, timeZone, type ApiRoute } from '../http/index.ts';
import type { WorkflowStatsSource } from '../workflows/index.ts';
import {
  brandStatsSchema,
  conversationStatsSchema,
  dailyStatsSchema,
  funnelStatsSchema,
  kbStatsSchema,
  liveFeedSchema,
  staffBrandSchema,
  staffMemberSchema,
  workflowListStatsSchema,
  workflowStatsListSchema,
} from './api-schemas.ts';
import { brandStats, dailyStats } from './brand-stats.ts';
import { conversationStats } from './conversations.ts';
import { analyticsDb } from './db.ts';
import { insightsApi } from './api-insights.ts';
import { chartFields, day, periodFields, periodOf, type PeriodInput } from './api-period.ts';
import { clientFunnelStats, workflowStatsList, WORKFLOW_NOT_FOUND } from './funnels.ts';
import { kbCardStats } from './insights.ts';
import { liveFeed } from './live.ts';
import { brandList, DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT, staffMembers } from './staff.ts';

const workflowId = idSchema().optional().describe("only this workflow's conversations and orders");
const db = (ctx: AppContext) => analyticsDb(ctx);

const stats = (
  name: string,
  summary: string,
  query: z.ZodObject,
  response: z.ZodType,
  read: (ctx: AppContext, brandId: number, query: never) => Promise<unknown>,
  description?: string,
): ApiRoute =>
  defineRoute({
    method: 'GET',
    path: `/api/brands/:brandId/stats/${name}`,
    tag: 'stats',
    summary,
    description,
    query,
    response,
    handler: async ({ ctx, brand, query: q }) => (await read(ctx, brand.id, q as never)) as never,
  });

const brandReport = stats(
  'brand',
  'Every metric of the period against the previous period, with the change',
  z.object({
    ...chartFields,
    workflow_id: workflowId,
    chart: queryBoolean().optional().describe('add the metrics per hour, day, week, month or year'),
  }),
  brandStatsSchema,
  (ctx, brandId, q: PeriodInput & { workflow_id?: number; chart?: boolean }) =>
    brandStats(db(ctx), { brandId, ...periodOf(q), workflowId: q.workflow_id, charts: q.chart === true }),
  'The previous period is the prior whole month or year for a whole month or year, else the same number of days ' +
    'directly before. Money is a decimal string, rates a share (0.25 is 25%).',
);

const dailyReport = stats(
  'daily',
  'Every metric per hour, day, week, month or year of the period',
  z.object({ ...chartFields, workflow_id: workflowId }),
  dailyStatsSchema,
  (ctx, brandId, q: PeriodInput & { workflow_id?: number }) =>
    dailyStats(db(ctx), { brandId, ...periodOf(q), workflowId: q.workflow_id }),
);

const funnelReport = stats(
  'funnel',
  'Candidates -> started -> sent -> delivered -> clicked -> replied -> recovered, with outcomes and orders',
  z.object({
    ...periodFields,
    workflow_id: workflowId,
    is_historical: queryBoolean().optional().describe('only conversations about historical checkouts, or the others'),
  }),
  funnelStatsSchema,
  (ctx, brandId, q: PeriodInput & { workflow_id?: number; is_historical?: boolean }) =>
    clientFunnelStats(db(ctx), {
      brandId,
      ...periodOf(q),
      workflowId: q.workflow_id,
      isHistorical: q.is_historical,
    }),
);

const conversationsReport = stats(
  'conversations',
  'Conversations started, texted and replied (visible ones by default)',
  z.object({
    ...chartFields,
    workflow_id: workflowId,
    is_hidden: z
      .enum(['true', 'false', 'all'])
      .default('false')
      .describe('hidden conversations (true), visible ones (false) or both (all)'),
    is_historical: queryBoolean().optional(),
    chart: queryBoolean().optional().describe('add the counts per bucket'),
  }),
  conversationStatsSchema,
  (
    ctx,
    brandId,
    q: PeriodInput & { workflow_id?: number; is_hidden: string; is_historical?: boolean; chart?: boolean },
  ) =>
    conversationStats(db(ctx), {
      brandId,
      ...periodOf(q),
      workflowId: q.workflow_id,
      isHidden: q.is_hidden === 'all' ? null : q.is_hidden === 'true',
      isHistorical: q.is_historical,
      charts: q.chart === true,
    }),
);

const workflowsReport = defineRoute({
  method: 'GET',
  path: '/api/brands/:brandId/stats/workflows',
  tag: 'stats',
  summary: "Each workflow's funnel, outcomes and recovered orders, current against previous",
  query: z.object({ ...periodFields, workflow_id: workflowId.describe('only this workflow') }),
  notFound: WORKFLOW_NOT_FOUND,
  response: workflowStatsListSchema,
  handler: async ({ ctx, brand, query }) =>
    workflowStatsList(db(ctx), {
      brandId: brand.id,
      ...periodOf(query),
      workflowIds: query.workflow_id === undefined ? undefined : [query.workflow_id],
    }),
});

const liveReport = defineRoute({
  method: 'GET',
  path: '/api/brands/:brandId/stats/live',
  tag: 'stats',
  summary: 'The live feed: the newest 50 conversations, 50 orders and 50 goal events (pending, recovered, messaged)',
  response: liveFeedSchema,
  handler: async ({ ctx, brand }) => {
    const feed = await liveFeed(db(ctx), { brandId: brand.id });
    return { ...feed, states: [...feed.states] };
  },
});

const kbReport = stats(
  'kb',
  'KB cards by status and source, cards created and updated in the period, and escalations',
  z.object(periodFields),
  kbStatsSchema,
  (ctx, brandId, q: PeriodInput) => kbCardStats(db(ctx), { brandId, ...periodOf(q) }),
);

const staffBrands = defineRoute({
  method: 'GET',
  path: '/api/staff/brands',
  tag: 'staff',
  staff: true,
  summary: 'Every brand by total earnings, the sales of its recovered orders (staff only)',
  description:
    'Brands of the internal_testing industry are left out. Earnings of all time unless from and to are given.',
  query: z.object({
    ...pageQuery(DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT),
    search: z.string().max(200).optional().describe('name or domain contains'),
    tenant_id: idSchema().optional().describe("one tenant's brands"),
    from: day('earnings of orders from this day'),
    to: day('to this day'),
    tz: timeZone().optional().describe('time zone of the days (default America/Los_Angeles)'),
  }),
  response: page(staffBrandSchema),
  handler: async ({ ctx, query }) => {
    const { brands, total } = await brandList(db(ctx), {
      limit: query.limit,
      offset: query.offset,
      timezone: query.tz,
      where: { search: query.search, tenantId: query.tenant_id, from: query.from, to: query.to },
    });
    return { items: brands, total, offset: query.offset, limit: query.limit };
  },
});

const staffList = defineRoute({
  method: 'GET',
  path: '/api/staff/members',
  tag: 'staff',
  staff: true,
  summary: 'The staff members, oldest first (staff only)',
  query: z.object(pageQuery(10, MAX_LIST_LIMIT)),
  response: page(staffMemberSchema),
  handler: async ({ ctx, query }) => {
    const { users, total } = await staffMembers(db(ctx), { limit: query.limit, offset: query.offset });
    return { items: users, total, offset: query.offset, limit: query.limit };
  },
});

export const analyticsApi: ApiRoute[] = [
  brandReport,
  dailyReport,
  funnelReport,
  conversationsReport,
  workflowsReport,
  liveReport,
  kbReport,
  ...insightsApi,
  staffBrands,
  staffList,
];

/**
 * The workflow list's stats (`workflowsApi({ stats })`): each listed workflow's funnel, outcomes
 * and recovered orders over the period of `from`, `to` and `tz`, against the previous period.
 */
export const workflowStatsSource: WorkflowStatsSource<typeof periodFields> = {
  query: periodFields,
  schema: workflowListStatsSchema,
  async read(ctx, { brandId, workflowIds, query }) {
    if (!workflowIds.length) return new Map();
    const list = await workflowStatsList(db(ctx), { brandId, ...periodOf(query), workflowIds });
    return new Map(
      list.workflows.map(({ workflow, ...figures }) => [
        workflow.id,
        { current: list.current, previous: list.previous, ...figures },
      ]),
    );
  },
};
