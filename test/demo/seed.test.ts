import { beforeAll, describe, expect, it } from 'vitest';
import { accountsApi, API_GUARD } from '../../src/accounts/index.ts';
import type { AppContext } from '../../src/app/index.ts';
import { explainOrder, liftStats, recoveredStats, defaultPeriod } from '../../src/attribution/index.ts';
import { demoLogins, demoOverview, loadDemoFixtures, seedDemo, type SeedResult } from '../../src/demo/index.ts';
import { sendDueMessages } from '../../src/messaging/index.ts';
import { INSIGHT_CATEGORIES, INSIGHT_TAGS, localAnalyser, runInsightsBatch } from '../../src/insights/index.ts';
import { runCandidates } from '../../src/workflows/index.ts';
import { useTestDatabase } from '../helpers/db.ts';
import { apiRoutes } from '../../src/http/index.ts';
import { listenHttp } from '../helpers/listening-server.ts';

const t = useTestDatabase();
let ctx: AppContext;
let first: SeedResult;

const COUNTS = { brands: 2, workflows: 4, contacts: 521, carts: 673, orders: 317, conversations: 351 };
const TABLES = [
  'tenants', 'users', 'tenant_users', 'partners', 'partner_users', 'partner_tenants', 'brand_integrations',
  'discount_rules', 'workflows', 'contacts', 'contact_channels', 'channel_consent_events', 'carts', 'checkouts',
  'orders', 'flow_events', 'workflow_goal_state_change_events', 'conversations', 'conversation_messages',
  'discount_codes', 'short_links', 'link_clicks', 'attribution_evidence', 'order_conversations', 'workflow_goals',
  'subscriptions', 'subscription_charges', 'notifications', 'user_notifications', 'conversation_feedback',
  'conversation_escalations', 'kb_cards', 'brand_insights', 'conversation_message_insights', 'plans',
] as const; // prettier-ignore

async function rowCounts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) out[table] = Number((await t.db(table).count<{ n: string }[]>({ n: '*' }))[0]!.n);
  return out;
}

const many = async (sql: string, bindings: unknown[] = []) =>
  (await t.db.raw<{ rows: Record<string, unknown>[] }>(sql, bindings as never[])).rows;

beforeAll(async () => {
  ctx = await t.context();
  const began = performance.now();
  first = await seedDemo(ctx, { demoPasswords: true });
  // Not a timed test: the figure is for the README (the embedded database is measured by hand).
  console.info(`demo seed: ${Math.round(performance.now() - began)} ms`);
});

