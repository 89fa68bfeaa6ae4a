/**
 * npm run bench:candidates
 *
 * On a fresh server database (dropped afterwards): 1,000 brands, each with a connected Shopify
 * integration and an active Abandoned Cart workflow (cart type, delay 30, 10% discount), 200,000
 * contacts with +1 SMS channels, 1,000,000 carts of which 5% are pending inside the 3-hour window
 * and older than the delay; the rest are outside it (pending but too old or too young, or complete
 * / abandoned). Times one full run-candidates (the service call), twice (the started candidates
 * are reset between runs) and keeps the faster; then doubles the out-of-window carts and times it
 * again. Prints conversations started per second, total time, the change in %, and EXPLAIN
 * (ANALYZE, BUFFERS) of the main selection query.
 *
 * Environment: BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_BRANDS (1000), BENCH_CARTS_PER_BRAND (1000), BENCH_CONTACTS_PER_BRAND (200), BENCH_PROFILE (print the
 * slowest statements of each run), BENCH_KEEP (keep the database), BENCH_SEED_ONLY (seed, then stop).
 */
import os from 'node:os';
import { createLogger, loadConfig, type AppContext } from '../src/app/index.ts';
import { createAppContext } from '../src/cli/index.ts';
import { createDatabase, createDb, dropDatabase, migrateLatest, type Db } from '../src/db/index.ts';
import { prepareQueue } from '../src/jobs/index.ts';
import {
  candidateWindow,
  runCandidates,
  selectCandidatesSql,
  type RunCandidatesResult,
} from '../src/workflows/index.ts';

const SERVER =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BRANDS = Number(process.env.BENCH_BRANDS ?? 1000);
const CARTS_PER_BRAND = Number(process.env.BENCH_CARTS_PER_BRAND ?? 1000);
const CONTACTS_PER_BRAND = Number(process.env.BENCH_CONTACTS_PER_BRAND ?? 200);
/** 5% of each brand's carts are candidates. */
const IN_WINDOW_PER_BRAND = Math.round(CARTS_PER_BRAND * 0.05);
const MESSAGE =
  "Hi {first_name}, it's {brand_name}. You left something in your cart: {cart_link} Use {discount_code} for {discount_value} off. Reply STOP to opt out.";

const log = (line: string): void => void process.stderr.write(`${line}\n`);
const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const began = performance.now();
  const result = await fn();
  log(`  ${label}: ${seconds(performance.now() - began)}`);
  return result;
}

