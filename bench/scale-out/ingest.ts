/**
 * One bench:scale-out ingest round: N `reclaim serve-webhooks` processes on a fresh database,
 * each driven by its own load child with its share of the connections for the same time; then
 * every event id answered 200 is looked up (stored once: webhook_events is unique per source,
 * event id and topic).
 */
import type { ChildProcess } from 'node:child_process';
import { checkoutPayload } from '../ingest/load.ts';
import { runLoad, SHOP, SHOPIFY_SECRET } from './load.ts';
import {
  backendsCpu,
  backendsCpuSince,
  freePort,
  processCpuMicros,
  roundDatabase,
  sleep,
  startReclaim,
  stopAll,
  waitReady,
} from './processes.ts';

export interface IngestRound {
  servers: number;
  perSecond: number;
  ok: number;
  p50: number;
  p99: number;
  answered: number;
  missing: number;
  /** Stored but never answered: in flight when the load stopped. */
  unanswered: number;
  seconds: number;
  /** Webhooks stored per group-commit statement, on average. */
  perStatement: number;
  cpu: { servers?: number; pg?: number; load: number };
}

export async function ingestRound(
  template: string,
  servers: number,
  { connections, duration }: { connections: number; duration: number },
): Promise<IngestRound> {
  const database = await roundDatabase(template, `ingest${servers}`);
  const { db } = database;
  const children: ChildProcess[] = [];
  try {
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

    const ports: number[] = [];
    for (let i = 0; i < servers; i += 1) ports.push(await freePort());
    for (const port of ports)
      children.push(
        startReclaim(['serve-webhooks', '--port', String(port), '--host', '127.0.0.1'], database.url, {
          SHOPIFY_API_SECRET: SHOPIFY_SECRET,
        }),
      );
    await Promise.all(ports.map((port) => waitReady(`http://127.0.0.1:${port}`)));

    const body = JSON.stringify(checkoutPayload());
    const serverCpu = () =>
      children.reduce<number | undefined>((sum, c) => {
        const cpu = processCpuMicros(c.pid);
        return sum === undefined || cpu === undefined ? undefined : sum + cpu;
      }, 0);
    const serversBefore = serverCpu();
    const pgBefore = await backendsCpu(db, database.name);
    const started = performance.now();
    const runs = await Promise.all(
      ports.map((port, i) =>
        runLoad({
          url: `http://127.0.0.1:${port}/webhooks/shopify`,
          body,
          prefix: `s${i + 1}`,
          connections: Math.round(connections / servers),
          duration,
        }),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    const serversAfter = serverCpu();
    const pg = await backendsCpuSince(db, database.name, pgBefore);

    await sleep(1000); // requests cut off at the end settle
    const answered = new Set(runs.flatMap((run) => run.answered));
    const stored = new Set<string>(await db('webhook_events').pluck('event_id'));
    const missing = [...answered].filter((id) => !stored.has(id)).length;
    // Each group-commit statement queued one batch job for its events (no worker runs here).
    const { rows: batches } = await db.raw<{ rows: { n: string }[] }>(
      `select count(*) as n from graphile_worker.jobs where task_identifier = 'webhook:process-batch'`,
    );
    const ok = runs.reduce((sum, run) => sum + run.ok, 0);
    return {
      servers,
      perSecond: ok / duration,
      ok,
      p50: Math.max(...runs.map((run) => run.p50)),
      p99: Math.max(...runs.map((run) => run.p99)),
      answered: answered.size,
      missing,
      unanswered: stored.size - (answered.size - missing),
      seconds,
      perStatement: stored.size / Math.max(1, Number(batches[0]!.n)),
      cpu: {
        servers: serversBefore === undefined || serversAfter === undefined ? undefined : serversAfter - serversBefore,
        pg,
        load: runs.reduce((sum, run) => sum + run.cpuMicros, 0),
      },
    };
  } finally {
    await stopAll(children);
    await database.drop();
  }
}