describe('a demo that tells the whole story', () => {
  it('loads the demo once, in fixed counts; a second run changes nothing', async () => {
    expect(first.created).toBe(true);
    expect(first.counts).toEqual(COUNTS);
    const before = await rowCounts();
    const second = await seedDemo(ctx, { demoPasswords: true });
    expect(second).toEqual({ ...first, created: false });
    expect(await rowCounts()).toEqual(before);
    const plans = await t.db('plans').orderBy('price').select('name', 'price', 'usage_charge_percentage', 'status');
    expect(plans.map((p) => [p.name, p.price, Number(p.usage_charge_percentage), p.status])).toEqual([
      ['Starter', 49, 10, 'published'],
      ['Growth', 149, 7, 'published'],
      ['Scale', 399, 5, 'published'],
    ]);
  });

  it('is Northwind Outfitters on a connected Shopify shop with its workflows, and a partner-managed second brand', async () => {
    const [northwind, harbor] = first.brandIds;
    expect(await t.db('brands').orderBy('id').pluck('name')).toEqual(['Northwind Outfitters', 'Harbor & Pine Goods']);
    const workflows = await t.db('workflows').orderBy('id').select('brand_id', 'name', 'type', 'status', 'is_paused');
    expect(workflows.map((w) => [Number(w.brand_id), w.name, w.type, w.status, w.is_paused])).toEqual([
      [northwind, 'Abandoned Cart', 'checkout', 'active', false],
      [northwind, 'Post Purchase', 'order', 'active', false],
      [northwind, 'Replenishment', 'order', 'draft', true],
      [harbor, 'Cart Reminder', 'cart', 'active', false],
    ]);
    const partner = await many(
      `select p.name, p.state, b.name as brand, pu.state as member, u.role
         from partners p join partner_tenants pt on pt.partner_id = p.id join brands b on b.tenant_id = pt.tenant_id
         join partner_users pu on pu.partner_id = p.id join users u on u.id = pu.user_id`,
    );
    expect(partner).toEqual([
      {
        name: 'Summit Commerce Partners',
        state: 'active',
        brand: 'Harbor & Pine Goods',
        member: 'active',
        role: 'partner',
      },
    ]);
  });

  it('has carts and checkouts in every state', async () => {
    const overview = await demoOverview(t.db);
    expect(Object.keys(overview.carts_by_state).sort()).toEqual([
      'abandoned',
      'complete',
      'empty',
      'no_identity',
      'pending',
    ]);
    expect(Object.keys(overview.checkouts_by_state).sort()).toEqual([
      'abandoned',
      'complete',
      'no_identity',
      'pending',
      'recovered',
    ]);
  });

  it('has conversations with sent, delivered, failed and held texts, clicks, questions, HELP and STOP', async () => {
    const statuses = (await many(`select distinct status from conversation_messages`)).map((r) => r.status);
    expect(statuses).toEqual(expect.arrayContaining(['sent', 'delivered', 'undelivered', 'failed', 'received']));
    // Held for quiet hours: a hold recorded by the send job (some still waiting, depending on the hour).
    const [held] = await many(
      `select count(*)::int as n from conversation_messages where jsonb_exists(extra_data, 'hold')`,
    );
    expect(held!.n).toBeGreaterThan(20);
    const [clicks] = await many(`select count(*)::int as n from link_clicks`);
    expect(clicks!.n).toBeGreaterThan(20);
    const [answers] = await many(
      `select count(*)::int as n from conversation_messages m join users u on u.id = m.user_id
        where m.direction = 'outgoing' and not m.is_marketing and m.extra_data->>'agent_reply' = 'true'`,
    );
    expect(answers!.n).toBeGreaterThan(5);
    // STOP: answered once, the channel unsubscribed and the opt-out in the consent ledger; HELP answered.
    const stops = await many(
      `select m.conversation_id, ch.status, (select count(*)::int from channel_consent_events e where e.contact_channel_id = ch.id and e.source = 'sms_keyword:STOP') as ledger
         from conversation_messages m join conversations c on c.id = m.conversation_id join contact_channels ch on ch.id = c.contact_channel_id
        where m.extra_data->>'action' = 'opt_out'`,
    );
    expect(stops.length).toBeGreaterThan(3);
    for (const stop of stops) expect(stop).toMatchObject({ status: 'unsubscribed', ledger: 1 });
    const [help] = await many(
      `select count(*)::int as n from conversation_messages m where m.extra_data->>'action' = 'help'
          and exists (select 1 from conversation_messages r where r.conversation_id = m.conversation_id and r.body like '%For help, contact%')`,
    );
    expect(help!.n).toBeGreaterThan(0);
  });

  it('has recovered and billable orders whose evidence is what attribution found, and a holdout that shows lift', async () => {
    const brandId = first.brandId;
    const recovered = await recoveredStats(t.db, { brandId, ...defaultPeriod() });
    expect(recovered.recovered_orders).toBeGreaterThan(20);
    expect(Number(recovered.recovered_sales)).toBeGreaterThan(0);
    const lift = await liftStats(t.db, { brandId, ...defaultPeriod() });
    expect(lift.texted.carts).toBeGreaterThan(100);
    expect(lift.held_out.carts).toBeGreaterThan(30);
    expect(lift.texted.rate!).toBeGreaterThan(lift.held_out.rate!);
    // Every complete order was decided (one ledger row each); a recovered one shows what counted.
    const [decided] = await many(
      `select count(*) filter (where e.id is null)::int as undecided from orders o left join attribution_evidence e on e.order_id = o.id where o.state = 'complete'`,
    );
    expect(decided!.undecided).toBe(0);
    const order = await t
      .db('orders')
      .where({ brand_id: brandId })
      .whereNotNull('recovered_at')
      .orderBy('id')
      .first('id');
    const explained = await explainOrder(t.db, { orderId: Number(order.id) });
    expect(explained.billed).toBe(true);
    expect(explained.decision!.items.some((i) => i.counted)).toBe(true);
    // Recovered when the order was placed (a minute later), not when the seed ran.
    const [late] = await many(
      `select count(*)::int as n from orders where recovered_at is not null and recovered_at > created_at + interval '2 minutes'`,
    );
    expect(late!.n).toBe(0);
  });

  it('bills the recovered orders: usage charges, the older ones invoiced with the renewal, refunds not billed', async () => {
    const [northwind, harbor] = first.brandIds;
    const charges = await many(
      `select type, status, count(*)::int as n from subscription_charges where brand_id = ? group by 1, 2 order by 1, 2`,
      [northwind],
    );
    expect(charges.map((c) => `${c.type}:${c.status}`)).toEqual([
      'recurring:complete',
      'usage:complete',
      'usage:queued',
    ]);
    const [subscription] = await many(`select status, external_id from subscriptions where brand_id = ?`, [northwind]);
    expect(subscription).toEqual({ status: 'active', external_id: null });
    const billing = async (brandId: number) =>
      (
        await many(
          `select distinct billing_status from orders where brand_id = ? and billing_status is not null order by 1`,
          [brandId],
        )
      ).map((r) => r.billing_status);
    expect(await billing(northwind!)).toEqual(['complete', 'not_billable', 'processing']);
    // Harbor & Pine has no plan yet: its recovered orders wait, billable.
    const harborBilling = await billing(harbor!);
    expect(harborBilling).toContain('billable');
    expect(harborBilling).not.toContain('processing');
    const refunded = await t
      .db('orders')
      .where({ brand_id: northwind, billing_status: 'not_billable' })
      .first('id', 'state');
    expect(refunded.state).toBe('cancelled');
    const explained = await explainOrder(t.db, { orderId: Number(refunded.id) });
    expect(explained.billed).toBe(false);
    expect(explained.decision!.billing_note).toContain('cancelled after attribution');
  });

  it('has notifications, feedback, escalations, KB cards and insights', async () => {
    const notifications = await many(
      `select case when n.user_id is not null then 'user' when n.tenant_id is not null then 'tenant' else 'global' end as audience,
              count(*)::int as n, count(un.id)::int as read
         from notifications n left join user_notifications un on un.notification_id = n.id group by 1 order by 1`,
    );
    expect(notifications.map((n) => n.audience)).toEqual(['global', 'tenant', 'user']);
    expect(notifications.reduce((sum, n) => sum + Number(n.read), 0)).toBeGreaterThan(0);
    const [feedback] = await many(`select count(*)::int as n from conversation_feedback`);
    expect(feedback!.n).toBeGreaterThan(2);
    const [escalations] = await many(
      `select count(*)::int as n, bool_or(is_added_kb) as added from conversation_escalations`,
    );
    expect(escalations).toMatchObject({ n: 3, added: true });
    const cards = await many(`select distinct status, source from kb_cards where brand_id = ? order by 1, 2`, [
      first.brandId,
    ]);
    expect(new Set(cards.map((c) => c.status))).toEqual(new Set(['published', 'unpublished', 'draft']));
    expect(new Set(cards.map((c) => c.source))).toEqual(new Set(['manual', 'flow', 'escalation', 'import']));
    const [flowCard] = await many(
      `select w.name from kb_cards k join workflows w on w.id = k.flow_id where k.source = 'flow' and k.brand_id = ?`,
      [first.brandId],
    );
    expect(flowCard).toEqual({ name: 'Abandoned Cart' });
  });

  it('lets the demo users sign in with the demo passwords', async () => {
    const fixtures = await loadDemoFixtures();
    const logins = await demoLogins(t.db);
    expect(logins.map((l) => [l.app, l.email])).toEqual([
      ['brand', fixtures.brands[0]!.user!.email],
      ['admin', fixtures.staff.email],
      ['admin', fixtures.brands[1]!.partner!.user.email],
    ]);
    const server = await listenHttp(ctx, [apiRoutes({ routes: accountsApi, guard: API_GUARD })]);
    try {
      for (const login of logins) {
        const answer = await server.post('/api/auth/login', {
          email: login.email,
          password: login.password,
          app: login.app,
        });
        expect(answer.status, login.email).toBe(200);
      }
      const brandUser = logins[0]!;
      expect(
        (await server.post('/api/auth/login', { email: brandUser.email, password: 'not-the-password' })).status,
      ).toBe(401);
    } finally {
      await server.close();
    }
  });

  it('starts conversations from the Abandoned Cart workflow on the first run-candidates', async () => {
    const result = await runCandidates(ctx);
    const abandonedCart = result.workflows.find((w) => w.name === 'Abandoned Cart')!;
    expect(abandonedCart.outcomes.started).toBeGreaterThanOrEqual(1);
    expect(abandonedCart.outcomes.holdout).toBeGreaterThanOrEqual(1);
    const cartReminder = result.workflows.find((w) => w.name === 'Cart Reminder')!;
    expect(cartReminder.outcomes.started).toBeGreaterThanOrEqual(1);
  });
});

