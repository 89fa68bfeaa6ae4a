/**
 * One bench:ingest round on a fresh database: `reclaim serve-webhooks` started on it, the load
 * run against it, then the ceiling, with the CPU time of the server and of PostgreSQL's backends
 * read at each child's checkpoints (Linux /proc; figures read "n/a" elsewhere).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createDatabase, createDb, dropDatabase, migrateLatest, type Db } from '../../src/db/index.ts';
import type { CeilingResult } from './ceiling.ts';
import { runChild } from './child.ts';
import { checkoutPayload, type LoadResult } from './load.ts';
import { SECRET, SERVER, SHOP } from './settings.ts';

const PORT = 3900 + Math.floor(Math.random() * 90);
const BIN = fileURLToPath(new URL('../../bin/reclaim.js', import.meta.url));

/** CPU time (user + system) of a process in microseconds, or undefined when it cannot be read. */
function processCpuMicros(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100; // clock ticks at USER_HZ 100
  } catch {
    return undefined;
  }
}

/** CPU time so far of every PostgreSQL backend connected to the bench database, by pid. */
async function backendsCpu(db: Db, database: string): Promise<Map<number, number | undefined>> {
  const { rows } = await db.raw<{ rows: { pid: number }[] }>('select pid from pg_stat_activity where datname = ?', [
    database,
  ]);
  return new Map(rows.map((row) => [row.pid, processCpuMicros(row.pid)]));
}

/** CPU the backends spent since `before` (a backend that connected since counts from zero). */
async function backendsCpuSince(
  db: Db,
  database: string,
  before: Map<number, number | undefined>,
): Promise<number | undefined> {
  let total = 0;
  for (const [pid, now] of await backendsCpu(db, database)) {
    if (now === undefined) return undefined;
    total += now - (before.get(pid) ?? 0);
  }
  return total;
}

async function waitReady(url: string): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become ready at ${url}`);
}

export interface Round {
  accepted: number;
  ok: number;
  p50: number;
  p99: number;
  ceiling: number;
  ratio: number;
  answered: number;
  missing: number;
  unanswered: number;
  stored: number;
  cpu: { server?: number; load: number; pg?: number; driver: number; ceilingPg?: number };
}

/**
 * One round on a fresh database: the webhook run against a freshly started server, then the
 * ceiling with as many inserts as webhooks were answered.
 */
export async function runRound(round: number): Promise<Round> {
  const name = `reclaim_bench_ingest_${Date.now()}_${round}`;
  const url = await createDatabase(SERVER, name);
  const db = createDb({ url, pool: { max: 2 } });
  let server: ReturnType<typeof spawn> | undefined;
  try {
    await migrateLatest(db);
    const [tenant] = await db('tenants').insert({ name: 'Bench' }).returning('id');
    const [brand] = await db('brands').insert({ tenant_id: tenant.id, name: 'Bench Outfitters' }).returning('id');
    await db('integrations')
      .insert({ name: 'Shopify', slug: 'shopify', category: 'ecommerce', is_published: true })
      .onConflict('slug')
      .ignore();
    const shopify = await db('integrations').where({ slug: 'shopify' }).first('id');
    await db('brand_integrations').insert({
      brand_id: brand.id,
      integration_id: shopify.id,
      lookup_id: SHOP,
      status: 'connected',
      is_enabled: true,
    });

    const profile = process.env.BENCH_PROFILE_DIR
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
      : [];
    server = spawn(
      process.execPath,
      [...profile, BIN, 'serve-webhooks', '--port', String(PORT), '--host', '127.0.0.1'],
      {
        env: {
          ...process.env,
          DATABASE_URL: url,
          SHOPIFY_API_SECRET: SECRET,
          ENCRYPTION_KEY: randomBytes(32).toString('base64'),
          JWT_SECRET: randomBytes(48).toString('base64url'),
          LOG_LEVEL: 'warn',
          NODE_ENV: 'production',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    await waitReady(`http://127.0.0.1:${PORT}/readyz`);

    const body = JSON.stringify(checkoutPayload());
    let serverCpu: number | undefined;
    let pgBefore = new Map<number, number | undefined>();
    let pgCpu: number | undefined;
    const run = await runChild<LoadResult>(
      'load',
      { url: `http://127.0.0.1:${PORT}/webhooks/shopify`, body },
      async (point) => {
        const serverNow = processCpuMicros(server?.pid);
        if (point === 'started') {
          serverCpu = serverNow;
          pgBefore = await backendsCpu(db, name);
        } else {
          serverCpu = serverCpu === undefined || serverNow === undefined ? undefined : serverNow - serverCpu;
          pgCpu = await backendsCpuSince(db, name, pgBefore);
        }
      },
    );

    await new Promise((resolve) => setTimeout(resolve, 1000)); // requests cut off at the end settle
    const answered = new Set(run.answered);
    const storedIds = new Set(await db('webhook_events').pluck('event_id'));
    const missing = [...answered].filter((id) => !storedIds.has(id)).length;
    const accepted = run.ok / run.duration;

    let ceilingPgBefore = new Map<number, number | undefined>();
    let ceilingPgCpu: number | undefined;
    const top = await runChild<CeilingResult>('ceiling', { url, count: run.ok, body }, async (point) => {
      if (point === 'started') ceilingPgBefore = await backendsCpu(db, name);
      else ceilingPgCpu = await backendsCpuSince(db, name, ceilingPgBefore);
    });
    return {
      accepted,
      ok: run.ok,
      p50: run.p50,
      p99: run.p99,
      ceiling: top.perSecond,
      ratio: accepted / top.perSecond,
      answered: answered.size,
      missing,
      unanswered: storedIds.size - (answered.size - missing),
      stored: storedIds.size,
      cpu: { server: serverCpu, load: run.cpuMicros, pg: pgCpu, driver: top.cpuMicros, ceilingPg: ceilingPgCpu },
    };
  } finally {
    server?.kill('SIGTERM');
    await new Promise((resolve) => server?.once('exit', resolve));
    await db.destroy();
    await dropDatabase(SERVER, name);
  }
}
