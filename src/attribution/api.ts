/**
 * The brand API's attribution routes: why an order is billed (or not), recovered orders and sales
 * (the live feed rule), and the holdout lift. Stats answers carry the brand's time zone.
 */
import { z } from 'zod';
import { AppError } from '../app/index.ts';
import { defineRoute, idSchema, money, queryTime, timestamp, type ApiRoute } from '../http/index.ts';
import { explainOrder } from './explain.ts';
import { attributionSettingsView, defaultPeriod, liftStats, recoveredStats, type Period } from './reports.ts';

const periodQuery = z.object({
  since: queryTime().optional().describe('from (default: 30 days before until)'),
  until: queryTime().optional().describe('up to (default: now)'),
});

function period(query: z.output<typeof periodQuery>): Period {
  const until = query.until ?? new Date();
  const since = query.since ?? defaultPeriod(until).since;
  if (since.getTime() >= until.getTime())
    throw new AppError('invalid_input', 'since must be before until.', { code: 'invalid_period' });
  return { since, until };
}

const evidenceItem = z.object({
  kind: z.string(),
  id: z.number().int(),
  code: z.string().optional(),
  conversation_id: z.number().int(),
  workflow_id: z.number().int().nullable(),
  at: timestamp(),
  hours_before: z.number(),
  window_hours: z.number(),
  counted: z.boolean(),
  reason: z.string(),
  reason_code: z
    .enum([
      'inside_window',
      'outside_window',
      'after_order',
      'kind_off',
      'not_under_code_only',
      'no_workflow',
      'keyword_reply',
      'not_delivered',
      'team_reply',
      'service_message',
      'other',
    ])
    .describe('why the evidence counts or not, as a machine value'),
});

const orderExplanation = z.object({
  order: z.object({
    id: z.number().int(),
    brand_id: z.number().int(),
    number: z.string().nullable(),
    state: z.string(),
    total: money(),
    currency: z.string(),
    created_at: timestamp(),
    billing_status: z.string().nullable(),
    recovered_at: timestamp().nullable(),
    workflow_id: z.number().int().nullable(),
    discount_codes: z.array(z.string()),
  }),
  billed: z.boolean(),
  live_feed_recovered: z.boolean(),
  summary: z.string(),
  decision: z
    .object({
      recovered: z.boolean(),
      rule: z.string(),
      attribution_type: z.string(),
      window_hours: z.number().nullable(),
      hard_cap_days: z.number().nullable(),
      windows: z.record(z.string(), z.number()),
      conversation_id: z.number().int().nullable(),
      workflow_id: z.number().int().nullable(),
      decided_at: timestamp(),
      warnings: z.array(z.string()),
      billing_note: z.string().nullable(),
      items: z.array(evidenceItem),
    })
    .nullable(),
});

const liftSide = z.object({
  carts: z.number().int(),
  converted: z.number().int(),
  orders: z.number().int(),
  revenue: money(),
  rate: z.number().nullable(),
  revenue_per_cart: money().nullable(),
});

const periodAnswer = { brand_id: z.number().int(), timezone: z.string(), since: timestamp(), until: timestamp() };

export const attributionApi: ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/orders/:orderId/attribution',
    tag: 'orders',
    summary: 'Why the brand is billed (or not) for an order: the rule, the window and each piece of evidence',
    params: z.object({ orderId: idSchema() }),
    notFound: 'Order not found',
    response: orderExplanation,
    handler: async ({ ctx, brand, params }) => explainOrder(ctx.db, { orderId: params.orderId, brandId: brand.id }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/stats/recovered',
    tag: 'stats',
    summary: 'Orders placed in the period and those recovered (the live feed rule), with sales',
    query: periodQuery,
    response: z.object({
      ...periodAnswer,
      orders: z.number().int(),
      sales: money(),
      recovered_orders: z.number().int(),
      recovered_sales: money(),
      recovered_aov: money().nullable(),
      recovered_share: z.number().nullable(),
    }),
    handler: async ({ ctx, brand, query }) => ({
      ...(await recoveredStats(ctx.db, { brandId: brand.id, ...period(query) })),
      timezone: brand.timezone,
    }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/stats/lift',
    tag: 'stats',
    summary: 'Recovery rate of texted carts against held-out carts, with attributed revenue beside it',
    query: periodQuery,
    response: z.object({
      ...periodAnswer,
      window_hours: z.number(),
      holdout_groups: z.array(z.string()),
      texted: liftSide,
      held_out: liftSide,
      lift: z.object({ absolute: z.number().nullable(), relative: z.number().nullable() }),
      attributed: z.object({ orders: z.number().int(), revenue: money() }),
      warnings: z.array(z.string()),
    }),
    handler: async ({ ctx, brand, query }) => ({
      ...(await liftStats(ctx.db, { brandId: brand.id, ...period(query) })),
      timezone: brand.timezone,
    }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/attribution/settings',
    tag: 'attribution',
    summary: "The brand's attribution model, evidence windows and holdout groups, defaults filled in",
    response: z.object({
      type: z.string().describe('last_touch, first_touch or code_only'),
      hard_cap_days: z.number().int().describe('no order later than this after a text is attributed'),
      windows: z
        .object({
          message: z.number().int(),
          click: z.number().int(),
          reply: z.number().int(),
          discount_code: z.number().int(),
        })
        .describe('hours before an order each kind of evidence counts (0: not counted)'),
      holdout_groups: z.array(z.string()).describe('contact groups never texted, to measure the lift'),
      warnings: z.array(z.string()),
    }),
    handler: async ({ ctx, brand }) => attributionSettingsView(ctx.db, brand.id),
  }),
];
