/**
 * The brand API's billing writes and the plans a brand may choose (PANEL.md, settings/plan): the
 * same services as `reclaim billing subscribe | change-plan | cancel | portal | raise-cap | sync`.
 * Choosing a plan subscribes (the gateway as `billing subscribe` chooses it: the brand's Shopify
 * store, else Stripe) or, with a live subscription, changes its plan; the brand confirms at the
 * gateway's page and comes back to `/b/:id/settings/plan?checkout=return`, whose page syncs the
 * brand's subscription with its gateway and says what happened. Every write is a brand admin's.
 */
import { z } from 'zod';
import { requireBrandAdmin } from '../accounts/index.ts';
import { publicBaseUrl, type AppContext } from '../app/index.ts';
import { defineRoute, money, type ApiRoute } from '../http/index.ts';
import { billingPortalUrl } from './portal.ts';
import { cancelBrandSubscription, changePlan } from './lifecycle.ts';
import { listPlans } from './plans.ts';
import { LIVE_STATUSES } from './rules.ts';
import { unchargedOrders } from './store/charges.ts';
import { brandSubscriptions } from './store/subscriptions.ts';
import { chooseGateway, subscribe } from './subscribe.ts';
import { billingSync } from './sync.ts';
import { raiseUsageCap } from './usage-cap.ts';

/** Where the gateway sends the brand back: the plan page, which syncs and says what happened. */
export const planReturnUrl = (ctx: AppContext, brandId: number): string =>
  `${publicBaseUrl(ctx.config)}/b/${brandId}/settings/plan?checkout=return`;

const planSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  price: money().describe('per month, USD'),
  usage_charge_percentage: z.number().describe('share of each recovered sale charged, in percent'),
  frequency: z.string(),
  features: z.array(z.string()),
  custom: z.boolean().describe('a plan made for this brand'),
});

const choiceSchema = z.object({
  action: z.enum(['subscribed', 'changed']),
  subscription_id: z.number().int(),
  plan_name: z.string(),
  gateway: z.enum(['stripe', 'shopify']),
  status: z.string(),
  checkout_url: z.string().nullable().describe('where the brand confirms; null when the change is already done'),
  discount_amount: z.number().describe('USD off the first month'),
  reused: z.boolean().describe('an open checkout for the same plan was returned'),
});