describe('on a server database the demo users get no password', () => {
  const server = useTestDatabase();
  let serverCtx: AppContext;
  beforeAll(async () => {
    serverCtx = await server.context();
    await seedDemo(serverCtx);
  });

  it('has the users without passwords, so there is nothing to print and no known password to sign in with', async () => {
    expect(await demoLogins(server.db)).toEqual([]);
    const fixtures = await loadDemoFixtures();
    const user = await server
      .db('users')
      .whereRaw('lower(email) = ?', [fixtures.staff.email])
      .first('password', 'is_staff');
    expect(user).toEqual({ password: null, is_staff: true });
  });
});

describe('in the brand’s daytime the new conversations are texted at once', () => {
  const day = useTestDatabase();
  // 19:00 UTC: 11:00 in Los Angeles, 14:00 in New York, inside every mainland shopper's 8:00-21:00.
  const now = new Date('2026-03-04T19:00:00Z');

  it('starts conversations on the first run-candidates and sends their texts to the outbox', async () => {
    const dayCtx = await day.context();
    await seedDemo(dayCtx, { now });
    const run = await runCandidates(dayCtx, { now: new Date(now.getTime() + 60_000) });
    expect(run.workflows.find((w) => w.name === 'Abandoned Cart')!.outcomes.started).toBeGreaterThanOrEqual(1);
    const sent = await sendDueMessages(dayCtx, { now: new Date(now.getTime() + 90_000) });
    expect(sent.sent).toBeGreaterThanOrEqual(run.started);
    const outbox = await day
      .db('conversation_messages')
      .whereIn(
        'conversation_id',
        run.workflows.flatMap((w) => w.texted.map((x) => x.conversation_id!)),
      )
      .select('status', 'provider');
    expect(outbox.length).toBe(run.started);
    expect(outbox.every((m) => m.status === 'sent' && m.provider === 'outbox')).toBe(true);
  });
});

