/**
 * npm run bench:agent
 *
 * The shopper agent under load, offline (no model): shopper texts arrive through the inbound path
 * (receiveMessage, which stores the text and queues the 'agent:decide' job) at BENCH_RATE texts a
 * second for BENCH_SECONDS, and an in-process worker (graphile-worker, WORKER_CONCURRENCY) decides
 * each one: the message understanding, the full-text retrieval over the brand's 500 published KB
 * cards (the demo brand's own cards and 490 more), the decision recorded, the reply queued for the
 * send job (or the escalation recorded). The latency of a text is from its arrival to its reply
 * queued (its decision recorded when it gets no reply), from its scheduled arrival (the inbound path's
 * wait for a connection included). Prints p50, p95, p99, max and the decisions.
 *
 * As in production (`reclaim serve-webhooks` and `reclaim worker`), the worker runs in a process of
 * its own (this file, BENCH_ROLE=worker, forked), on the same machine and database; BENCH_WORKER=inline
 * runs it in the inbound path's process instead. Each process's CPU time a text is printed.
 *
 * Environment: BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_RATE (200), BENCH_SECONDS (10), WORKER_CONCURRENCY (8), BENCH_WORKER (process | inline).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { updateAgentSettings } from '../src/agent/index.ts';
import { createLogger, loadConfig } from '../src/app/index.ts';
import { createAppContext, TASKS } from '../src/cli/index.ts';
import { receiveMessage } from '../src/conversations/index.ts';
import { createDatabase, createDb, dropDatabase, migrateLatest, withDatabase } from '../src/db/index.ts';
import { DEMO_KB } from '../src/demo/index.ts';
import { prepareQueue, startWorker } from '../src/jobs/index.ts';

const SERVER =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.WORKER_CONCURRENCY ?? 8);
const CARDS = 500;
const INBOUND_CONCURRENCY = 8;
const BRAND_NUMBER = '+14155550199';

const TOPICS = [
  'care',
  'materials',
  'warranty',
  'colors',
  'fit',
  'restock',
  'repairs',
  'gift sets',
  'bundles',
  'recycling',
];
const PRODUCTS = [
  'Trail Boots',
  'Summit Jacket',
  'Ridge Fleece',
  'Camp Tee',
  'Alpine Beanie',
  'Trek Socks',
  'Canyon Pants',
];
const CITIES = ['Portland', 'Denver', 'Austin', 'Boston', 'Seattle', 'Chicago', 'Atlanta'];

/** 490 cards like a brand's real ones: a product and a topic, or a store's hours. */
function moreCards(n: number): Array<{ title: string; content: string }> {
  const out: Array<{ title: string; content: string }> = [];
  for (let i = 0; out.length < n; i += 1) {
    const product = PRODUCTS[i % PRODUCTS.length]!;
    const topic = TOPICS[Math.floor(i / PRODUCTS.length) % TOPICS.length]!;
    const city = CITIES[i % CITIES.length]!;
    out.push(
      i % 5 === 4
        ? {
            title: `${city} pop-up ${i}`,
            content: `Our ${city} pop-up opens Saturdays ${9 + (i % 3)}am-5pm; ${product} samples to try on.`,
          }
        : {
            title: `${product} ${topic} ${i}`,
            content: `${product} ${topic}: note ${i}. Questions about ${topic} for the ${product} go to our team.`,
          },
    );
  }
  return out;
}

const texts = (
  JSON.parse(readFileSync(new URL('../fixtures/agent/eval.json', import.meta.url), 'utf8')) as {
    texts: { text: string }[];
  }
).texts.map((t) => t.text);
const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

const INLINE = process.env.BENCH_WORKER === 'inline';

/** The worker's tasks: the send job is left out (the figure is to the reply queued for it). */
const BENCH_TASKS = { ...TASKS, 'messages:send-due': async () => {}, 'conversations:notify-engaged': async () => {} };

