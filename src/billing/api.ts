/**
 * The brand API's billing routes: a brand's charges (recurring and usage), newest first, with
 * plan, subscription status and gateway, in_review left out. Staff read every brand's, a brand
 * its own. Plans are priced and charged in USD.
 */
import { z } from 'zod';
import { defineRoute, money, page, pageQuery, queryTime, timestamp, type ApiRoute } from '../http/index.ts';
import { listCharges } from './charges.ts';
import { GATEWAYS } from './rules.ts';
import { brandSubscriptionView } from './subscription-view.ts';

const CHARGE_PAGE_SIZE = 50;

const chargeSchema = z.object({
  id: z.number().int(),
  created_at: timestamp(),
  type: z.enum(['recurring', 'usage']),
  status: z.string(),
  amount: money(),
  currency: z.literal('USD'),
  earnings: money().nullable().describe('usage charges: the recovered sale it was taken on'),
  description: z.string().nullable(),
  order_id: z.number().int().nullable(),
  charge_collected_at: timestamp().nullable(),
  plan: z.object({ id: z.number().int(), name: z.string() }),
  subscription: z.object({ id: z.number().int(), status: z.string() }),
  payment_source: z.object({ gateway: z.string().nullable() }),
  percentage: z.number().nullable().describe("usage charges: the plan's share of the sale, in percent"),
  order: z
    .object({ number: z.string().nullable(), total: money().nullable() })
    .nullable()
    .describe('usage charges: the recovered order'),
  conversation: z
    .object({ id: z.number().int(), shopper_name: z.string().nullable() })
    .nullable()
    .describe('usage charges: the conversation that recovered the order, with the shopper'),
});

export const billingApi: ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/charges',
    tag: 'billing',
    summary: "A brand's charges, newest first, with plan, subscription status and gateway",
    query: z.object({
      ...pageQuery(CHARGE_PAGE_SIZE),
      gateway: z.enum(GATEWAYS as unknown as [string, ...string[]]).optional(),
      from: queryTime().optional().describe('created at or after'),
      to: queryTime().optional().describe('created before'),
    }),
    response: page(chargeSchema).extend({ total_amount: money().describe('of every matching charge, USD') }),
    handler: async ({ ctx, brand, query }) => {
      const found = await listCharges(ctx.db, { brandId: brand.id, ...query });
      return {
        items: found.charges.map((c) => ({ ...c, currency: 'USD' as const })),
        total: found.count,
        total_amount: found.total_amount,
        offset: query.offset,
        limit: query.limit,
      };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/subscription',
    tag: 'billing',
    summary: "The brand's subscription: the live one (else the newest), its status and plan; null without one",
    response: z.object({
      subscription: z
        .object({
          id: z.number().int(),
          status: z.string(),
          gateway: z.string().nullable(),
          started_at: timestamp().nullable(),
          activated_at: timestamp().nullable(),
          trial_end_at: timestamp().nullable(),
          cancelled_at: timestamp().nullable(),
          last_billed_at: timestamp().nullable(),
          billing_email: z.string().nullable(),
          checkout_url: z.string().nullable().describe('a pending checkout the brand can still open'),
          current_period_end: timestamp().nullable(),
          requested_cap_usd: z.number().nullable().describe('Shopify: a raised usage cap waiting for approval'),
          plan: z
            .object({
              id: z.number().int(),
              name: z.string(),
              price: money().describe('per period, USD'),
              usage_charge_percentage: z.number().describe('share of each recovered sale charged'),
              frequency: z.string(),
              features: z.array(z.string()),
            })
            .nullable(),
        })
        .nullable(),
    }),
    handler: async ({ ctx, brand }) => ({ subscription: await brandSubscriptionView(ctx.db, brand.id) }),
  }),
];
