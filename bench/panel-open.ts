/**
 * npm run bench:panel-open
 *
 * How fast the panel's editors open after sign-in, on the demo (PANEL.md: under 300 ms, median of
 * 5). Seeds the demo into a fresh database, serves the API and the built panel (built first when
 * web-panel/dist is stale) on a free local port, signs in as the demo brand's admin in Debian's
 * Chromium, then times, BENCH_ROUNDS times each (default 5; one warm-up first), from the start
 * of the navigation to the editor being ready, i.e. its composer's counter drawn with the brand's
 * context (its text reads "… · GSM-7" or "… · Unicode (UCS-2)"):
 *   - the workflow editor (`/b/:brandId/workflows/:workflowId/edit`, the demo's first workflow);
 *   - the campaign composer (`/b/:brandId/campaigns/new`).
 * Each is timed twice: a full page load of the URL (index.html, the entry, the editor's lazy
 * chunk, the session refresh and the API reads) and an in-app navigation (a link clicked in the
 * signed-in panel, the workflow's Edit or the campaigns' New campaign: the lazy chunk and the API
 * reads). The HTTP cache is on, as in a browser.
 *
 * Environment: BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_ROUNDS (5), CHROMIUM_PATH (/usr/bin/chromium), BENCH_KEEP=1 keeps the database.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import { chromium, type Page } from 'playwright-core';
import { createLogger, loadConfig } from '../src/app/index.ts';
import { createAppContext, ensurePanelBuilt, ROUTES } from '../src/cli/index.ts';
import { createDatabase, createDb, migrateLatest, withDatabase } from '../src/db/index.ts';
import { loadDemoFixtures, seedDemo } from '../src/demo/index.ts';
import { buildHttpServer } from '../src/http/index.ts';
import { createSegment } from '../src/workflows/index.ts';
import { dropUnlessKept, machineLine } from './machine.ts';

const SERVER =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** STACK.md's launch options for Debian's Chromium (as test/browser/harness.ts). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const TARGET_MS = 300;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Resolves when the page's composer counter shows the count with its encoding. */
const editorReady = (page: Page) =>
  waitForComposer(page).catch(async (error: unknown) => {
    const text =
      (await page
        .locator('main')
        .textContent()
        .catch(() => '')) ?? '';
    throw new Error(`the editor at ${page.url()} was not ready: ${text.slice(0, 300)} (${String(error)})`);
  });

const waitForComposer = (page: Page) =>
  page.waitForFunction(
    () => /· (GSM-7|Unicode)/.test(document.querySelector('[data-testid="composer-count"]')?.textContent ?? ''),
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );

async function main(): Promise<void> {
  await ensurePanelBuilt((line) => process.stdout.write(`${line}\n`));
  const name = `reclaim_bench_panel_${randomBytes(4).toString('hex')}`;
  const url = withDatabase(SERVER, name);
  await createDatabase(SERVER, name);
  const migrator = createDb({ url, pool: { max: 1 } });
  await migrateLatest(migrator);
  await migrator.destroy();
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const ctx = await createAppContext({
    config: loadConfig({
      DATABASE_URL: url,
      LOG_LEVEL: 'silent',
      PUBLIC_URL: base,
      SMS_PROVIDER: 'outbox',
      // The bench's own secrets, made for this run (sessions are signed, credentials sealed).
      JWT_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    }),
    logger: createLogger({ level: 'silent', pretty: false }),
    poolMax: 4,
  });
  const server = await buildHttpServer(ctx, { routes: ROUTES });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    await seedDemo(ctx, { demoPasswords: true });
    await server.listen({ host: '127.0.0.1', port });
    const fixtures = await loadDemoFixtures();
    const user = fixtures.brands.find((b) => b.user)!.user!;
    const context = await browser.newContext({
      baseURL: base,
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
    });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page
      .waitForURL((u) => u.pathname !== '/login')
      .catch(async (error: unknown) => {
        const said = await page.getByRole('alert').allTextContents();
        throw new Error(`sign-in failed: ${said.join(' ') || String(error)}`);
      });
    const brandId = Number(new URL(page.url()).pathname.split('/')[2]);
    const workflow = await ctx
      .db('workflows')
      .where({ brand_id: brandId })
      .whereIn('type', ['cart', 'checkout', 'order', 'events'])
      .orderBy('id')
      .first<{ id: number }>('id');
    // The campaign composer needs a segment to text (the demo has none).
    await createSegment(ctx, {
      brandId,
      name: 'Buyers',
      filter: { condition: 'AND', rules: [{ field: 'order_count', op: 'gte', value: 1 }] },
    });
    const targets = [
      {
        name: 'workflow editor',
        path: `/b/${brandId}/workflows/${workflow!.id}/edit`,
        from: `/b/${brandId}/workflows/${workflow!.id}`,
      },
      { name: 'campaign composer', path: `/b/${brandId}/campaigns/new`, from: `/b/${brandId}/campaigns` },
    ];
    const rows: string[] = [];
    for (const target of targets) {
      const load: number[] = [];
      const inApp: number[] = [];
      for (let round = 0; round <= ROUNDS; round += 1) {
        // A full page load of the editor's URL.
        let t0 = performance.now();
        await page.goto(target.path);
        await editorReady(page);
        const full = performance.now() - t0;
        // An in-app navigation: on the page that links to the editor, its link clicked.
        await page.goto(target.from);
        const link = page.locator(`a[href="${target.path}"]`).first();
        await link.waitFor();
        await page.waitForLoadState('networkidle');
        t0 = performance.now();
        await link.click();
        await editorReady(page);
        const nav = performance.now() - t0;
        if (round === 0) continue; // warm-up
        load.push(full);
        inApp.push(nav);
      }
      const line = (kind: string, xs: number[]) =>
        `${target.name}, ${kind}: median ${median(xs).toFixed(0)} ms of ${xs.map((x) => x.toFixed(0)).join(', ')} (target < ${TARGET_MS} ms: ${median(xs) < TARGET_MS ? 'met' : 'NO'})`;
      rows.push(line('full page load', load), line('in-app navigation', inApp));
    }
    const load = os.loadavg().map((n) => n.toFixed(2));
    process.stdout.write(
      [
        `bench:panel-open — the editors after sign-in on the demo, ${ROUNDS} rounds after a warm-up`,
        machineLine(SERVER, `load average ${load.join(' ')}`),
        ...rows,
        '',
      ].join('\n'),
    );
  } finally {
    await browser.close();
    await server.close();
    await ctx.release();
    await dropUnlessKept(SERVER, name);
  }
}

await main();
