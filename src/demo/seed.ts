import { createPlan } from '../billing/index.ts';
import { withTransaction, type Db, type Tx } from '../db/index.ts';
import { loadDemoFixtures, type DemoFixtures } from './fixtures.ts';
import {
  countRows,
  ensureIntegration,
  findDemoBrandId,
  hasPlans,
  insertBrand,
  insertBrandIntegration,
  insertCarts,
  insertChannels,
  insertConsentEvents,
  insertContacts,
  insertConversation,
  insertDiscountRule,
  insertMessages,
  insertOrders,
  insertTenant,
  insertWorkflow,
  lockDemoSeed,
  type DemoCounts,
  type IdMap,
} from './store.ts';

export interface SeedResult {
  /** False when the demo was already there (nothing changed). */
  created: boolean;
  brandId: number;
  counts: DemoCounts;
}

const CONSENT_SOURCE = 'demo_seed';
const minutesBefore = (now: Date, minutes: number): Date => new Date(now.getTime() - minutes * 60_000);

async function seedBrand(tx: Tx, fixtures: DemoFixtures): Promise<{ brandId: number; integrationId: number }> {
  const { tenant, brand, integration, brand_integration } = fixtures.brand;
  const tenantId = await insertTenant(tx, tenant);
  const brandId = await insertBrand(tx, { ...brand, tenant_id: tenantId });
  const shopifyId = await ensureIntegration(tx, { ...integration, is_published: true });
  const integrationId = await insertBrandIntegration(tx, {
    ...brand_integration,
    brand_id: brandId,
    integration_id: shopifyId,
    settings: { ...brand_integration.settings, installed_at: new Date().toISOString() },
  });
  return { brandId, integrationId };
}

async function seedWorkflows(tx: Tx, fixtures: DemoFixtures, brandId: number, integrationId: number): Promise<IdMap> {
  const ids: IdMap = new Map();
  for (const { discount, ...workflow } of fixtures.workflows) {
    let discountRuleId: number | null = null;
    if (discount) {
      discountRuleId = await insertDiscountRule(tx, {
        brand_id: brandId,
        ...discount,
        extra_data: { type: 'dynamic', code_prefix: 'LR-', category: 'order' },
      });
    }
    const workflowId = await insertWorkflow(tx, {
      ...workflow,
      message: JSON.stringify(workflow.message),
      brand_id: brandId,
      brand_integration_id: integrationId,
      discount_rule_id: discountRuleId,
    });
    ids.set(workflow.name, workflowId);
  }
  return ids;
}

async function seedContacts(
  tx: Tx,
  fixtures: DemoFixtures,
  brandId: number,
  now: Date,
): Promise<{ contacts: IdMap; smsChannels: IdMap }> {
  const contacts = await insertContacts(
    tx,
    fixtures.contacts.map((c) => ({
      brand_id: brandId,
      external_id: c.external_id,
      given_name: c.given_name,
      family_name: c.family_name,
      source: 'shopify',
      buyer_accepts_sms_marketing: c.buyer_accepts_sms_marketing,
      extra_data: { group_name: c.group_name },
    })),
  );
  const channelRows = fixtures.contacts.flatMap((c) => [
    {
      brand_id: brandId,
      contact_id: contacts.get(c.external_id),
      type: 'sms',
      username: c.phone,
      status: c.sms_status,
      compliance_type: c.sms_status === 'subscribed' ? 'p2p' : 'na',
      consent_source: CONSENT_SOURCE,
      consented_at: c.sms_status === 'subscribed' ? now : null,
      extra_data: { source: 'customer', ...(c.timezone ? { timezone: c.timezone } : {}) },
    },
    {
      brand_id: brandId,
      contact_id: contacts.get(c.external_id),
      type: 'email',
      username: c.email,
      status: 'subscribed',
      compliance_type: 'a2p',
      consent_source: CONSENT_SOURCE,
      consented_at: now,
      extra_data: { source: 'customer' },
    },
  ]);
  const channels = await insertChannels(tx, channelRows);
  const consent = channelRows.map((row) => ({
    brand_id: brandId,
    contact_channel_id: channels.get(row.username),
    username: row.username,
    status: row.status,
    source: CONSENT_SOURCE,
    recorded_at: now,
  }));
  await insertConsentEvents(tx, consent);
  const smsChannels: IdMap = new Map(fixtures.contacts.map((c) => [c.external_id, channels.get(c.phone)!]));
  return { contacts, smsChannels };
}

