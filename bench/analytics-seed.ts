/**
 * Set-based seeding for bench/analytics.ts. At scale 1: 1,000 brands (3 workflows, a store and a
 * subscription each), 2,000,000 conversations (one contact and SMS channel each), 6,000,000
 * messages (3 per conversation), 2,000,000 short links, 500,000 clicks, 1,000,000 orders (40%
 * recovered, linked to their conversation), 3,000,000 flow events, goal events, insights, KB cards,
 * charges and 50 staff users, over the 180 days before `now`. Brand 1 is the large brand: it gets
 * `largeShare` of the rows (default 5%), the others share the rest evenly.
 *
 * Values are spread by a fixed hash of the row number (frac), so two runs seed the same data.
 */
import type { Db } from '../src/db/index.ts';

export interface SeedOptions {
  scale: number;
  largeShare: number;
  brands: number;
  now: Date;
}

export interface SeedCounts {
  conversations: number;
  messages: number;
  orders: number;
  clicks: number;
}

const log = (line: string): void => void process.stderr.write(`${line}\n`);

/** Runs statements separated by `;` at a line end, one at a time (PostgreSQL takes one statement per parameterised query). */
async function exec(db: Db, sql: string, bindings: Record<string, unknown> = {}): Promise<void> {
  for (const statement of sql
    .split(/;\s*\n/)
    .map((x) => x.trim())
    .filter(Boolean))
    await db.raw(statement, bindings as never);
}

async function step(label: string, fn: () => Promise<unknown>): Promise<void> {
  const began = performance.now();
  await fn();
  log(`  ${label}: ${((performance.now() - began) / 1000).toFixed(1)} s`);
}

/** A fraction in [0, 1) from a row number and a salt. */
const frac = (g: string, salt: number): string =>
  `(((${g})::bigint * 2654435761 + ${salt * 7919}) % 1000003)::float8 / 1000003`;

