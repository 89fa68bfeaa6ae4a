/**
 * npm run bench:ads
 *
 * `ads generate` with the local renderer on a fresh server database: a local static brand site
 * on 127.0.0.1 (the test fixture: home, product and about pages, a logo and product images), then
 * one warm-up run and BENCH_RUNS (5) timed runs of 3 concepts at 1024x1024. Prints the time of
 * each phase (scrape, concepts, images, store) per run, p50 and max, and checks the target: under
 * 5 s after the scrape (concepts + images + store).
 *
 * Environment: BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_RUNS (5), BENCH_CONCEPTS (3), BENCH_DIMENSIONS (1024x1024).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { generateAd } from '../src/ads/index.ts';
import { createLogger, loadConfig } from '../src/app/index.ts';
import { createAppContext } from '../src/cli/index.ts';
import { createDatabase, createDb, dropDatabase, migrateLatest, withDatabase } from '../src/db/index.ts';
import { startShopSite } from '../test/fakes/shop-site.ts';

const SERVER =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CONCEPTS = Number(process.env.BENCH_CONCEPTS ?? 3);
const DIMENSIONS = process.env.BENCH_DIMENSIONS ?? '1024x1024';
const TARGET_MS = 5_000;
const PHASES = ['scrape_ms', 'concepts_ms', 'images_ms', 'store_ms', 'total_ms'] as const;

const log = (line: string): void => void process.stderr.write(`${line}\n`);
const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

async function main(): Promise<void> {
  const name = `reclaim_bench_ads_${randomBytes(4).toString('hex')}`;
  const url = withDatabase(SERVER, name);
  await createDatabase(SERVER, name);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'reclaim-bench-ads-'));
  const site = await startShopSite();
  try {
    const db = createDb({ url, pool: { max: 1 } });
    await migrateLatest(db);
    const [tenant] = await db('tenants').insert({ name: 'Bench' }).returning('id');
    const [brand] = await db('brands')
      .insert({ tenant_id: tenant.id, name: 'Fernhill', company_website: site.url })
      .returning('id');
    await db.destroy();
    const ctx = await createAppContext({
      // The site is served on 127.0.0.1.
      config: loadConfig({
        DATABASE_URL: url,
        LOG_LEVEL: 'silent',
        RECLAIM_DATA_DIR: dataDir,
        ALLOW_PRIVATE_NETWORK_FETCH: 'true',
      }),
      logger: createLogger({ level: 'silent', pretty: false }),
      poolMax: 2,
    });
    try {
      const run = () => generateAd(ctx, { brandId: Number(brand.id), concepts: CONCEPTS, dimensions: DIMENSIONS });
      await run(); // warm-up: fonts, module loading, the first connection
      const rows: Record<(typeof PHASES)[number] | 'after_scrape_ms', number>[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const { timings } = await run();
        rows.push({ ...timings, after_scrape_ms: timings.concepts_ms + timings.images_ms + timings.store_ms });
      }
      const columns = [...PHASES, 'after_scrape_ms'] as const;
      log(`ads generate: ${CONCEPTS} concepts at ${DIMENSIONS}, local renderer, ${RUNS} runs after a warm-up`);
      log(
        `machine: ${cpus().length} cores, load average ${loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
      );
      log(`| run | ${columns.join(' | ')} |`);
      log(`| --- | ${columns.map(() => '---:').join(' | ')} |`);
      rows.forEach((r, i) => log(`| ${i + 1} | ${columns.map((c) => r[c]).join(' | ')} |`));
      log(`| p50 | ${columns.map((c) => p50(rows.map((r) => r[c]))).join(' | ')} |`);
      log(`| max | ${columns.map((c) => Math.max(...rows.map((r) => r[c]))).join(' | ')} |`);
      const worst = Math.max(...rows.map((r) => r.after_scrape_ms));
      log(
        `after the scrape: max ${worst} ms against a target of ${TARGET_MS} ms: ${worst < TARGET_MS ? 'PASS' : 'FAIL'}`,
      );
      if (worst >= TARGET_MS) process.exitCode = 1;
    } finally {
      await ctx.release();
    }
  } finally {
    await site.close();
    await rm(dataDir, { recursive: true, force: true });
    await dropDatabase(SERVER, name);
  }
}

await main();