describe('the demo shows insights', () => {
  it('the insights batch, run at seeding over the shoppers’ texts, gives Northwind at least five insights with example messages, in the spec’s tags', async () => {
    const northwind = first.brandIds[0]!;
    const insights = await many(
      `select b.id, b.tag, b.category, b.topic, count(mi.id)::int as messages
         from brand_insights b join conversation_message_insights mi on mi.brand_insight_id = b.id
        where b.brand_id = ? group by b.id order by messages desc`,
      [northwind],
    );
    expect(insights.length).toBeGreaterThanOrEqual(5);
    for (const i of insights) {
      expect(INSIGHT_TAGS).toContain(i.tag);
      expect(INSIGHT_CATEGORIES).toContain(i.category);
      expect(i.messages).toBeGreaterThanOrEqual(1);
    }
    // Their example messages are the shoppers' own texts.
    const examples = await many(
      `select m.body from conversation_message_insights mi join conversation_messages m on m.id = mi.conversation_message_id
        where mi.brand_id = ? and mi.brand_insight_id = ?`,
      [northwind, insights[0]!.id],
    );
    expect(examples.length).toBe(insights[0]!.messages);
    for (const e of examples) expect(e.body).toMatch(/\?|\w/);
    // Every shopper text of the demo has had its outcome: a batch run now finds nothing left.
    const again = await runInsightsBatch(ctx, { brandId: northwind, days: 31 }, { analyser: localAnalyser });
    expect(again.brands[0]).toMatchObject({ messages_read: 0, new_insights: 0 });
  });
});