export const billingManageApi: ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: '/api/brands/:brandId/plans',
    tag: 'billing',
    summary: 'The plans this brand may choose, the gateway a choice goes through, and what waits to be charged',
    response: z.object({
      items: z.array(planSchema),
      gateway: z
        .enum(['stripe', 'shopify'])
        .describe('Shopify app billing with a connected Shopify store, else Stripe'),
      uncharged: z
        .object({ orders: z.number().int(), sales: money() })
        .describe("recovered orders with no usage charge yet: charged at the plan's share once a plan runs"),
    }),
    handler: async ({ ctx, caller, brand }) => {
      const plans = (await listPlans(ctx.db, { userId: caller.userId })).filter(
        (p) => p.status === 'published' || p.status === 'custom',
      );
      const uncharged = await unchargedOrders(ctx.db, brand.id);
      return {
        items: plans.map((p) => ({
          id: p.id,
          name: p.name,
          description: p.description,
          price: p.price,
          usage_charge_percentage: Number(p.usage_charge_percentage),
          frequency: p.frequency,
          features: p.features,
          custom: p.status === 'custom',
        })),
        gateway: await chooseGateway(ctx, brand.id, null),
        uncharged: { orders: uncharged.count, sales: uncharged.total },
      };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/brands/:brandId/subscription',
    tag: 'billing',
    summary: 'Choose a plan: subscribe (a checkout to confirm) or, with a live subscription, change its plan',
    body: z.object({
      plan_id: z.number().int().positive(),
      billing_email: z.string().max(254).optional().describe('where invoices go (Stripe); default: the current one'),
    }),
    response: choiceSchema,
    handler: async ({ ctx, caller, brand, body }) => {
      await requireBrandAdmin(ctx.db, caller, brand.tenant_id, 'billing.manage');
      const returnUrl = planReturnUrl(ctx, brand.id);
      const live = (await brandSubscriptions(ctx.db, brand.id, LIVE_STATUSES))[0];
      if (live) {
        const changed = await changePlan(ctx, {
          subscriptionId: live.id,
          brandId: brand.id,
          planId: body.plan_id,
          billingEmail: body.billing_email || live.billing_email,
          returnUrl,
        });
        const s = changed.subscription;
        // Moved in place at Stripe: read it back now, so the new row is live before the answer.
        if (changed.path === 'updated') await billingSync(ctx, { brandId: brand.id });
        const status =
          changed.path === 'updated'
            ? ((await brandSubscriptions(ctx.db, brand.id)).find((x) => x.id === s.subscription_id)?.status ?? s.status)
            : s.status;
        return {
          action: 'changed' as const,
          subscription_id: s.subscription_id,
          plan_name: s.plan_name,
          gateway: s.gateway,
          status,
          checkout_url: changed.path === 'updated' ? null : s.checkout_url,
          discount_amount: s.discount_amount,
          reused: s.reused,
        };
      }
      const s = await subscribe(ctx, {
        brandId: brand.id,
        planId: body.plan_id,
        billingEmail: body.billing_email,
        source: 'web-client',
        returnUrl,
      });
      return {
        action: 'subscribed' as const,
        subscription_id: s.subscription_id,
        plan_name: s.plan_name,
        gateway: s.gateway,
        status: s.status,
        checkout_url: s.checkout_url,
        discount_amount: s.discount_amount,
        reused: s.reused,
      };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/brands/:brandId/subscription/sync',
    tag: 'billing',
    summary: "Reads the brand's subscriptions from their gateway now (after a checkout) and answers what changed",
    response: z.object({
      changes: z.array(z.object({ subscription_id: z.number().int(), from: z.string(), to: z.string() })),
      errors: z.array(z.string()).describe("the gateway's refusals, in its words"),
    }),
    handler: async ({ ctx, caller, brand }) => {
      await requireBrandAdmin(ctx.db, caller, brand.tenant_id, 'billing.manage');
      const result = await billingSync(ctx, { brandId: brand.id });
      const mine = result.brands.find((b) => b.brand_id === brand.id);
      return {
        changes: (mine?.subscriptions ?? [])
          .filter((s) => s.from !== s.to)
          .map((s) => ({ subscription_id: s.subscription_id, from: s.from, to: s.to })),
        errors: (mine?.errors ?? []).map(String),
      };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/brands/:brandId/billing-portal',
    tag: 'billing',
    summary: "A Stripe billing portal session for the brand's customer (cards, invoices, billing address)",
    response: z.object({ url: z.string() }),
    handler: async ({ ctx, caller, brand }) => {
      await requireBrandAdmin(ctx.db, caller, brand.tenant_id, 'billing.manage');
      return {
        url: await billingPortalUrl(ctx, {
          brandId: brand.id,
          returnUrl: `${publicBaseUrl(ctx.config)}/b/${brand.id}/settings/plan`,
        }),
      };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/brands/:brandId/subscription/usage-cap',
    tag: 'billing',
    summary: 'Asks Shopify for a higher usage cap; the merchant approves it at the confirmation URL',
    body: z.object({ amount_usd: z.number().positive() }),
    response: z.object({
      current_cap_usd: z.number(),
      requested_cap_usd: z.number(),
      confirmation_url: z.string().nullable(),
    }),
    handler: async ({ ctx, caller, brand, body }) => {
      await requireBrandAdmin(ctx.db, caller, brand.tenant_id, 'billing.manage');
      const result = await raiseUsageCap(ctx, { brandId: brand.id, amountUsd: body.amount_usd });
      return {
        current_cap_usd: result.current_cap_usd,
        requested_cap_usd: result.requested_cap_usd,
        confirmation_url: result.confirmation_url,
      };
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/brands/:brandId/subscription',
    tag: 'billing',
    summary: "Cancels the brand's subscription (the live one, else the pending checkout) at its gateway",
    response: z.object({ subscription_id: z.number().int(), status: z.string(), was: z.string() }),
    handler: async ({ ctx, caller, brand }) => {
      await requireBrandAdmin(ctx.db, caller, brand.tenant_id, 'billing.manage');
      const result = await cancelBrandSubscription(ctx, { brandId: brand.id, reason: 'requested_in_panel' });
      return { subscription_id: result.subscription_id, status: result.status, was: result.from };
    },
  }),
];
