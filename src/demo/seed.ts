/**
 * `reclaim db seed --demo` and the first `reclaim start`: the demo data set in one transaction.
 *
 * Two brands (fixtures/demo/brands.json): Northwind Outfitters, a checkout flow with a holdout
 * group, a post-purchase flow and a draft; Harbor & Pine Goods, a cart flow, managed by a partner.
 * Each gets 30 days of history ending now, told by the story (story/): shoppers, carts and
 * checkouts in every state, the workflows' outcomes, conversations with sent, delivered, failed
 * and held texts, clicks, questions and agents' answers, HELP and STOP, and orders. The worker is
 * taken to have stopped 150 minutes ago, so the newest checkouts and carts are candidates the
 * first run-candidates after seeding texts. Then the real code paths run over the rows: every
 * complete order is attributed (evidence ledger, recovered and billable orders), usage charges
 * are created by billing. Last come the people: the brand's member, a staff user, the partner's
 * member (with their demo passwords only in embedded mode), notifications, feedback,
 * escalations and knowledge-base cards; then the insights batch reads the shoppers' texts and
 * forms the brand's insights, as it would for a real brand.
 *
 * The demo is keyed by its brands' Shopify integrations: when they exist, nothing changes.
 */
import { SUGGESTED_DISCLOSURE, SUGGESTED_HOLDING_REPLY } from '../agent/index.ts';
import { hashPassword } from '../accounts/index.ts';
import { publicBaseUrl, type AppContext } from '../app/index.ts';
import { attributeOrder } from '../attribution/index.ts';
import { completeCharges, createPlan, createUsageCharges } from '../billing/index.ts';
import { withTransaction, type Tx } from '../db/index.ts';
import { localAnalyser, runInsightsBatch } from '../insights/index.ts';
import { extraRows, globalNotifications } from './extras.ts';
import { loadDemoFixtures, type BrandFixture, type DemoFixtures, type DemoUser } from './fixtures.ts';
import { storySpec } from './spec.ts';
import { buildStory, type BrandStory, type StoryClock, type UsedCodes } from './story/index.ts';
import { DAY_MS, MINUTE_MS } from './story/random.ts';
import {
  backdateAttribution,
  backdateUsageCharges,
  insertNotifications,
  insertSubscription,
  usageChargesBefore,
} from './store/after.ts';
import { ensureUser, insertActiveMember, insertBrandRows, insertPartner, type DemoPerson } from './store/brand.ts';
import { countRows, type DemoCounts } from './store/counts.ts';
import { ensureIntegration, findDemoBrandIds, hasPlans, insertRows, lockDemoSeed, planByName } from './store/rows.ts';
import { cancelOrders, writeShop, type BrandIds } from './store/shop.ts';
import { writeTalk } from './store/talk.ts';

export interface SeedResult {
  /** False when the demo was already there (nothing changed). */
  created: boolean;
  /** The first demo brand (Northwind Outfitters). */
  brandId: number;
  brandIds: number[];
  counts: DemoCounts;
}

export interface SeedOptions {
  /** The moment the history ends (default: now). */
  now?: Date;
  /**
   * Give the demo users their demo passwords (fixtures/demo/brands.json). Only for the embedded
   * (demo) database: on a server they get no password and set one through password recovery.
   */
  demoPasswords?: boolean;
}

/** The worker is taken to have stopped this long before the seed: newer work waits for it. */
export const WORKER_STOPPED_MINUTES_AGO = 150;
const BRAND_AGE_DAYS = 60;
const WORKFLOW_AGE_DAYS = 45;

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

const daysBefore = (now: Date, days: number): Date => new Date(now.getTime() - days * DAY_MS);

async function person(user: DemoUser, demoPasswords: boolean): Promise<DemoPerson> {
  return {
    email: user.email,
    given_name: user.given_name,
    family_name: user.family_name,
    password: demoPasswords ? await hashPassword(user.password) : null,
  };
}

interface Seeding {
  ctx: AppContext;
  tx: Tx;
  now: Date;
  clock: StoryClock;
  used: UsedCodes;
  linkBaseUrl: string;
  demoPasswords: boolean;
}

