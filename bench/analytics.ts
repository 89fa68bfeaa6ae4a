/**
 * npm run bench:analytics
 *
 * Seeds a fresh server database set-based (bench/analytics-seed.ts: 1,000 brands, 2,000,000
 * conversations, 6,000,000 messages, 1,000,000 orders, 500,000 clicks over 180 days at scale 1;
 * brand 1 is the large brand), then times every analytics query for brand 1 over the last 90
 * days (after a refresh of the hourly rollups, whose time is printed), the staff brand list over
 * all brands, and the inbox list with and without a search: one
 * warm-up run, then BENCH_RUNS (20) timed runs each. Prints a table of p50 / p95 per query against
 * its target (100 ms per brand, 500 ms for the brand list) and EXPLAIN (ANALYZE, BUFFERS) of the
 * slowest statement of the slowest query.
 *
 * Environment: BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_SCALE (1: the sizes above; 0.02 for a quick run), BENCH_LARGE_SHARE (0.05: brand 1's share
 * of the rows), BENCH_BRANDS (1000), BENCH_RUNS (20), BENCH_KEEP (keep the database),
 * BENCH_DATABASE (reuse this already-seeded database instead of seeding one), BENCH_ROLLUPS=off (no
 * refresh; every query reads the rows).
 */
import {
  brandInsights,
  brandList,
  brandStats,
  brandSubscriptionChargeList,
  cartInfoOf,
  checkoutInfoOf,
  clientFunnelStats,
  conversationMessageBody,
  conversationMessageCount,
  conversationStats,
  conversationThread,
  dailyStats,
  insightTagCategoryCounts,
  kbCardStats,
  liveFeed,
  refreshAnalyticsRollups,
  staffMembers,
  workflowStats,
  workflowStatsList,
} from '../src/analytics/index.ts';
import { listConversations } from '../src/conversations/index.ts';
import { createDatabase, createDb, dropDatabase, migrateLatest, withDatabase, type Db } from '../src/db/index.ts';
import { seedAnalyticsBench } from './analytics-seed.ts';

const SERVER =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const LARGE_SHARE = Number(process.env.BENCH_LARGE_SHARE ?? 0.05);
const BRANDS = Number(process.env.BENCH_BRANDS ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const BRAND = 1;
const PER_BRAND_TARGET_MS = 100;
const BRAND_LIST_TARGET_MS = 500;

const log = (line: string): void => void process.stderr.write(`${line}\n`);

/** YYYY-MM-DD of an instant in Los Angeles. */
const laDay = (at: Date): string => at.toLocaleDateString('en-CA', { timeZone: 'America/Los_Angeles' });

interface Timed {
  name: string;
  target: number;
  run: () => Promise<unknown>;
}

interface Result {
  name: string;
  target: number;
  p50: number;
  p95: number;
  max: number;
}

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function time(q: Timed): Promise<Result> {
  await q.run();
  const times: number[] = [];
  for (let k = 0; k < RUNS; k += 1) {
    const began = performance.now();
    await q.run();
    times.push(performance.now() - began);
  }
  times.sort((a, b) => a - b);
  return { name: q.name, target: q.target, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1)! };
}

async function queries(db: Db, now: Date): Promise<Timed[]> {
  const period = { from: laDay(new Date(now.getTime() - 89 * 86_400_000)), to: laDay(now), now };
  const five = { from: laDay(new Date(now.getTime() - 4 * 86_400_000)), to: laDay(now), now };
  const conversationIds = (
    await db('conversations').where({ brand_id: BRAND }).orderBy('created_at', 'desc').limit(100).pluck('id')
  ).map(Number);
  const messageIds = (
    await db('conversation_messages').whereIn('conversation_id', conversationIds).limit(100).pluck('id')
  ).map(Number);
  const workflowId = Number((await db('workflows').where({ brand_id: BRAND }).first('id')).id);
  const phone = (await db('contact_channels').where({ brand_id: BRAND }).first('username')).username as string;
  const b = { brandId: BRAND };
  const rollups = process.env.BENCH_ROLLUPS !== 'off';
  const per = (name: string, run: () => Promise<unknown>): Timed => ({ name, target: PER_BRAND_TARGET_MS, run });
  return [
    per('brand stats (90 days against the 90 before)', () => brandStats(db, { ...b, ...period, rollups })),
    per('daily stats, 90 days by week', () => dailyStats(db, { ...b, ...period, rollups })),
    per('daily stats, 5 days by hour', () => dailyStats(db, { ...b, ...five, rollups })),
    per('GetClientFunnelStats', () => clientFunnelStats(db, { ...b, ...period, rollups })),
    per('GetConversationStats (charts)', () => conversationStats(db, { ...b, ...period, charts: true, rollups })),
    per('GetWorkflowStatsList', () => workflowStatsList(db, { ...b, ...period, rollups })),
    per('GetWorkflowStats', () => workflowStats(db, { ...b, ...period, workflowId, rollups })),
    per('getConvoThread', () => conversationThread(db, { ...b, conversationId: conversationIds[0]! })),
    per('GetConversationMessageCount (100)', () => conversationMessageCount(db, { ...b, conversationIds })),
    per('GetConversationMessageBody (100)', () => conversationMessageBody(db, { ...b, messageIds })),
    per('GetCartInfo', () => cartInfoOf(db, { ...b, cartId: 500 })),
    per('GetCheckoutInfo', () => checkoutInfoOf(db, { ...b, checkoutId: 500 })),
    per('GetBrandInsights', () => brandInsights(db, { ...b, ...period })),
    per('GetBrandInsightsTagCategoryCounts (charts)', () =>
      insightTagCategoryCounts(db, { ...b, ...period, charts: true }),
    ),
    per('KB card stats', () => kbCardStats(db, { ...b, ...period })),
    per('live feed', () => liveFeed(db, b)),
    per('GetBrandSubscriptionChargeList', () => brandSubscriptionChargeList(db, b)),
    per('staff member list', () => staffMembers(db, { limit: 10 })),
    per('inbox list', () => listConversations(db, { brandId: BRAND, limit: 100 })),
    per('inbox search, digits', () => listConversations(db, { brandId: BRAND, q: phone.slice(-6), limit: 100 })),
    per('inbox search, two words', () => listConversations(db, { brandId: BRAND, q: 'Sam Shopper42', limit: 100 })),
    { name: 'GetBrandList (all brands)', target: BRAND_LIST_TARGET_MS, run: () => brandList(db, { limit: 100 }) },
  ];
}

