/**
 * The brand API's insight routes: the brand's insights (what shoppers asked or were blocked by,
 * grouped by the insight pipeline) with the conversations and messages behind each over a period,
 * and the counts of those conversations by category and tag. The messages themselves are
 * `GET /api/brands/:brandId/insights/messages`.
 */
import { z } from 'zod';
import { defineRoute, idSchema, pageQuery, timestamp, type ApiRoute } from '../http/index.ts';
import { periodFields, periodOf, type PeriodInput } from './api-period.ts';
import { periodSchema } from './api-schemas.ts';
import { analyticsDb } from './db.ts';
import { brandInsights, insightTagCategoryCounts } from './insights.ts';
import { periodView, reportScope } from './scope.ts';

const INSIGHT_PAGE_SIZE = 20;
const INSIGHT_PAGE_MAX = 100;

const workflowId = idSchema().optional().describe("only this workflow's conversations");

const insightSchema = z.object({
  id: z.number().int(),
  category: z.string().describe('product, blocker or post_purchase'),
  tag: z.string().nullable().describe('e.g. shipping, returns, price, sizing'),
  topic: z.string().nullable(),
  body: z.string().nullable().describe('what shoppers said, summarised'),
  proposed_solution: z.string().nullable(),
  created_at: timestamp(),
  conversations: z.number().int().describe('conversations of the period it came from'),
  messages: z.number().int().describe('shopper messages of those conversations behind it'),
});

const countSchema = z.object({
  category: z.string().nullable(),
  tag: z.string().nullable(),
  conversations: z.number().int(),
  messages: z.number().int(),
});

export const insightsApi: ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/insights',
    tag: 'insights',
    summary: "The brand's insights with the conversations behind each, most conversations first",
    description:
      'Insights whose messages come from conversations started in the period (default: the last 30 days in ' +
      "the brand's time zone).",
    query: z.object({
      ...pageQuery(INSIGHT_PAGE_SIZE, INSIGHT_PAGE_MAX),
      ...periodFields,
      workflow_id: workflowId,
      category: z.string().max(100).optional().describe('only insights of this category'),
      tag: z.string().max(100).optional().describe('only insights of this tag'),
    }),
    response: z.object({
      items: z.array(insightSchema),
      total: z.number().int(),
      offset: z.number().int(),
      limit: z.number().int(),
      period: periodSchema,
    }),
    handler: async ({ ctx, brand, query }) => {
      // Always a period (default the last 30 days): without one the whole history would be read.
      const scope = await reportScope(analyticsDb(ctx), brand.id, periodOf(query as PeriodInput));
      const period = periodView(scope.current);
      const found = await brandInsights(analyticsDb(ctx), {
        brandId: brand.id,
        from: period.from_day,
        to: period.to_day,
        timezone: period.timezone,
        flowIds: query.workflow_id === undefined ? undefined : [query.workflow_id],
        category: query.category,
        tag: query.tag,
        limit: query.limit,
        offset: query.offset,
      });
      return { items: found.insights, total: found.total, offset: query.offset, limit: query.limit, period };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/stats/insights',
    tag: 'stats',
    summary: 'Conversations and shopper messages by insight category and tag over the period',
    query: z.object({ ...periodFields, workflow_id: workflowId }),
    response: z.object({ period: periodSchema, counts: z.array(countSchema) }),
    handler: async ({ ctx, brand, query }) => {
      const counts = await insightTagCategoryCounts(analyticsDb(ctx), {
        brandId: brand.id,
        ...periodOf(query as PeriodInput),
        flowIds: query.workflow_id === undefined ? undefined : [query.workflow_id],
      });
      return { period: counts.period, counts: counts.counts };
    },
  }),
];