export async function seedAnalyticsBench(db: Db, o: SeedOptions): Promise<SeedCounts> {
  const conversations = Math.round(2_000_000 * o.scale);
  const orders = Math.round(1_000_000 * o.scale);
  const clicks = Math.round(500_000 * o.scale);
  const p = { now: o.now, brands: o.brands, share: o.largeShare, n: conversations };
  let planId = 0;

  await step(`${o.brands} brands with a store, 3 workflows, a plan and a subscription`, async () => {
    const [tenant] = await db('tenants').insert({ name: 'Bench' }).returning('id');
    await db('integrations')
      .insert({ name: 'Shopify', slug: 'shopify', category: 'ecommerce', is_published: true })
      .onConflict('slug')
      .ignore();
    const shopify = await db('integrations').where({ slug: 'shopify' }).first('id');
    await exec(
      db,
      `insert into brands (id, tenant_id, name, domain, industry) overriding system value
       select g, :tenant, 'Bench Brand ' || g, 'brand' || g || '.example.com', case when g % 100 = 0 then 'internal_testing' end
         from generate_series(1, :brands) g`,
      { tenant: tenant.id, brands: o.brands },
    );
    await exec(
      db,
      `insert into brand_integrations (id, brand_id, integration_id, lookup_id, status, is_enabled) overriding system value
       select g, g, :shopify, 'bench-' || g || '.myshopify.com', 'connected', true from generate_series(1, :brands) g`,
      { shopify: shopify.id, brands: o.brands },
    );
    await exec(
      db,
      `insert into workflows (id, brand_id, brand_integration_id, name, type, status, is_paused) overriding system value
       select (b - 1) * 3 + k, b, b, (array['Abandoned Cart', 'Checkout', 'Upsell'])[k], (array['cart', 'checkout', 'order'])[k], 'active', false
         from generate_series(1, :brands) b, generate_series(1, 3) k`,
      { brands: o.brands },
    );
    const [plan] = await db('plans')
      .insert({ name: 'Growth', price: 99, usage_charge_percentage: 5, status: 'published' })
      .returning('id');
    await exec(
      db,
      `insert into subscription_payment_source (id, brand_id, gateway) overriding system value select g, g, 'stripe' from generate_series(1, :brands) g;
       insert into subscriptions (id, brand_id, plan_id, payment_source_id, status, activated_at) overriding system value
       select g, g, :plan, g, 'active', :now::timestamptz - interval '180 days' from generate_series(1, :brands) g;
       insert into subscription_charges (subscription_id, brand_id, plan_id, amount, status, type, created_at)
       select b, b, :plan, 99, 'complete', 'recurring', :now::timestamptz - make_interval(days => 30 * m)
         from generate_series(1, :brands) b, generate_series(0, 5) m`,
      { brands: o.brands, plan: plan.id, now: o.now },
    );
    planId = Number(plan.id);
  });

  await step(`${conversations} contacts, SMS channels and conversations`, async () => {
    await db.raw(`drop table if exists bench_conv`);
    await exec(
      db,
      `create unlogged table bench_conv as
       select g, case when ${frac('g', 1)} < :share then 1 else 2 + (g % (:brands - 1)) end as brand_id,
              :now::timestamptz - make_interval(secs => ${frac('g', 2)} * 180 * 86400 + 7200) as at
         from generate_series(1, :n) g`,
      p,
    );
    await db.raw(`alter table bench_conv add primary key (g)`);
    await exec(
      db,
      `insert into contacts (id, brand_id, given_name, family_name, created_at) overriding system value
       select g, brand_id, (array['Sam','Ava','Ben','Cam','Dee','Eve','Fay','Gus','Hal','Ivy'])[1 + g % 10],
              'Shopper' || (g % 5000), at from bench_conv;
       insert into contact_channels (id, brand_id, contact_id, type, username, status, created_at) overriding system value
       select g, brand_id, g, 'sms', '+1' || (2000000000 + g)::text, case when g % 50 = 0 then 'unsubscribed' else 'subscribed' end, at
         from bench_conv;
       insert into conversations (id, brand_id, workflow_id, contact_id, contact_channel_id, is_hidden, created_at, updated_at) overriding system value
       select g, brand_id, (brand_id - 1) * 3 + 1 + g % 3, g, g, ${frac('g', 3)} >= 0.35, at, at from bench_conv`,
    );
  });

  await step(`${conversations * 3} messages and ${conversations} short links`, async () => {
    // m1: the workflow's template; m2: a reply (30%), STOP (5%) or a second template; m3: an agent reply or a long follow-up.
    await exec(
      db,
      `insert into conversation_messages (id, brand_id, conversation_id, body, direction, status, sent_at, scheduled_for, created_at, extra_data) overriding system value
       select 3 * g - 2, brand_id, g, 'Hi Sam, your cart is waiting: https://r.example.com/r/Ab' || g || ' Use LR-ABC' || (g % 1000) || ' for 10% off.',
              'outgoing', s.status, case when s.status in ('delivered', 'sent', 'undelivered') then at + interval '5 minutes' end, at + interval '5 minutes', at,
              case when s.status = 'queued' then '{"hold":{"reason":"quiet_hours"}}'::jsonb else '{"workflow_message":true}'::jsonb end
         from bench_conv cross join lateral (select case when ${frac('g', 4)} < 0.80 then 'delivered' when ${frac('g', 4)} < 0.90 then 'sent'
                                                         when ${frac('g', 4)} < 0.95 then 'undelivered' when ${frac('g', 4)} < 0.98 then 'queued' else 'agent_skipped' end as status) s;
       insert into conversation_messages (id, brand_id, conversation_id, body, direction, status, sent_at, created_at, is_marketing, extra_data) overriding system value
       select 3 * g - 1, brand_id, g,
              case when r < 0.30 then 'Do you ship to Canada?' when r < 0.35 then 'STOP' else 'Still thinking? https://r.example.com/r/Bb' || g end,
              case when r < 0.35 then 'incoming' else 'outgoing' end,
              case when r < 0.35 then 'received' else 'delivered' end,
              case when r < 0.35 then null else at + interval '1 day' end,
              at + case when r < 0.35 then interval '1 hour' else interval '1 day' end, r >= 0.35,
              case when r < 0.30 then '{"action":"reply"}'::jsonb when r < 0.35 then '{"action":"opt_out"}'::jsonb else '{}'::jsonb end
         from bench_conv cross join lateral (select ${frac('g', 3)} as r) x;
       insert into conversation_messages (id, brand_id, conversation_id, body, direction, status, sent_at, created_at, is_marketing) overriding system value
       select 3 * g, brand_id, g,
              case when ${frac('g', 3)} < 0.30 then 'Yes, we ship to Canada: 5 to 7 days. Anything else I can help with?'
                   else repeat('We saved your cart and the code still works. ', 6) || 'https://r.example.com/r/Cc' || g end,
              'outgoing', 'delivered', at + interval '70 minutes', at + interval '70 minutes', ${frac('g', 3)} >= 0.30
         from bench_conv;
       insert into short_links (id, brand_id, conversation_id, message_id, code, target_url, created_at) overriding system value
       select g, brand_id, g, 3 * g - 2, 'Ab' || g, 'https://shop.example.com/cart/' || g, at + interval '5 minutes' from bench_conv`,
    );
  });

  await step(`${clicks} clicks`, async () => {
    await exec(
      db,
      `insert into link_clicks (brand_id, short_link_id, clicked_at, user_agent)
       select brand_id, g, at + interval '30 minutes', 'Mozilla/5.0 (iPhone)' from bench_conv where ${frac('g', 5)} < :share
       order by g limit :clicks`,
      { share: Math.min(1, (clicks / conversations) * 1.02), clicks },
    );
  });

  await step(`${orders} orders (40% recovered, linked to their conversation)`, async () => {
    await exec(
      db,
      `insert into orders (id, brand_id, brand_integration_id, external_id, number, contact_id, workflow_id, state, total, billing_status, recovered_at, created_at, updated_at) overriding system value
       select g / 2, c.brand_id, c.brand_id, 'o' || g, '#' || g, g,
              case when rec then (c.brand_id - 1) * 3 + 1 + g % 3 end,
              case when ${frac('g', 6)} < 0.05 then 'pending' when ${frac('g', 6)} < 0.10 then 'cancelled' else 'complete' end,
              (20 + ${frac('g', 7)} * 200)::numeric(12, 2),
              case when rec then (case when g % 4 = 0 then 'complete' else 'billable' end) end,
              case when rec then least(c.at + interval '1 day', :now::timestamptz) end,
              least(c.at + interval '1 day', :now::timestamptz), least(c.at + interval '1 day', :now::timestamptz)
         from bench_conv c cross join lateral (select ${frac('g', 8)} < 0.4 as rec) x
        where g % 2 = 0 and g / 2 <= :orders;
       insert into order_conversations (brand_id, order_id, conversation_id, created_at)
       select brand_id, id, id * 2, created_at from orders where recovered_at is not null;
       insert into subscription_charges (subscription_id, brand_id, plan_id, order_id, amount, status, type, created_at, extra_data)
       select brand_id, brand_id, :plan, id, round(total * 0.05, 2), 'queued', 'usage', recovered_at, jsonb_build_object('order_total', total)
         from orders where recovered_at is not null and id % 10 = 0`,
      { now: o.now, orders, plan: planId },
    );
  });

  await step(
    `${Math.round(conversations * 1.5)} flow events, goal events, insights, KB cards, carts, staff`,
    async () => {
      await exec(
        db,
        `insert into flow_events (brand_id, workflow_id, event_id, event_type, contact_id, state, created_at)
       select brand_id, (brand_id - 1) * 3 + 1 + g % 3, g, 'cart', g, 'started', at from bench_conv;
       insert into flow_events (brand_id, workflow_id, event_id, event_type, state, created_at)
       select brand_id, (brand_id - 1) * 3 + 1 + g % 3, 100000000 + g, 'cart',
              (array['filtered_out','channel_missing','channel_blocked','recently_engaged','holdout','duplicate'])[1 + g % 6], at
         from bench_conv where g % 2 = 1;
       insert into workflow_goal_state_change_events (brand_id, workflow_id, order_id, conversation_id, state, state_display, created_at)
       select o.brand_id, o.workflow_id, o.id, o.id * 2, 'recovered', 'Recovered', o.recovered_at from orders o where o.recovered_at is not null;
       insert into workflow_goal_state_change_events (brand_id, workflow_id, conversation_id, state, state_display, created_at)
       select brand_id, (brand_id - 1) * 3 + 1 + g % 3, g, case when g % 2 = 0 then 'filtered_out' else 'messaged' end, 'x', at
         from bench_conv where g % 5 = 0;
       insert into brand_insights (id, brand_id, category, tag, topic, body, created_at) overriding system value
       select (b - 1) * 10 + k, b, (array['product','blocker','post_purchase'])[1 + k % 3], 'tag' || k, 'Topic ' || k, 'Body', :now::timestamptz - interval '170 days'
         from generate_series(1, :brands) b, generate_series(1, 10) k;
       insert into conversation_message_insights (brand_id, brand_insight_id, conversation_id, conversation_message_id, category, tag, sentiment, created_at)
       select brand_id, (brand_id - 1) * 10 + 1 + g % 10, g, 3 * g - 1, (array['product','blocker','post_purchase'])[1 + (1 + g % 10) % 3], 'tag' || (1 + g % 10), 'neutral', at
         from bench_conv where ${frac('g', 3)} < 0.30 and g % 4 = 0;
       insert into kb_cards (brand_id, title, content, status, source, created_at, updated_at)
       select b, 'Card ' || k, 'Text', (array['published','unpublished','draft'])[1 + k % 3], (array['manual','flow','escalation','import'])[1 + k % 4],
              :now::timestamptz - make_interval(days => k * 7), :now::timestamptz - make_interval(days => k * 7)
         from generate_series(1, :brands) b, generate_series(1, 20) k;
       insert into carts (id, brand_id, brand_integration_id, external_id, contact_id, state, total, data) overriding system value
       select g, 1, 1, 'cart' || g, null, 'abandoned', 59, '{"line_items":[{"title":"Socks"}]}' from generate_series(1, 1000) g;
       insert into checkouts (id, brand_id, brand_integration_id, external_id, cart_id, state, checkout_details) overriding system value
       select g, 1, 1, 'co' || g, g, 'abandoned', '{"line_items":[{"title":"Socks"}]}' from generate_series(1, 1000) g;
       insert into users (email, given_name, family_name, is_staff, created_at)
       select 'staff' || g || '@reclaim.example.com', 'Staff', 'Member ' || g, true, :now::timestamptz - make_interval(days => g)
         from generate_series(1, 50) g`,
        { now: o.now, brands: o.brands },
      );
    },
  );

  await step('sequences, drop the helper table, vacuum analyze', async () => {
    for (const table of [
      'brands',
      'brand_integrations',
      'workflows',
      'contacts',
      'contact_channels',
      'conversations',
      'conversation_messages',
      'short_links',
      'orders',
      'brand_insights',
      'carts',
      'checkouts',
      'subscriptions',
      'subscription_payment_source',
    ])
      await db.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
    await db.raw('drop table bench_conv');
    // What autovacuum has done on a live server to rows written long ago: statistics, and the
    // visibility map that lets a count or a join read an index alone.
    await db.raw('vacuum analyze');
  });
  return { conversations, messages: conversations * 3, orders, clicks };
}
