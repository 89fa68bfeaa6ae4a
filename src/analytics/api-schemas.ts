/**
 * The answer schemas of the analytics routes (api.ts): each one matches what the service returns
 * (brand-stats.ts, funnels.ts, conversations.ts, insights.ts, live.ts, staff.ts).
 */
import { z } from 'zod';
import { timestamp } from '../http/index.ts';
import { GRANULARITIES } from './rules.ts';
import { LIVE_FEED_STATES } from './store/live.ts';

const int = () => z.number().int();

export const periodSchema = z.object({
  from: timestamp().describe('first instant of the period'),
  to: timestamp().describe('first instant after the period'),
  from_day: z.string().describe('first local day, YYYY-MM-DD'),
  to_day: z.string().describe('last local day, inclusive'),
  days: int(),
  timezone: z.string(),
  granularity: z.enum(GRANULARITIES),
});

const brandRef = z.object({ id: int(), name: z.string() });

/** A metric's value: a count or rate as a number, money as a decimal string; null when undefined (no denominator). */
const metricValue = z.union([z.number(), z.string()]).nullable();

const info = {
  id: z.string(),
  label: z.string(),
  definition: z.string().describe("one sentence: the panel's tooltip"),
  lower_is_better: z.boolean(),
};

const change = z
  .number()
  .nullable()
  .describe('relative for counts and money (null when the previous value is 0), a difference in points for rates');

const seriesPoint = z.object({
  key: z.string(),
  label: z.string(),
  start: timestamp(),
  values: z.record(z.string(), metricValue).describe('every metric of the bucket, by id'),
});

const header = { brand: brandRef, timezone: z.string(), current: periodSchema, previous: periodSchema };

export const brandStatsSchema = z.object({
  ...header,
  metrics: z.array(
    z.object({
      ...info,
      unit: z.enum(['count', 'money', 'rate']),
      rate_of: z.string().nullable().describe('a rate\'s denominator in words ("texts sent"); null for other units'),
      current: metricValue,
      previous: metricValue,
      change,
    }),
  ),
  series: z.array(seriesPoint).optional().describe('with chart=true: the metrics per bucket'),
});

export const dailyStatsSchema = z.object({
  brand: brandRef,
  timezone: z.string(),
  period: periodSchema,
  granularity: z.enum(GRANULARITIES),
  points: z.array(seriesPoint),
});

const compared = <V extends z.ZodType>(value: V) => ({ ...info, current: value, previous: value, change });

export const funnelShape = {
  steps: z.array(
    z.object({
      ...compared(z.number()),
      rate: z.number().nullable(),
      rate_of: z.string().nullable().describe('what the rate divides by, in words ("started"); null without a rate'),
    }),
  ),
  outcomes: z.array(z.object(compared(z.number()))),
  orders: z.array(z.object(compared(z.union([z.number(), z.string()])))),
};

export const funnelStatsSchema = z.object({
  ...header,
  ...funnelShape,
  filters: z.object({ workflow_id: int().nullable(), is_historical: z.boolean().nullable() }),
});

const workflowRef = z.object({
  id: int(),
  name: z.string(),
  type: z.string(),
  status: z.string(),
  is_paused: z.boolean(),
  state: z.enum(['draft', 'paused', 'active']).describe('the one state word every page, CSV and the CLI show'),
});

export const workflowStatsListSchema = z.object({
  ...header,
  workflows: z.array(z.object({ workflow: workflowRef, ...funnelShape })),
});

/** One workflow's figures as the workflow list carries them (its `stats`). */
export const workflowListStatsSchema = z.object({
  current: periodSchema,
  previous: periodSchema,
  ...funnelShape,
});

const conversationFigure = z.object({
  id: z.enum(['count', 'sent_count', 'reply_count', 'reply_rate']),
  label: z.string(),
  definition: z.string(),
  current: z.number().nullable(),
  previous: z.number().nullable(),
  change,
});

export const conversationStatsSchema = z.object({
  ...header,
  filters: z.object({
    workflow_id: int().nullable(),
    is_hidden: z.boolean().nullable(),
    is_historical: z.boolean().nullable(),
  }),
  stats: z.array(conversationFigure),
  series: z
    .array(
      z.object({
        key: z.string(),
        label: z.string(),
        start: timestamp(),
        count: int(),
        sent_count: int(),
        reply_count: int(),
      }),
    )
    .optional(),
});

const liveState = z.enum(LIVE_FEED_STATES);

export const liveFeedSchema = z.object({
  brand: brandRef,
  states: z.array(z.string()),
  conversations: z.array(
    z.object({
      id: int(),
      created_at: timestamp(),
      workflow_id: int().nullable(),
      workflow_name: z.string().nullable(),
      given_name: z.string().nullable(),
      family_name: z.string().nullable(),
      phone: z.string().nullable().describe('masked: +1415***0123'),
      state: liveState,
    }),
  ),
  orders: z.array(
    z.object({
      id: int(),
      number: z.string().nullable(),
      total: z.string(),
      currency: z.string(),
      created_at: timestamp(),
      workflow_id: int().nullable(),
      given_name: z.string().nullable(),
      family_name: z.string().nullable(),
      state: liveState,
    }),
  ),
  events: z.array(
    z.object({
      id: int(),
      state: liveState,
      state_display: z.string().nullable(),
      workflow_id: int().nullable(),
      conversation_id: int().nullable(),
      cart_id: int().nullable(),
      checkout_id: int().nullable(),
      order_id: int().nullable(),
      created_at: timestamp(),
    }),
  ),
});

export const kbStatsSchema = z.object({
  period: periodSchema,
  total: int(),
  published: int(),
  unpublished: int(),
  draft: int(),
  by_source: z.record(z.string(), z.number()).describe('cards by source: manual, flow, escalation, import'),
  created_in_period: int(),
  updated_in_period: int(),
  escalations_in_period: int(),
  escalations_added_to_kb: int(),
});

export const staffBrandSchema = z.object({
  id: int(),
  name: z.string(),
  domain: z.string().nullable(),
  tenant_id: int(),
  industry: z.string().nullable(),
  total_earnings: z.string().describe('sales of its recovered orders, a decimal string'),
  recovered_orders: int(),
});

export const staffMemberSchema = z.object({
  id: int(),
  given_name: z.string().nullable(),
  family_name: z.string().nullable(),
  email: z.string(),
  role: z.string(),
  state: z.string(),
  created_at: timestamp(),
});