async function seed(db: Db, now: Date): Promise<void> {
  const [tenant] = await db('tenants').insert({ name: 'Bench' }).returning('id');
  await db('integrations')
    .insert({ name: 'Shopify', slug: 'shopify', category: 'ecommerce', is_published: true })
    .onConflict('slug')
    .ignore();
  const shopify = await db('integrations').where({ slug: 'shopify' }).first('id');
  await timed('brands, integrations, discount rules, workflows', async () => {
    await db.raw(
      `insert into brands (id, tenant_id, name, domain) overriding system value select g, ?, 'Bench Brand ' || g, 'brand' || g || '.example.com' from generate_series(1, ?) g`,
      [tenant.id, BRANDS],
    );
    await db.raw(
      `insert into brand_integrations (id, brand_id, integration_id, lookup_id, status, is_enabled) overriding system value
                  select g, g, ?, 'bench-' || g || '.myshopify.com', 'connected', true from generate_series(1, ?) g`,
      [shopify.id, BRANDS],
    );
    await db.raw(
      `insert into discount_rules (id, brand_id, type, value, duration, extra_data) overriding system value
                  select g, g, 'percentage', 10, 10, '{"type":"dynamic"}' from generate_series(1, ?) g`,
      [BRANDS],
    );
    await db.raw(
      `insert into workflows (id, brand_id, brand_integration_id, name, type, status, is_paused, delay_minutes, message, rules, action, discount_rule_id) overriding system value
       select g, g, g, 'Abandoned Cart', 'cart', 'active', false, 30, ?::jsonb, '{"condition":"AND","rules":[]}', '{"type":"discount","discount":{"type":"percentage","value":10}}', g
         from generate_series(1, ?) g`,
      [JSON.stringify([{ type: 'paragraph', children: [{ text: MESSAGE }] }]), BRANDS],
    );
    for (const table of ['brands', 'brand_integrations', 'discount_rules', 'workflows'])
      await db.raw(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
  });
  await timed(`${BRANDS * CONTACTS_PER_BRAND} contacts with +1 SMS channels`, async () => {
    // Contact c of brand b has id (b - 1) * CONTACTS_PER_BRAND + c.
    await db.raw(
      `insert into contacts (id, brand_id, given_name, family_name, extra_data) overriding system value
       select g, (g - 1) / ? + 1, (array['Ava','Ben','Cy','Dee','Eli','Fay'])[g % 6 + 1], 'Shopper', jsonb_build_object('group_name', chr(65 + g % 4))
         from generate_series(1, ?) g`,
      [CONTACTS_PER_BRAND, BRANDS * CONTACTS_PER_BRAND],
    );
    await db.raw(
      `insert into contact_channels (brand_id, contact_id, type, username, status, compliance_type)
       select (g - 1) / ? + 1, g, 'sms', '+1415' || (2000000 + g)::text, 'subscribed', 'p2p' from generate_series(1, ?) g`,
      [CONTACTS_PER_BRAND, BRANDS * CONTACTS_PER_BRAND],
    );
    await db.raw(`select setval(pg_get_serial_sequence('contacts', 'id'), (select max(id) from contacts))`);
  });
  await timed(`${BRANDS * CARTS_PER_BRAND} carts (${BRANDS * IN_WINDOW_PER_BRAND} in the window)`, () =>
    outOfWindow(db, 'seed', true, now),
  );
}

/**
 * Carts per brand: the first IN_WINDOW_PER_BRAND (when `withCandidates`) are pending, updated
 * 31-179 minutes ago, each with its own contact; the rest are outside the window: pending but
 * updated 3 hours to 30 days ago, pending but younger than the delay, or complete / abandoned.
 */
async function outOfWindow(db: Db, tag: string, withCandidates: boolean, ref: Date): Promise<void> {
  const perBrand = withCandidates ? CARTS_PER_BRAND : CARTS_PER_BRAND - IN_WINDOW_PER_BRAND;
  const first = withCandidates ? 0 : IN_WINDOW_PER_BRAND;
  await db.raw(
    `insert into carts (brand_id, brand_integration_id, external_id, contact_id, state, total, data, updated_at, created_at)
     select b, b, ? || '-' || g, (b - 1) * ? + 1 + (case when k < ? then k else ((g::bigint * 7919) % ?)::int end),
            case when k < ? then 'pending' when k % 10 < 6 then 'pending' when k % 10 < 8 then 'complete' else 'abandoned' end,
            (20 + g % 200)::numeric,
            jsonb_build_object('line_items', jsonb_build_array(jsonb_build_object('product_id', 8000 + g % 50, 'variant_id', 44000 + g % 50, 'quantity', 1 + g % 3))),
            t, t
       from (select g, (g - 1) % ? + 1 as b, (g - 1) / ? + ? as k, ?::timestamptz as ref from generate_series(1, ?) g) s,
            lateral (select case
              when k < ? then ref - make_interval(mins => 31 + (g % 120))
              when k % 10 < 5 then ref - make_interval(mins => 181 + (g % (30 * 1440)))
              when k % 10 < 6 then ref - make_interval(mins => g % 29)
              else ref - make_interval(mins => (g % (30 * 1440))) end as t) times`,
    [
      tag,
      CONTACTS_PER_BRAND,
      IN_WINDOW_PER_BRAND,
      CONTACTS_PER_BRAND,
      IN_WINDOW_PER_BRAND,
      BRANDS,
      BRANDS,
      first,
      ref,
      BRANDS * perBrand,
      IN_WINDOW_PER_BRAND,
    ],
  );
}

const SEEDED = ['brands', 'brand_integrations', 'discount_rules', 'workflows', 'contacts', 'contact_channels', 'carts'];
const OUTCOMES = [
  'workflow_goal_state_change_events',
  'flow_events',
  'short_links',
  'discount_codes',
  'conversation_messages',
  'conversations',
  'cart_recovery_choices',
];

/**
 * Statistics for the seeded tables only. The tables a run fills stay as a fresh install has them
 * (never analyzed): analyzing them while empty would make every foreign-key check against them
 * a cached sequential scan for the whole run, which no real database lives with.
 */
const analyze = (db: Db): Promise<unknown> => db.raw(`vacuum analyze ${SEEDED.join(', ')}`);

/** Puts the started candidates back: their carts pending again, everything the run wrote deleted. */
async function reset(db: Db): Promise<void> {
  await db.raw(
    `update carts c set state = 'pending' from flow_events fe where fe.event_type = 'cart' and fe.event_id = c.id`,
  );
  await db.raw(`truncate ${OUTCOMES.join(', ')} cascade`);
  await analyze(db);
}

/** BENCH_PROFILE=1: time per statement (first 60 characters of its SQL), printed after each run. */
function profile(db: Db): () => string {
  const started = new Map<string, number>();
  const totals = new Map<string, { ms: number; n: number }>();
  const key = (sql: string): string => sql.replace(/\s+/g, ' ').trim().slice(0, 60);
  db.on('query', (q: { __knexQueryUid: string }) => void started.set(q.__knexQueryUid, performance.now()));
  db.on('query-response', (_r: unknown, q: { __knexQueryUid: string; sql: string }) => {
    const at = started.get(q.__knexQueryUid);
    if (at === undefined) return;
    started.delete(q.__knexQueryUid);
    const t = totals.get(key(q.sql)) ?? { ms: 0, n: 0 };
    t.ms += performance.now() - at;
    t.n += 1;
    totals.set(key(q.sql), t);
  });
  return () => {
    const lines = [...totals.entries()]
      .sort((a, b) => b[1].ms - a[1].ms)
      .slice(0, 15)
      .map(([sql, t]) => `    ${t.ms.toFixed(0).padStart(7)} ms ${String(t.n).padStart(6)}x  ${sql}`);
    totals.clear();
    return lines.join('\n');
  };
}

async function timedRun(
  ctx: AppContext,
  label: string,
  now: Date,
): Promise<{ ms: number; result: RunCandidatesResult }> {
  const report = process.env.BENCH_PROFILE ? profile(ctx.db) : undefined;
  const began = performance.now();
  const result = await runCandidates(ctx, { now });
  const ms = performance.now() - began;
  log(
    `  ${label}: ${result.started} conversations in ${seconds(ms)} (${Math.round(result.started / (ms / 1000))} per second)`,
  );
  if (report) log(report());
  ctx.db.removeAllListeners('query');
  ctx.db.removeAllListeners('query-response');
  return { ms, result };
}

async function explainMain(db: Db, now: Date): Promise<string> {
  const workflow = await db('workflows')
    .where({ id: Math.ceil(BRANDS / 2) })
    .first();
  const { sql, bindings } = selectCandidatesSql({
    workflowIds: [Number(workflow.id)],
    brandIntegrationId: Number(workflow.brand_integration_id),
    kind: 'cart',
    window: candidateWindow('cart', workflow.delay_minutes, now),
    limit: 2000,
  });
  const plan = await db.raw<{ rows: { 'QUERY PLAN': string }[] }>(
    `explain (analyze, buffers) ${sql}`,
    bindings as never[],
  );
  return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
}

async function main(): Promise<void> {
  const name = `reclaim_bench_candidates_${Date.now()}`;
  const url = await createDatabase(SERVER, name);
  const db = createDb({ url, pool: { max: 2 } });
  let ctx: AppContext | undefined;
  try {
    log(`bench:candidates on ${name}`);
    // Every run uses the seeding time as now, so each sees the same window.
    const now = new Date();
    await migrateLatest(db);
    await seed(db, now);
    await timed('vacuum analyze', () => analyze(db));
    ctx = await createAppContext({
      config: loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'warn' }),
      logger: createLogger({ level: 'warn', pretty: false }),
      poolMax: 4,
    });
    await prepareQueue(ctx);
    const [{ n: cartsBefore }] = await db('carts').count({ n: '*' });

    if (process.env.BENCH_SEED_ONLY) {
      log(`seeded; now = ${now.toISOString()}`);
      return;
    }
    const base1 = await timedRun(ctx, 'run 1', now);
    await reset(db);
    const base2 = await timedRun(ctx, 'run 2', now);
    const base = Math.min(base1.ms, base2.ms);
    await reset(db);

    await timed('doubling the carts outside the window', () => outOfWindow(db, 'double', false, now));
    await timed('vacuum analyze', () => analyze(db));
    const [{ n: cartsAfter }] = await db('carts').count({ n: '*' });
    const explain = await explainMain(db, now);
    const doubled1 = await timedRun(ctx, 'run 3 (doubled)', now);
    await reset(db);
    const doubled2 = await timedRun(ctx, 'run 4 (doubled)', now);
    const doubled = Math.min(doubled1.ms, doubled2.ms);
    const started = base2.result.started;
    const change = ((doubled - base) / base) * 100;
    const perSecond = started / (base / 1000);

    console.log(
      [
        `bench:candidates  ${new Date().toISOString()}  ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`,
        `  seed: ${BRANDS} brands / workflows, ${BRANDS * CONTACTS_PER_BRAND} contacts, ${cartsBefore} carts (${BRANDS * IN_WINDOW_PER_BRAND} in the window)`,
        `  run-candidates:          ${started} conversations started in ${seconds(base)} (runs: ${seconds(base1.ms)}, ${seconds(base2.ms)})`,
        `  conversations / second:  ${Math.round(perSecond)}   (target >= 2,000: ${perSecond >= 2000 ? 'met' : 'NOT met'})`,
        `  doubled out-of-window:   ${cartsAfter} carts; ${doubled2.result.started} started in ${seconds(doubled)} (runs: ${seconds(doubled1.ms)}, ${seconds(doubled2.ms)})`,
        `  change:                  ${change >= 0 ? '+' : ''}${change.toFixed(1)}%   (target < 15%: ${Math.abs(change) < 15 ? 'met' : 'NOT met'})`,
        '',
        '  EXPLAIN (ANALYZE, BUFFERS) of the main selection query (one workflow, doubled data):',
        ...explain.split('\n').map((line) => `    ${line}`),
      ].join('\n'),
    );
  } finally {
    await ctx?.release();
    await db.destroy();
    if (process.env.BENCH_KEEP) log(`kept database ${name} (BENCH_KEEP)`);
    else await dropDatabase(SERVER, name);
  }
}

await main();
