/**
 * npm run bench:ingest
 *
 * Starts `reclaim serve-webhooks` on a fresh server database and drives it from a second process
 * with autocannon: signed Shopify checkouts/update webhooks, each with its own event id,
 * 64 connections for 20 s. Then measures the ceiling: the same number of single-row inserts of
 * the same payload straight through pg with the same concurrency, driven the same way from a
 * second process. Prints accepted webhooks per second, p50/p99 latency, the ratio to the ceiling,
 * the CPU time each process spent per request, and checks that webhook_events holds exactly one
 * row per 200 answered.
 *
 * That is one round; it runs three (each on a fresh database and server) and reports each round
 * and their median, since two cores shared by the load generator, the server and PostgreSQL give
 * figures that vary from run to run.
 *
 * The load generator and the ceiling's driver run as child processes of this one (this file again,
 * with `load` or `ceiling` as its argument), so neither shares an event loop with the bench's own
 * bookkeeping, and both sides of the ratio are driven alike.
 *
 * Environment: BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_CONNECTIONS (64), BENCH_DURATION (20), BENCH_ROUNDS (3), BENCH_PROFILE_DIR (write a CPU profile of the server there).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDatabase, createDb, dropDatabase, migrateLatest, type Db } from '../src/db/index.ts';

const SERVER =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECRET = 'bench-shopify-app-secret';
const SHOP = 'bench-outfitters.myshopify.com';
const PORT = 3900 + Math.floor(Math.random() * 90);
const BIN = fileURLToPath(new URL('../bin/reclaim.js', import.meta.url));
const SELF = fileURLToPath(import.meta.url);

function checkoutPayload(): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: 31987654321,
    token: 'b1946ac92492d2347c6235b4d2611184',
    cart_token: 'Z2NwLXVzLWVhc3QxOjAxSEVYQU1QTEU',
    email: 'ava.garcia@example.com',
    phone: '+14155550142',
    created_at: now,
    updated_at: now,
    completed_at: null,
    currency: 'USD',
    presentment_currency: 'USD',
    total_price: '238.00',
    subtotal_price: '238.00',
    total_tax: '0.00',
    abandoned_checkout_url: `https://${SHOP}/checkouts/cn/Z2NwLXVzLWVhc3QxOjAxSEVYQU1QTEU/recover?key=abc`,
    buyer_accepts_marketing: true,
    buyer_accepts_sms_marketing: true,
    sms_marketing_phone: '+14155550142',
    line_items: [
      {
        key: 'a1',
        variant_id: 44001234567890,
        product_id: 8001234567890,
        title: 'Ridge Rain Jacket',
        quantity: 1,
        price: '149.00',
        sku: 'NW-JKT-01',
      },
      {
        key: 'a2',
        variant_id: 44001234567891,
        product_id: 8001234567891,
        title: 'Summit Fleece',
        quantity: 1,
        price: '89.00',
        sku: 'NW-FLC-02',
      },
    ],
    customer: {
      id: 7001234567890,
      email: 'ava.garcia@example.com',
      first_name: 'Ava',
      last_name: 'Garcia',
      phone: '+14155550142',
    },
    billing_address: {
      first_name: 'Ava',
      last_name: 'Garcia',
      phone: '+14155550142',
      province_code: 'CA',
      country_code: 'US',
    },
    shipping_address: {
      first_name: 'Ava',
      last_name: 'Garcia',
      phone: '+14155550142',
      province_code: 'CA',
      country_code: 'US',
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The two child processes: the webhook load generator and the ceiling's driver.

interface LoadInput {
  url: string;
  body: string;
}
interface LoadResult {
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
  p50: number;
  p99: number;
  answered: string[];
  cpuMicros: number;
}
interface CeilingInput {
  url: string;
  count: number;
  body: string;
}
interface CeilingResult {
  seconds: number;
  perSecond: number;
  cpuMicros: number;
}
/**
 * A child reports `started` right before its timed part and `finished` right after it, and waits
 * for the bench to take its CPU readings each time; then it sends its result.
 */
type Checkpoint = 'started' | 'finished';
type ChildMessage = { checkpoint: Checkpoint } | { result: LoadResult | CeilingResult };

function checkpoint(name: Checkpoint): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (message: { ack?: Checkpoint }): void => {
      if (message.ack !== name) return;
      process.off('message', onMessage);
      resolve();
    };
    process.on('message', onMessage);
    process.send?.({ checkpoint: name } satisfies ChildMessage);
  });
}

const cpuMicros = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since);
  return used.user + used.system;
};

async function loadChild({ url, body }: LoadInput): Promise<LoadResult> {
  const hmac = createHmac('sha256', SECRET).update(body).digest('base64');
  let counter = 0;
  const answered: string[] = [];
  await checkpoint('started');
  const cpu = process.cpuUsage();
  const run = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        method: 'POST',
        body,
        setupRequest: (request, context: object) => {
          const id = `bench-${++counter}`;
          (context as { id?: string }).id = id;
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              'x-shopify-topic': 'checkouts/update',
              'x-shopify-hmac-sha256': hmac,
              'x-shopify-shop-domain': SHOP,
              'x-shopify-api-version': '2026-07',
              'x-shopify-webhook-id': `wh-${id}`,
              'x-shopify-event-id': id,
              'x-shopify-triggered-at': new Date().toISOString(),
            },
          };
        },
        onResponse: (status, _body, context: object) => {
          if (status === 200) answered.push(String((context as { id?: string }).id));
        },
      },
    ],
  });
  const used = cpuMicros(cpu);
  await checkpoint('finished');
  return {
    ok: run['2xx'],
    non2xx: run.non2xx,
    errors: run.errors,
    timeouts: run.timeouts,
    duration: run.duration,
    p50: run.latency.p50,
    p99: run.latency.p99,
    answered,
    cpuMicros: used,
  };
}