/** The brand's tenant, brand, Shopify link, discount rules and workflows. */
async function insertBrand(s: Seeding, fixture: BrandFixture): Promise<BrandIds & { tenantId: number }> {
  const { tx, now } = s;
  const integrationId = await ensureIntegration(tx, { ...fixture.integration, is_published: true });
  const workflowAt = daysBefore(now, WORKFLOW_AGE_DAYS);
  return insertBrandRows(tx, {
    tenant: fixture.tenant,
    brand: fixture.brand,
    integrationId,
    brandIntegration: {
      ...fixture.brand_integration,
      settings: { ...fixture.brand_integration.settings, installed_at: daysBefore(now, BRAND_AGE_DAYS).toISOString() },
    },
    workflows: fixture.workflows.map(({ role: _role, discount, ...w }) => ({
      ...w,
      message: JSON.stringify(w.message),
      created_at: workflowAt,
      updated_at: workflowAt,
      discount: discount && {
        type: discount.type,
        value: discount.value,
        duration: discount.duration,
        extra_data: {
          type: 'dynamic',
          code_prefix: discount.prefix,
          category: discount.type === 'shipping' ? 'shipping' : 'order',
        },
      },
    })),
    createdAt: daysBefore(now, BRAND_AGE_DAYS),
  });
}

/** The brand's member and the partner managing it; returns the member's id. */
async function insertPeople(s: Seeding, fixture: BrandFixture, tenantId: number): Promise<number | null> {
  const at = daysBefore(s.now, BRAND_AGE_DAYS - 1);
  let userId: number | null = null;
  if (fixture.user) {
    userId = await ensureUser(s.tx, await person(fixture.user, s.demoPasswords), { role: 'admin', created_at: at });
    await insertActiveMember(s.tx, 'tenant', { ownerId: tenantId, userId, at });
  }
  if (fixture.partner) {
    const partnerId = await insertPartner(s.tx, { ...fixture.partner, tenantIds: [tenantId], at });
    const member = await ensureUser(s.tx, await person(fixture.partner.user, s.demoPasswords), {
      role: 'partner',
      created_at: at,
    });
    await insertActiveMember(s.tx, 'partner', { ownerId: partnerId, userId: member, at });
  }
  return userId;
}

/**
 * Attribution decides every complete order as the order webhook would (each in a savepoint); a
 * refund after the decision is applied and decided again (history kept, no longer billable).
 */
async function attributeStory(s: Seeding, brandId: number, story: BrandStory, orderIds: number[]): Promise<void> {
  const ctx: AppContext = { ...s.ctx, db: s.tx, logger: s.ctx.logger.child({ demo: true }, { level: 'warn' }) };
  for (const [i, order] of story.orders.entries())
    if (order.state === 'complete' || order.cancelledAt) await attributeOrder(ctx, orderIds[i]!);
  const refunded = story.orders.flatMap((o, i) => (o.cancelledAt ? [{ id: orderIds[i]!, at: o.cancelledAt }] : []));
  await cancelOrders(s.tx, refunded);
  for (const { id } of refunded) await attributeOrder(ctx, id);
  await backdateAttribution(s.tx, brandId, s.now);
}

/**
 * The brand's subscription (none without a plan: its recovered orders stay billable) and the
 * usage charges billing creates for its billable orders; those of orders recovered before the
 * current period were invoiced with the renewal. Returns when the plan renews.
 */
async function bill(s: Seeding, fixture: BrandFixture, brandId: number): Promise<Date | null> {
  const plan = fixture.plan ? await planByName(s.tx, fixture.plan) : undefined;
  if (!fixture.plan || !plan) return null;
  const subscription = await insertSubscription(s.tx, {
    brandId,
    planId: plan.id,
    planName: fixture.plan,
    price: plan.price,
    billingEmail: fixture.tenant.email,
    activatedAt: daysBefore(s.now, WORKFLOW_AGE_DAYS),
    now: s.now,
  });
  await createUsageCharges(s.tx, { id: subscription.id, brand_id: brandId, plan_id: plan.id });
  await completeCharges(s.tx, await usageChargesBefore(s.tx, subscription.id, subscription.periodStart), {
    completed_by: 'renewal_invoice',
  });
  await backdateUsageCharges(s.tx, subscription.id, subscription.periodStart, s.now);
  return new Date(subscription.periodStart.getTime() + 30 * DAY_MS);
}

