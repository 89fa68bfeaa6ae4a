/**
 * npm run bench:dashboard
 *
 * The operator dashboard's refresh on the bench:analytics data set (bench/analytics-seed.ts: 1,000
 * brands, 2,000,000 conversations, 6,000,000 messages, 1,000,000 orders at scale 1; brand 1 is the
 * large brand). Times one full refresh of every pane (the same source `reclaim dashboard` polls)
 * for all brands and for `--brand 1`: one warm-up, then BENCH_RUNS (20) refreshes, with the p50 /
 * p95 of each pane's database time and of the whole refresh against the 100 ms target. Then runs
 * the real `reclaim dashboard --refresh 2` in a tmux terminal (100x30) on the same database and
 * reads its CPU time from /proc over BENCH_IDLE_SECONDS (30) after a 10 s warm-up: the idle CPU of
 * the process as a share of one core (target under 5%).
 *
 * Environment: BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_SCALE (1; 0.01 for a quick run), BENCH_LARGE_SHARE (0.05), BENCH_BRANDS (1000), BENCH_RUNS
 * (20), BENCH_IDLE_SECONDS (30), BENCH_KEEP (keep the database), BENCH_DATABASE (reuse this
 * already-seeded database, for example one kept by bench:analytics, instead of seeding one; its
 * missing migrations are applied first).
 */
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { createLogger, loadConfig } from '../src/app/index.ts';
import { createAppContext } from '../src/cli/index.ts';
import { createDatabase, createDb, dropDatabase, migrateLatest, withDatabase } from '../src/db/index.ts';
import { dashboardSource, PANES, type PaneTimings } from '../src/tui/index.ts';
import { seedAnalyticsBench } from './analytics-seed.ts';

const SERVER =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const LARGE_SHARE = Number(process.env.BENCH_LARGE_SHARE ?? 0.05);
const BRANDS = Number(process.env.BENCH_BRANDS ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
const REFRESH_TARGET_MS = 100;
const IDLE_CPU_TARGET = 0.05;
const BIN = fileURLToPath(new URL('../bin/reclaim.js', import.meta.url));
const ENCRYPTION_KEY = process.env.ENCRYPTION_KEY ?? randomBytes(32).toString('base64');

const log = (line: string): void => void process.stderr.write(`${line}\n`);
const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ms = (n: number): string => n.toFixed(1);

interface Row {
  scope: string;
  part: string;
  p50: number;
  p95: number;
}

/** Per-pane and whole-refresh p50 / p95 of RUNS refreshes (after one warm-up). */
async function timeRefreshes(url: string, scope: string, brandId?: number): Promise<Row[]> {
  const ctx = await createAppContext({
    config: loadConfig({ DATABASE_URL: url, ENCRYPTION_KEY, LOG_LEVEL: 'silent' }),
    logger: createLogger({ level: 'silent', pretty: false }),
    poolMax: 4,
  });
  try {
    const source = dashboardSource(ctx, { brandId });
    await source.load(new Date());
    const runs: Array<PaneTimings & { total: number }> = [];
    for (let k = 0; k < RUNS; k += 1) {
      const began = performance.now();
      const { timings } = await source.load(new Date());
      runs.push({ ...timings, total: performance.now() - began });
    }
    return [...PANES, 'total' as const].map((part) => {
      const sorted = runs.map((r) => r[part]).sort((a, b) => a - b);
      return { scope, part, p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
    });
  } finally {
    await ctx.release();
  }
}

/** CPU seconds (user + system) of a process and its descendants, from /proc. */
function cpuSeconds(root: number): number {
  const ticks = 100; // USER_HZ on Linux
  const stats = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((pid) => {
      try {
        const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
        return [{ pid: Number(pid), ppid: Number(fields[1]), cpu: Number(fields[11]) + Number(fields[12]) }];
      } catch {
        return [];
      }
    });
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const s of stats)
      if (!tree.has(s.pid) && tree.has(s.ppid)) {
        tree.add(s.pid);
        grew = true;
      }
  }
  return stats.filter((s) => tree.has(s.pid)).reduce((sum, s) => sum + s.cpu, 0) / ticks;
}