/** EXPLAIN (ANALYZE, BUFFERS) of every statement one run issues; the plan of the slowest. */
async function explainSlowest(db: Db, run: () => Promise<unknown>): Promise<string> {
  const statements: Array<{ sql: string; bindings: unknown[] }> = [];
  const listener = (q: { sql: string; bindings?: unknown[] }) =>
    statements.push({ sql: q.sql, bindings: q.bindings ?? [] });
  db.on('query', listener);
  await run();
  db.off('query', listener);
  const conn = await db.client.acquireConnection();
  try {
    let slowest = { ms: -1, plan: '' };
    for (const s of statements) {
      const { rows } = await conn.query(`explain (analyze, buffers) ${s.sql}`, s.bindings);
      const plan = rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
      const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? 0);
      if (ms > slowest.ms) slowest = { ms, plan: `${s.sql}\n\n${plan}` };
    }
    return slowest.plan;
  } finally {
    await db.client.releaseConnection(conn);
  }
}

async function main(): Promise<void> {
  const reuse = process.env.BENCH_DATABASE;
  const name = reuse ?? `reclaim_bench_analytics_${Date.now()}`;
  const url = reuse ? withDatabase(SERVER, reuse) : await createDatabase(SERVER, name);
  const db = createDb({ url, pool: { max: 4 } });
  const now = new Date();
  let refreshLine = 'Rollups off (BENCH_ROLLUPS=off): every query reads the rows.';
  try {
    if (!reuse) {
      await migrateLatest(db);
      log(`Seeding ${name} at scale ${SCALE} (brand ${BRAND} holds ${LARGE_SHARE * 100}% of the rows):`);
      const began = performance.now();
      const counts = await seedAnalyticsBench(db, { scale: SCALE, largeShare: LARGE_SHARE, brands: BRANDS, now });
      log(`Seeded ${JSON.stringify(counts)} in ${((performance.now() - began) / 1000).toFixed(1)} s`);
    }
    if (process.env.BENCH_ROLLUPS !== 'off') {
      const began = performance.now();
      const refreshed = await refreshAnalyticsRollups(db);
      refreshLine = `Rollup refresh of every seeded hour: ${refreshed.hours} (brand, hour) keys in ${((performance.now() - began) / 1000).toFixed(1)} s`;
      log(refreshLine);
      // What autovacuum does in the background on a live server: the refreshed marks are dead rows.
      await db.raw(
        'vacuum analyze analytics_dirty, analytics_dirty_conversations, analytics_hourly, analytics_cohort_hourly',
      );
    }
    const sizes = await db.raw(
      `select (select count(*) from conversations where brand_id = ?) as conversations,
              (select count(*) from conversation_messages where brand_id = ?) as messages,
              (select count(*) from orders where brand_id = ?) as orders`,
      [BRAND, BRAND, BRAND],
    );
    log(`Brand ${BRAND}: ${JSON.stringify(sizes.rows[0])}; ${RUNS} runs per query after one warm-up.`);
    const timed = await queries(db, now);
    const results: Result[] = [];
    for (const q of timed) {
      const r = await time(q);
      results.push(r);
      log(`  ${q.name}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`);
    }
    const lines = [
      `| query | p50 (ms) | p95 (ms) | target p95 | met |`,
      `| --- | ---: | ---: | ---: | --- |`,
      ...results.map(
        (r) =>
          `| ${r.name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.target} | ${r.p95 < r.target ? 'yes' : '**no**'} |`,
      ),
    ];
    process.stdout.write(
      `\nScale ${SCALE}, brand ${BRAND}: ${JSON.stringify(sizes.rows[0])}\n${refreshLine}\n\n${lines.join('\n')}\n`,
    );
    const perBrand = results.filter((r) => r.target === PER_BRAND_TARGET_MS);
    const slowest = perBrand.reduce((a, r) => (r.p95 > a.p95 ? r : a));
    process.stdout.write(`\nSlowest per-brand query: ${slowest.name} (p95 ${slowest.p95.toFixed(1)} ms)\n\n`);
    process.stdout.write(`${await explainSlowest(db, timed.find((q) => q.name === slowest.name)!.run)}\n`);
  } finally {
    await db.destroy();
    if (!reuse && !process.env.BENCH_KEEP) await dropDatabase(SERVER, name);
    else log(`Kept database ${name}.`);
  }
}

await main();