async function runWorker(url: string): Promise<{ stop(): Promise<void> }> {
  const ctx = await createAppContext({
    config: loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', WORKER_CONCURRENCY: String(CONCURRENCY) }),
    logger: createLogger({ level: 'silent', pretty: false }),
    poolMax: CONCURRENCY + 4,
  });
  const worker = await startWorker(ctx, BENCH_TASKS, { concurrency: CONCURRENCY, schedules: [], pollInterval: 200 });
  return {
    stop: async () => {
      await worker.stop();
      await ctx.release();
    },
  };
}

/** BENCH_ROLE=worker: the worker process, until its parent says stop; it answers with its CPU time. */
async function workerProcess(): Promise<void> {
  const cpu = process.cpuUsage();
  const worker = await runWorker(process.env.BENCH_WORKER_URL!);
  process.send!({ ready: true });
  process.on('message', (message: { stop?: boolean }) => {
    if (!message.stop) return;
    void worker.stop().then(() => {
      const used = process.cpuUsage(cpu);
      process.send!({ cpuMs: (used.user + used.system) / 1000 }, () => process.exit(0));
    });
  });
}

/** Forks the worker process and resolves once it runs. */
async function forkWorker(url: string): Promise<{ child: ChildProcess; stop(): Promise<number> }> {
  const child = fork(new URL(import.meta.url).pathname, [], {
    env: { ...process.env, BENCH_ROLE: 'worker', BENCH_WORKER_URL: url },
    execArgv: ['--import', 'tsx'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the worker process exited (${code})`)));
  });
  return {
    child,
    stop: () =>
      new Promise<number>((resolve) => {
        child.once('message', (m: { cpuMs: number }) => resolve(m.cpuMs));
        child.send({ stop: true });
      }),
  };
}

async function main(): Promise<void> {
  const name = `reclaim_bench_agent_${randomBytes(4).toString('hex')}`;
  const url = withDatabase(SERVER, name);
  await createDatabase(SERVER, name);
  try {
    const setup = createDb({ url, pool: { max: 2 } });
    await migrateLatest(setup);
    await setup.destroy();
    const ctx = await createAppContext({
      config: loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', WORKER_CONCURRENCY: String(CONCURRENCY) }),
      logger: createLogger({ level: 'silent', pretty: false }),
      poolMax: INBOUND_CONCURRENCY + 4,
    });
    await prepareQueue(ctx);
    const [tenant] = await ctx.db('tenants').insert({ name: 'Bench' }).returning('id');
    const [brand] = await ctx
      .db('brands')
      .insert({ tenant_id: tenant.id, name: 'Northwind Outfitters' })
      .returning('id');
    const brandId = Number(brand.id);
    await ctx
      .db('integrations')
      .insert({ name: 'Infobip', slug: 'infobip', category: 'sms', is_published: true })
      .onConflict('slug')
      .ignore();
    const infobip = await ctx.db('integrations').where({ slug: 'infobip' }).first('id');
    await ctx.db('brand_integrations').insert({
      brand_id: brandId,
      integration_id: infobip.id,
      lookup_id: `ib-bench-${brandId}`,
      status: 'connected',
      is_enabled: true,
      settings: { infobip_phone_number: BRAND_NUMBER },
    });
    const own = DEMO_KB.nw!.filter((c) => c[2] === 'published').map(([title, content]) => ({ title, content }));
    await ctx
      .db('kb_cards')
      .insert(
        [...own, ...moreCards(CARDS - own.length)].map((c) => ({ ...c, brand_id: brandId, status: 'published' })),
      );
    // Autovacuum analyzes a table within a minute of this many new rows; the run starts sooner, so
    // the statistics the planner would have by then are taken now (else it reads all 500 cards' text per question).
    await ctx.db.raw('analyze kb_cards, brand_integrations, integrations');
    await updateAgentSettings(ctx.db, {
      brandId,
      mode: 'auto',
      disclosure: 'Automated reply; text HUMAN for a person',
      holdingReply: 'Good question — someone from our team will text you back shortly',
    });
    const inlineWorker = INLINE ? await runWorker(url) : undefined;
    const forked = INLINE ? undefined : await forkWorker(url);
    const ownCpu = process.cpuUsage();

    const total = RATE * SECONDS;
    const started = Date.now();
    // The inbound path's own connections are bounded (the webhook handler's are): a text that waits
    // for one counts its wait, since its latency runs from its scheduled arrival.
    const inflight = new Set<Promise<unknown>>();
    for (let i = 0; i < total; i += 1) {
      const at = started + (i * 1000) / RATE;
      const wait = at - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      while (inflight.size >= INBOUND_CONCURRENCY) await Promise.race(inflight);
      const p = receiveMessage(ctx, {
        from: `+1415${String(5_000_000 + i).padStart(7, '0')}`,
        to: BRAND_NUMBER,
        body: texts[i % texts.length]!,
        provider: 'outbox',
        providerMessageId: `bench-agent-${i}`,
        receivedAt: new Date(at),
      }).finally(() => inflight.delete(p));
      inflight.add(p);
    }
    await Promise.all(inflight);
    const sent = (Date.now() - started) / 1000;
    for (let waited = 0; waited < 60_000; waited += 250) {
      const [{ n }] = await ctx.db('agent_decisions').count<{ n: string }[]>({ n: '*' });
      if (Number(n) >= total) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const inboundCpu = process.cpuUsage(ownCpu);
    const inboundCpuMs = (inboundCpu.user + inboundCpu.system) / 1000;
    const workerCpuMs = forked ? await forked.stop() : (await inlineWorker!.stop(), 0);
    const { rows } = await ctx.db.raw<{ rows: { ms: number; stored_ms: number; decision: string }[] }>(
      `select d.decision,
              extract(epoch from (coalesce(r.created_at, d.created_at) - m.sent_at)) * 1000 as ms,
              extract(epoch from (coalesce(r.created_at, d.created_at) - m.created_at)) * 1000 as stored_ms
         from agent_decisions d
         join conversation_messages m on m.id = d.message_id
         left join conversation_messages r on r.id = d.reply_message_id`,
    );
    const ms = rows.map((r) => Number(r.ms)).sort((a, b) => a - b);
    const storedMs = rows.map((r) => Number(r.stored_ms)).sort((a, b) => a - b);
    const byDecision = rows.reduce<Record<string, number>>(
      (acc, r) => ({ ...acc, [r.decision]: (acc[r.decision] ?? 0) + 1 }),
      {},
    );
    const [{ queued }] = (await ctx.db('agent_decisions').whereNotNull('reply_message_id').count({ queued: '*' })) as [
      { queued: string },
    ];
    const fmt = (n: number): string => `${Math.round(n)} ms`;
    process.stdout.write(
      [
        `bench:agent — ${total} shopper texts at ${RATE}/s (sent in ${sent.toFixed(1)} s: ${Math.round(total / sent)} stored a second), ${CARDS} published KB cards, worker concurrency ${CONCURRENCY}${INLINE ? ' in the same process' : ' in a process of its own'}, offline`,
        INLINE
          ? `CPU a text: ${(inboundCpuMs / total).toFixed(2)} ms (inbound path and worker, one process)`
          : `CPU a text: inbound path ${(inboundCpuMs / total).toFixed(2)} ms, worker process ${(workerCpuMs / total).toFixed(2)} ms (its start included)`,
        `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}; load ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}`,
        `decided: ${rows.length} of ${total} (${Object.entries(byDecision)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}); replies queued: ${queued}`,
        `arrival → decision recorded and reply queued: p50 ${fmt(quantile(ms, 0.5))}, p95 ${fmt(quantile(ms, 0.95))}, p99 ${fmt(quantile(ms, 0.99))}, max ${fmt(ms.at(-1) ?? 0)}`,
        `text stored → decision recorded and reply queued (the agent's part): p50 ${fmt(quantile(storedMs, 0.5))}, p95 ${fmt(quantile(storedMs, 0.95))}, max ${fmt(storedMs.at(-1) ?? 0)}`,
        `target p95 < 1000 ms: ${quantile(ms, 0.95) < 1000 && rows.length === total ? 'ok' : 'MISSED'}`,
        '',
      ].join('\n'),
    );
    await ctx.release();
  } finally {
    await dropDatabase(SERVER, name);
  }
}

if (process.env.BENCH_ROLE === 'worker') await workerProcess();
else await main();