async function seedCartsAndOrders(
  tx: Tx,
  fixtures: DemoFixtures,
  ids: { brandId: number; integrationId: number; contacts: IdMap },
  now: Date,
): Promise<IdMap> {
  const carts = await insertCarts(
    tx,
    fixtures.carts.map((cart) => {
      const at = minutesBefore(now, cart.minutes_ago);
      return {
        brand_id: ids.brandId,
        brand_integration_id: ids.integrationId,
        external_id: cart.external_id,
        contact_id: cart.contact ? ids.contacts.get(cart.contact) : null,
        state: cart.state,
        total: cart.total,
        extra_data: {
          from_webhook: true,
          abandoned_checkout_url: `https://northwind-outfitters.com/checkouts/cn/${cart.external_id}`,
        },
        data: { line_items: cart.line_items },
        created_at: at,
        updated_at: at,
        remote_updated_at: at,
      };
    }),
  );
  const orderRows = fixtures.orders.map((order) => {
    const at = minutesBefore(now, order.minutes_ago);
    return {
      brand_id: ids.brandId,
      brand_integration_id: ids.integrationId,
      external_id: order.external_id,
      number: order.number,
      contact_id: ids.contacts.get(order.contact),
      cart_id: order.cart ? carts.get(order.cart) : null,
      state: order.state,
      total: order.total,
      created_at: at,
      updated_at: at,
      remote_updated_at: at,
    };
  });
  await insertOrders(tx, orderRows);
  return carts;
}

async function seedConversations(
  tx: Tx,
  fixtures: DemoFixtures,
  ids: { brandId: number; carts: IdMap; workflows: IdMap; smsChannels: IdMap; contacts: IdMap },
  now: Date,
): Promise<void> {
  const cartContacts = new Map(fixtures.carts.map((cart) => [cart.external_id, cart.contact]));
  for (const conversation of fixtures.conversations) {
    const contact = cartContacts.get(conversation.cart);
    const started = minutesBefore(now, Math.max(...conversation.messages.map((m) => m.minutes_ago)));
    const conversationId = await insertConversation(tx, {
      brand_id: ids.brandId,
      workflow_id: ids.workflows.get(conversation.workflow),
      contact_id: contact ? ids.contacts.get(contact) : null,
      contact_channel_id: contact ? ids.smsChannels.get(contact) : null,
      cart_id: ids.carts.get(conversation.cart),
      is_hidden: conversation.is_hidden,
      created_at: started,
      updated_at: started,
    });
    await insertMessages(
      tx,
      conversation.messages.map((message) => {
        const at = minutesBefore(now, message.minutes_ago);
        const sent = message.status === 'sent' || message.status === 'received';
        return {
          brand_id: ids.brandId,
          conversation_id: conversationId,
          body: message.body,
          direction: message.direction,
          status: message.status,
          scheduled_for: message.direction === 'outgoing' ? at : null,
          sent_at: sent ? at : null,
          provider: message.direction === 'outgoing' ? 'outbox' : null,
          is_marketing: message.direction === 'outgoing',
          created_at: at,
          updated_at: at,
        };
      }),
    );
  }
}

/** Published plans for a fresh install (only when there are no plans at all). */
export const DEMO_PLANS = [
  {
    name: 'Starter',
    price: 49,
    rate: 10,
    features: ['Abandoned cart and checkout recovery', 'Two-way texting', 'Opt-out handling and quiet hours'],
  },
  {
    name: 'Growth',
    price: 149,
    rate: 7,
    features: [
      'Everything in Starter',
      'Post-purchase upsell and replenishment flows',
      'AI insights from conversations',
    ],
  },
  {
    name: 'Scale',
    price: 399,
    rate: 5,
    features: ['Everything in Growth', 'Dedicated 10DLC number', 'Slack and Klaviyo links'],
  },
] as const;

async function seedPlans(tx: Tx): Promise<void> {
  if (await hasPlans(tx)) return;
  for (const plan of DEMO_PLANS) await createPlan(tx, { ...plan, features: [...plan.features] });
}

/**
 * Loads the deterministic demo (fixtures/demo/) in one transaction. The demo is keyed by its
 * Shopify integration (northwind-outfitters.myshopify.com): when that exists, nothing changes.
 */
export async function seedDemo(db: Db, { now = new Date() }: { now?: Date } = {}): Promise<SeedResult> {
  const fixtures = await loadDemoFixtures();
  const lookupId = fixtures.brand.brand_integration.lookup_id;
  return withTransaction(db, async (tx) => {
    await lockDemoSeed(tx);
    const existing = await findDemoBrandId(tx, lookupId);
    if (existing !== undefined) return { created: false, brandId: existing, counts: await countRows(tx, [existing]) };
    await seedPlans(tx);
    const { brandId, integrationId } = await seedBrand(tx, fixtures);
    const workflows = await seedWorkflows(tx, fixtures, brandId, integrationId);
    const { contacts, smsChannels } = await seedContacts(tx, fixtures, brandId, now);
    const carts = await seedCartsAndOrders(tx, fixtures, { brandId, integrationId, contacts }, now);
    await seedConversations(tx, fixtures, { brandId, carts, workflows, smsChannels, contacts }, now);
    return { created: true, brandId, counts: await countRows(tx, [brandId]) };
  });
}