async function ceilingChild({ url, count, body }: CeilingInput): Promise<CeilingResult> {
  const pool = new pg.Pool({ connectionString: url, max: CONNECTIONS });
  await pool.query(
    'create table if not exists bench_ceiling (id bigint generated by default as identity primary key, source text, event_id text, payload jsonb, received_at timestamptz default now(), unique (source, event_id))',
  );
  // Open every connection before the clock starts, as the server's pool is open before the load.
  const clients = await Promise.all(Array.from({ length: CONNECTIONS }, () => pool.connect()));
  for (const client of clients) client.release();
  let next = 0;
  await checkpoint('started');
  const cpu = process.cpuUsage();
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < count) {
        const id = next++;
        await pool.query('insert into bench_ceiling (source, event_id, payload) values ($1, $2, $3)', [
          'shopify',
          `ceiling-${id}`,
          body,
        ]);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const used = cpuMicros(cpu);
  await checkpoint('finished'); // while the pool's backends are still there to be read
  await pool.end();
  return { seconds, perSecond: count / seconds, cpuMicros: used };
}

/**
 * Runs this file again as a child with `role`; `onCheckpoint` takes readings when the child starts
 * and ends its timed part (the child waits for it), and the child's result is returned.
 */
function runChild<T>(
  role: 'load' | 'ceiling',
  input: LoadInput | CeilingInput,
  onCheckpoint: (name: Checkpoint) => Promise<void>,
): Promise<T> {
  const child: ChildProcess = spawn(process.execPath, [...process.execArgv, SELF, role], {
    env: { ...process.env, BENCH_CHILD_INPUT: JSON.stringify(input) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let result: T | undefined;
    child.on('message', (message: ChildMessage) => {
      if ('checkpoint' in message) {
        const name = message.checkpoint;
        onCheckpoint(name).then(
          () => child.send({ ack: name }),
          (error: unknown) => {
            child.kill();
            reject(error);
          },
        );
      } else {
        result = message.result as T;
      }
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      result === undefined
        ? reject(new Error(`bench ${role} process exited with ${code} and no result`))
        : resolve(result),
    );
  });
}

// ---------------------------------------------------------------------------------------------
// CPU accounting (Linux /proc; figures read "n/a" elsewhere).

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

const perRequest = (micros: number | undefined, count: number): string =>
  micros === undefined || count === 0 ? 'n/a' : `${(micros / count).toFixed(0)} µs`;

// ---------------------------------------------------------------------------------------------

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

interface Round {
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
async function runRound(round: number): Promise<Round> {
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

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const int = (value: number): string => Math.round(value).toLocaleString('en-US');
const pct = (value: number): string => `${(value * 100).toFixed(1)}%`;

async function main(): Promise<void> {
  console.log(
    `bench:ingest  ${new Date().toISOString()}  ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`,
  );
  console.log(`  command: npm run bench:ingest  (connections ${CONNECTIONS}, duration ${DURATION}s, rounds ${ROUNDS})`);
  const rounds: Round[] = [];
  for (let index = 1; index <= ROUNDS; index += 1) {
    const r = await runRound(index);
    rounds.push(r);
    console.log(
      [
        `  round ${index}: ${int(r.accepted)} webhooks/s (${int(r.ok)} answered 200), p50 ${r.p50} ms, p99 ${r.p99} ms; ceiling ${int(r.ceiling)} inserts/s; ratio ${pct(r.ratio)}`,
        `           webhook_events rows ${int(r.stored)}: every one of the ${int(r.answered)} ids answered 200 stored once: ${r.missing === 0 ? 'yes' : `NO, ${r.missing} missing`}; ${r.unanswered} more were in flight when the run stopped (stored, never answered)`,
        `           CPU per webhook: server ${perRequest(r.cpu.server, r.ok)}, load generator ${perRequest(r.cpu.load, r.ok)}, PostgreSQL ${perRequest(r.cpu.pg, r.ok)}; per ceiling insert: driver ${perRequest(r.cpu.driver, r.ok)}, PostgreSQL ${perRequest(r.cpu.ceilingPg, r.ok)}`,
      ].join('\n'),
    );
  }
  const missing = rounds.reduce((sum, r) => sum + r.missing, 0);
  const worstP99 = Math.max(...rounds.map((r) => r.p99));
  console.log(
    [
      `  median of ${ROUNDS} rounds:`,
      `    accepted per second:   ${int(median(rounds.map((r) => r.accepted)))}`,
      `    latency p50 / p99:     ${median(rounds.map((r) => r.p50))} ms / ${median(rounds.map((r) => r.p99))} ms (worst p99 ${worstP99} ms)`,
      `    ceiling (pg inserts):  ${int(median(rounds.map((r) => r.ceiling)))} per second (single-row inserts, ${CONNECTIONS} connections)`,
      `    ratio to ceiling:      ${pct(median(rounds.map((r) => r.ratio)))} (rounds ${rounds.map((r) => pct(r.ratio)).join(', ')})   target >= 60%, p99 < 50 ms`,
      `    nothing lost or doubled: ${missing === 0 ? 'yes' : `NO, ${missing} answered ids missing`} (webhook_events is unique per source, event id and topic)`,
    ].join('\n'),
  );
  if (missing > 0) process.exitCode = 1;
}

const role = process.argv[2];
if (role === 'load' || role === 'ceiling') {
  const input = JSON.parse(process.env.BENCH_CHILD_INPUT ?? '{}') as LoadInput & CeilingInput;
  const result = role === 'load' ? await loadChild(input) : await ceilingChild(input);
  process.send?.({ result } satisfies ChildMessage, () => process.disconnect());
} else {
  await main();
}