/** The idle CPU share of one core of `reclaim dashboard --refresh 2` in a tmux terminal. */
async function idleCpu(url: string): Promise<{ share: number; seconds: number }> {
  const socket = `reclaim-bench-${randomBytes(4).toString('hex')}`;
  const tmux = (...args: string[]) => execa('tmux', ['-L', socket, ...args]);
  const env = [
    `DATABASE_URL=${url}`,
    `ENCRYPTION_KEY=${ENCRYPTION_KEY}`,
    'LOG_LEVEL=silent',
    `PATH=${process.env.PATH}`,
  ];
  await tmux(
    'new-session',
    '-d',
    '-x',
    '100',
    '-y',
    '30',
    '-s',
    'bench',
    'env',
    '-i',
    ...env,
    'TERM=xterm-256color',
    process.execPath,
    BIN,
    'dashboard',
    '--refresh',
    '2',
  );
  try {
    const pid = Number((await tmux('list-panes', '-t', 'bench', '-F', '#{pane_pid}')).stdout.trim());
    await new Promise((r) => setTimeout(r, 10_000));
    const screen = (await tmux('capture-pane', '-p', '-t', 'bench')).stdout;
    if (!screen.includes('Reclaim dashboard')) throw new Error(`the dashboard did not start:\n${screen}`);
    const before = cpuSeconds(pid);
    const began = performance.now();
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    const seconds = (performance.now() - began) / 1000;
    return { share: (cpuSeconds(pid) - before) / seconds, seconds };
  } finally {
    await tmux('kill-server').catch(() => undefined);
  }
}

async function main(): Promise<void> {
  const reuse = process.env.BENCH_DATABASE;
  const name = reuse ?? `reclaim_bench_dashboard_${Date.now()}`;
  const url = reuse ? withDatabase(SERVER, reuse) : await createDatabase(SERVER, name);
  try {
    const db = createDb({ url, pool: { max: 4 } });
    try {
      // A reused database (one bench:analytics kept) gets the migrations it lacks, such as the
      // conversations index the live feed across brands reads.
      await migrateLatest(db);
      if (!reuse) {
        log(`Seeding ${name} at scale ${SCALE} (brand 1 holds ${LARGE_SHARE * 100}% of the rows):`);
        const counts = await seedAnalyticsBench(db, {
          scale: SCALE,
          largeShare: LARGE_SHARE,
          brands: BRANDS,
          now: new Date(),
        });
        log(`Seeded ${JSON.stringify(counts)}`);
        await db.raw('analyze');
      }
    } finally {
      await db.destroy();
    }
    const rows = [...(await timeRefreshes(url, 'all brands')), ...(await timeRefreshes(url, 'brand 1', 1))];
    const table = [
      `| scope | pane | p50 (ms) | p95 (ms) |`,
      `| --- | --- | ---: | ---: |`,
      ...rows.map(
        (r) => `| ${r.scope} | ${r.part === 'total' ? '**whole refresh**' : r.part} | ${ms(r.p50)} | ${ms(r.p95)} |`,
      ),
    ];
    const totals = rows.filter((r) => r.part === 'total');
    process.stdout.write(
      `\nScale ${SCALE}, ${RUNS} refreshes after one warm-up; target ${REFRESH_TARGET_MS} ms a refresh. Each figure is the wall time of the pane's queries as the dashboard process sees them (pool, network and row parsing included). Load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores.\n\n${table.join('\n')}\n`,
    );
    for (const t of totals)
      process.stdout.write(
        `${t.scope}: whole refresh p95 ${ms(t.p95)} ms, target met: ${t.p95 < REFRESH_TARGET_MS ? 'yes' : 'no'}\n`,
      );
    const idle = await idleCpu(url);
    process.stdout.write(
      `\nIdle CPU of reclaim dashboard --refresh 2 (all brands) over ${idle.seconds.toFixed(0)} s: ${(idle.share * 100).toFixed(2)}% of one core (target under ${IDLE_CPU_TARGET * 100}%: ${idle.share < IDLE_CPU_TARGET ? 'yes' : 'no'})\n`,
    );
  } finally {
    if (!reuse && !process.env.BENCH_KEEP) await dropDatabase(SERVER, name);
    else log(`Kept database ${name}.`);
  }
}

await main();
