/**
 * The brand API's plan and billing writes against the local Stripe fake: the plans a brand may
 * choose, choosing one (a checkout), coming back (the sync says it is active), changing plan in
 * place, the billing portal, the usage cap refused for a card subscription, cancel; members are
 * refused with the reason; a usage charge names the order and the shopper it was recovered from.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlan } from '../../src/billing/index.ts';
import { addTenantMember, createUser } from '../factories/accounts.ts';
import { FakeStripe } from '../fakes/stripe/index.ts';
import { useBrandApi } from '../helpers/brand-api.ts';
import { seedWorld, type World } from '../helpers/brand-api-world.ts';
import { useTestDatabase } from '../helpers/db.ts';

const stripe = await FakeStripe.start();
const t = useTestDatabase();
const api = useBrandApi(t, { STRIPE_SECRET_KEY: stripe.apiKey, STRIPE_API_BASE_URL: stripe.baseUrl });
let world: World;
let admin: string;
let member: string;
let growth: number;
let scale: number;
const url = (path = '') => `/api/brands/${world.ids.brandId}${path}`;

beforeAll(async () => {
  world = await seedWorld(t.db, 'plan');
  // The world's own (local) subscription ended: the brand has no plan now.
  await t.db('subscriptions').where({ brand_id: world.ids.brandId }).update({ status: 'cancelled' });
  // Its store is no connected Shopify shop, so it pays by card (Stripe), as `billing subscribe` chooses.
  await t.db('brand_integrations').where({ brand_id: world.ids.brandId }).update({ status: 'disconnected' });
  // Its recovered order was recovered by the world's conversation.
  const charge = await t.db('subscription_charges').where({ brand_id: world.ids.brandId, type: 'usage' }).first();
  await t.db('order_conversations').insert({
    brand_id: world.ids.brandId,
    order_id: charge.order_id,
    conversation_id: world.ids.conversationId,
  });
  await t.db('contacts').where({ id: world.ids.contactId }).update({ given_name: 'Dana', family_name: 'Whitfield' });
  growth = (await createPlan(t.db, { name: 'Growth', price: 99, rate: 7, features: ['AI insights'] })).id;
  scale = (await createPlan(t.db, { name: 'Scale', price: 299, rate: 3 })).id;
  admin = await api.login(world.user.email);
  const someone = await createUser(t.db);
  await addTenantMember(t.db, { tenantId: world.ids.tenantId!, userId: someone.id, role: 'member' });
  member = await api.login(someone.email);
});
afterAll(async () => {
  await stripe.close();
});

describe('plans and choosing one', () => {
  it('lists the published plans with price, share and features, the gateway a choice goes through', async () => {
    const answer = await api.get(url('/plans'), admin);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.gateway).toBe('stripe');
    expect(body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: growth,
          name: 'Growth',
          price: '99.00',
          usage_charge_percentage: 7,
          features: ['AI insights'],
        }),
        expect.objectContaining({ id: scale, name: 'Scale', price: '299.00', usage_charge_percentage: 3 }),
      ]),
    );
    // The world's own custom plan is not in the catalogue.
    expect(body.items.map((p: { name: string }) => p.name)).not.toContain(`Plan ${world.tag}`);
    expect(body.uncharged).toEqual({ orders: 0, sales: '0.00' });
  });

  it('a member may not choose a plan: 403 with the reason', async () => {
    const answer = await api.post(url('/subscription'), member, { plan_id: growth, billing_email: 'ap@brand.example' });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().error.message).toBe('Only a brand admin can choose, change or cancel the plan.');
    expect(await t.db('subscriptions').where({ brand_id: world.ids.brandId, status: 'pending_setup' })).toEqual([]);
  });

  it('the billing e-mail is checked with the service message', async () => {
    const answer = await api.post(url('/subscription'), admin, { plan_id: growth });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.message).toBe('Billing Email is required');
  });

  it('choose Growth: a Stripe checkout; paid and back, the sync finds it active', async () => {
    const chosen = await api.post(url('/subscription'), admin, { plan_id: growth, billing_email: 'ap@brand.example' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const body = chosen.json();
    expect(body).toMatchObject({
      action: 'subscribed',
      plan_name: 'Growth',
      gateway: 'stripe',
      status: 'pending_setup',
    });
    expect(body.checkout_url).toMatch(new RegExp(`^${stripe.baseUrl}/c/pay/cs_`));
    const row = await t.db('subscriptions').where({ id: body.subscription_id }).first();
    expect(row.extra_data.return_url).toBe(
      `https://app.reclaim.test/b/${world.ids.brandId}/settings/plan?checkout=return`,
    );
    expect(row.extra_data.source).toBe('web-client');

    const pending = await api.get(url('/subscription'), admin);
    expect(pending.json().subscription).toMatchObject({ status: 'pending_setup', checkout_url: body.checkout_url });

    stripe.completeCheckout(row.extra_data.checkout_session_id);
    const synced = await api.post(url('/subscription/sync'), admin);
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().changes).toEqual([
      { subscription_id: body.subscription_id, from: 'pending_setup', to: 'active' },
    ]);
    const now = await api.get(url('/subscription'), admin);
    expect(now.json().subscription).toMatchObject({ status: 'active', checkout_url: null, plan: { name: 'Growth' } });
  });

  it('change to Scale: moved at Stripe in place, no checkout', async () => {
    const changed = await api.post(url('/subscription'), admin, { plan_id: scale });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      action: 'changed',
      plan_name: 'Scale',
      status: 'active',
      checkout_url: null,
    });
    const now = await api.get(url('/subscription'), admin);
    expect(now.json().subscription).toMatchObject({ status: 'active', plan: { name: 'Scale' } });
  });

  it('the billing portal answers a Stripe portal URL; the usage cap is Shopify only', async () => {
    const portal = await api.post(url('/billing-portal'), admin);
    expect(portal.statusCode, portal.body).toBe(200);
    expect(portal.json().url).toMatch(new RegExp(`^${stripe.baseUrl}/p/session/`));
    const cap = await api.post(url('/subscription/usage-cap'), admin, { amount_usd: 20000 });
    expect(cap.statusCode).toBe(400);
    expect(cap.json().error.message).toBe('Invalid payment gateway');
  });

  it('cancel: the subscription is cancelled; a member may not', async () => {
    expect((await api.call('DELETE', url('/subscription'), member)).statusCode).toBe(403);
    const cancelled = await api.call('DELETE', url('/subscription'), admin);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', was: 'active' });
    const now = await api.get(url('/subscription'), admin);
    expect(now.json().subscription.status).toBe('cancelled');
  });
});

describe('charges in words', () => {
  it('a usage charge carries the order and the conversation with the shopper it was recovered by', async () => {
    const answer = await api.get(url('/charges?limit=100'), admin);
    const usage = answer
      .json()
      .items.find((c: { type: string; description: string }) => c.description === `Charge ${world.tag}`);
    expect(usage.order).toEqual(expect.objectContaining({ total: expect.stringMatching(/^\d+\.\d{2}$/) }));
    expect(usage.conversation).toEqual({ id: world.ids.conversationId, shopper_name: 'Dana Whitfield' });
  });
});