/** Days of shoppers' texts the insights batch reads at seeding: the demo's whole history. */
const DEMO_INSIGHT_DAYS = 31;

/** One brand: its rows, its people, its story, attribution and billing over it, the extras. */
async function seedBrand(s: Seeding, fixture: BrandFixture): Promise<number> {
  const { tx, now } = s;
  const ids = await insertBrand(s, fixture);
  const userId = await insertPeople(s, fixture, ids.tenantId);
  const story = buildStory(storySpec(fixture, s.linkBaseUrl), s.clock, s.used);
  const shop = await writeShop(tx, story, ids);
  const talk = await writeTalk(tx, story, { ...ids, ...shop, agentUserId: userId });
  await attributeStory(s, ids.brandId, story, shop.orders);
  const renewsAt = await bill(s, fixture, ids.brandId);

  const recovery = fixture.workflows.find((w) => w.role === 'recovery')!;
  const extras = extraRows({
    key: fixture.key,
    brandId: ids.brandId,
    tenantId: ids.tenantId,
    userId,
    recoveryWorkflowId: ids.workflows.get(recovery.name)!,
    planName: fixture.plan,
    renewsAt,
    timezone: fixture.brand.timezone,
    story,
    talk,
    now,
  });
  await insertNotifications(tx, extras.notifications);
  await insertRows(tx, 'conversation_feedback', extras.feedback);
  await insertRows(tx, 'conversation_escalations', extras.escalations);
  await insertRows(tx, 'kb_cards', extras.kbCards);
  // The shopper agent answers the demo's new questions from the published cards (docs/brands/agent.md).
  await insertRows(tx, 'agent_settings', [
    {
      brand_id: ids.brandId,
      mode: 'auto',
      disclosure: SUGGESTED_DISCLOSURE,
      holding_reply: SUGGESTED_HOLDING_REPLY,
    },
  ]);
  // The insights come from the shoppers' texts through the insights batch (the local analyser),
  // as they would for a brand: over the demo's 30 days.
  await runInsightsBatch(
    { ...s.ctx, db: tx, logger: s.ctx.logger.child({ demo: true }, { level: 'warn' }) },
    { brandId: ids.brandId, days: DEMO_INSIGHT_DAYS },
    { analyser: localAnalyser, now },
  );
  return ids.brandId;
}

async function seedAll(s: Seeding, fixtures: DemoFixtures): Promise<number[]> {
  await seedPlans(s.tx);
  const staffId = await ensureUser(s.tx, await person(fixtures.staff, s.demoPasswords), {
    role: 'admin',
    is_staff: true,
    created_at: daysBefore(s.now, BRAND_AGE_DAYS + 30),
  });
  const brandIds: number[] = [];
  for (const fixture of fixtures.brands) brandIds.push(await seedBrand(s, fixture));
  const partnered = fixtures.brands.flatMap((b) =>
    b.partner ? [{ brand: b.brand.name, partner: b.partner.name }] : [],
  );
  await insertNotifications(s.tx, globalNotifications(s.now, staffId, partnered));
  return brandIds;
}

/** Loads the demo (see the file comment); a second call changes nothing. */
export async function seedDemo(
  ctx: AppContext,
  { now = new Date(), demoPasswords = false }: SeedOptions = {},
): Promise<SeedResult> {
  const fixtures = await loadDemoFixtures();
  const lookups = fixtures.brands.map((b) => b.brand_integration.lookup_id);
  return withTransaction(ctx.db, async (tx) => {
    await lockDemoSeed(tx);
    const existing = await findDemoBrandIds(tx, lookups);
    const created = existing.length === 0;
    const brandIds = created
      ? await seedAll(
          {
            ctx,
            tx,
            now,
            clock: { now, stopAt: new Date(now.getTime() - WORKER_STOPPED_MINUTES_AGO * MINUTE_MS) },
            used: { shortCodes: new Set(), discountCodes: new Set() },
            linkBaseUrl: publicBaseUrl(ctx.config),
            demoPasswords,
          },
          fixtures,
        )
      : existing;
    return { created, brandId: brandIds[0]!, brandIds, counts: await countRows(tx, brandIds) };
  });
}
